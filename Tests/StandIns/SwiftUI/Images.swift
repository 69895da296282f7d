// Stand-in for SwiftUI: images, from assets, SF Symbols, UIKit images and the network. See
// Tests/StandIns/README.md.

public struct Image: View, Equatable {
    let name: String
    public init(_ name: String) { self.name = name }
    public init(systemName: String) { name = systemName }
    public init(uiImage: UIImage) { name = "" }
    public var body: Never { primitiveBody() }

    /// Lets the image be scaled to its frame.
    public func resizable() -> Image { self }
}

/// An image loaded from a URL, with a placeholder until it arrives.
public struct AsyncImage<Content: View>: View {
    public init(url: URL?, scale: CGFloat = 1) where Content == Image {}
    public init<I: View, P: View>(url: URL?, scale: CGFloat = 1, @ViewBuilder content: @escaping (Image) -> I,
                                  @ViewBuilder placeholder: @escaping () -> P) where Content == _ConditionalContent<I, P> {}
    public var body: Never { primitiveBody() }
}
