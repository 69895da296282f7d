// Stand-in for SwiftUI: the View protocol, the view builder and the containers it builds.
// See Tests/StandIns/README.md.

@_exported import Combine
@_exported import Observation
// On iOS, SwiftUI re-exports UIKit (which re-exports Foundation): a file that imports only SwiftUI
// can use `UIImage`, `URL` or `Date`.
@_exported import UIKit

/// A piece of user interface. As in the current SDKs, views are isolated to the main actor.
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

/// Views that SwiftUI draws itself have no body.
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// A body that stand-in primitive views return: it is never evaluated.
@MainActor func primitiveBody() -> Never { fatalError("a stand-in view has no body") }

public struct EmptyView: View {
    public init() {}
    public var body: Never { primitiveBody() }
}

public struct TupleView<T>: View {
    public var value: T
    public init(_ value: T) { self.value = value }
    public var body: Never { primitiveBody() }
}

/// The view an `if`/`else` or `switch` in a view builder makes.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    let storage: Storage
    public var body: Never { primitiveBody() }
}

/// The view an `if` without `else` makes.
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { primitiveBody() }
}

/// A type-erased view.
public struct AnyView: View {
    public init<V: View>(_ view: V) {}
    public init<V: View>(erasing view: V) {}
    public var body: Never { primitiveBody() }
}

@resultBuilder
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> { _ConditionalContent(storage: .trueContent(first)) }
    public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> { _ConditionalContent(storage: .falseContent(second)) }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

// MARK: Modifiers

/// A modifier that makes a new view from a view's content.
@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Content) -> Body
}

/// The content a `ViewModifier` receives.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public var body: Never { primitiveBody() }
}

public struct EmptyModifier: ViewModifier {
    public init() {}
    public func body(content: Content) -> Content { content }
}

/// A view with a modifier applied.
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    public init(content: Content, modifier: Modifier) { self.content = content; self.modifier = modifier }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: Never { primitiveBody() }
}

extension View {
    public func modifier<M>(_ modifier: M) -> ModifiedContent<Self, M> { ModifiedContent(content: self, modifier: modifier) }

    /// What every stand-in modifier returns: the view, unchanged.
    func modified() -> ModifiedContent<Self, EmptyModifier> { ModifiedContent(content: self, modifier: EmptyModifier()) }
}
