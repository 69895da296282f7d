// Scanner fixture: `#if` clauses inside attribute lists (checked by Tools/oracle.sh).
import SwiftUI

struct Toolbar {
    #if os(iOS)
        @available(iOS 16, *)
    #elseif os(macOS)
        @available(macOS 13, *)
    #else
        @available(*, unavailable)
    #endif
    @MainActor
    func show() async {}

    @discardableResult
    #if DEBUG
        @inline(never)
    #endif
    public static func hide() -> Bool { true }

    #if DEBUG
        @Published var debugFlag = false
    #endif
    var title = "bar"
}
