/// SwiftUI's event handlers and a button's action, which SwiftUI calls on the main thread.
import MVILintCore

/// `Text("Edit").onTapGesture { … }`, `DetailView(item).onDisappear { … }`, `Button("Done") { … }`,
/// `Button(action: { … })`: an event handler of a view that the chain constructs (one of
/// `SwiftUIViews`, or a view-like type of the project), also in a view that a presenter or
/// coordinator builds. Only the handlers of `SwiftUIEvents` that run on the main thread count.
enum SwiftUIHandlers: PlacementResolver {
    static func placement(of q: ClosureQuery) -> Placement? {
        guard let first = q.closure.callee.first else { return nil }
        let names = q.names, last = q.last
        if names.count == 1, last == "Button" { return q.closure.label == nil || q.closure.label == "action" ? .main : nil }
        guard names.count >= 2, SwiftUIEvents.mainThreadNames.contains(last), first.name.first?.isUppercase == true else { return nil }
        return SwiftUIViews.names.contains(first.name) || q.project.isViewLike(first.name) ? .main : nil
    }
}
