// Stand-in for UIKit: the few declarations SwiftUI code on iOS reaches for, with the public
// shapes of the real ones and trivial bodies. See Tests/StandIns/README.md.

// UIKit re-exports Foundation, as Apple's does (CGFloat, Data, URL in a file that imports UIKit).
@_exported import Foundation

/// An image decoded from data, a named asset or a system symbol.
open class UIImage: NSObject, @unchecked Sendable {
    public let size: CGSize

    private init(size: CGSize) { self.size = size }

    public convenience init?(data: Data) { self.init(size: .zero) }
    public convenience init?(data: Data, scale: CGFloat) { self.init(size: .zero) }
    public convenience init?(named name: String) { self.init(size: .zero) }
    public convenience init?(systemName name: String) { self.init(size: .zero) }
    public convenience init?(contentsOfFile path: String) { self.init(size: .zero) }

    public func pngData() -> Data? { nil }
    public func jpegData(compressionQuality: CGFloat) -> Data? { nil }
}
