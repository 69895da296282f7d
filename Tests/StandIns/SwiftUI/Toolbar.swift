// Stand-in for SwiftUI: toolbars and the navigation bar. See Tests/StandIns/README.md.

/// Items of a toolbar, built by a `ToolbarContentBuilder`.
@MainActor @preconcurrency
public protocol ToolbarContent {
    associatedtype Body: ToolbarContent
    @ToolbarContentBuilder var body: Body { get }
}

extension Never: ToolbarContent {}

@resultBuilder
public enum ToolbarContentBuilder {
    public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: ToolbarContent>(_ content: repeat each Content) -> _TupleToolbarContent<(repeat each Content)> {
        _TupleToolbarContent((repeat each content))
    }
    public static func buildExpression<Content: ToolbarContent>(_ content: Content) -> Content { content }
}

public struct _TupleToolbarContent<T>: ToolbarContent {
    public var value: T
    init(_ value: T) { self.value = value }
    public var body: Never { fatalError() }
}

/// Where a toolbar item goes.
public struct ToolbarItemPlacement: Sendable {
    let id: Int
    public static let automatic = ToolbarItemPlacement(id: 0)
    public static let principal = ToolbarItemPlacement(id: 1)
    public static let primaryAction = ToolbarItemPlacement(id: 2)
    public static let confirmationAction = ToolbarItemPlacement(id: 3)
    public static let cancellationAction = ToolbarItemPlacement(id: 4)
    public static let destructiveAction = ToolbarItemPlacement(id: 5)
    public static let topBarLeading = ToolbarItemPlacement(id: 6)
    public static let topBarTrailing = ToolbarItemPlacement(id: 7)
    public static let bottomBar = ToolbarItemPlacement(id: 8)
}

public struct ToolbarItem<ID, Content: View>: ToolbarContent {
    public var body: Never { fatalError() }
}

extension ToolbarItem where ID == () {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {}
}

public struct ToolbarItemGroup<Content: View>: ToolbarContent {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

extension View {
    /// Toolbar items given as views (placed automatically) or as `ToolbarItem`s.
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View { modified() }
    public func toolbar<Content: ToolbarContent>(@ToolbarContentBuilder content: () -> Content) -> some View { modified() }

    public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> some View { modified() }
}

public struct NavigationBarItem: Sendable {
    public enum TitleDisplayMode: Sendable {
        case automatic, inline, large
    }
}
