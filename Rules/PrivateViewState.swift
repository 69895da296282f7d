/// `private_view_state`: a view's `@State` and `@StateObject` are private to it.
import MVILintCore

struct PrivateViewState: Rule {
    static let info = RuleInfo(
        id: "private_view_state",
        title: "Private View State",
        summary: "`@State` and `@StateObject` properties of a view-like type should be `private` or `fileprivate`",
        rationale: """
        `@State` and `@StateObject` are storage that SwiftUI keeps for one view: a value passed in from \
        outside only seeds it the first time, and later values from the parent are silently ignored. \
        Leaving them internal invites exactly that misuse through the memberwise initializer, and hides \
        which properties are inputs. Make them `private` (or `fileprivate`), and pass inputs as plain \
        properties, `@Binding`s or injected models. `private(set)` is not enough: the memberwise \
        initializer still exposes the property. The fix is offered only where it cannot break a caller, \
        so that a fixed project still compiles: a property without an initial value in a type without \
        an initializer of its own is a parameter of the memberwise initializer, which `private` would \
        make private too; one with an initial value is a parameter too, which `private` takes away, so \
        a call anywhere in the project that passes it (`CounterView(title: "Laps", count: 3)`, also \
        through a typealias of the view) withholds the fix (an initializer of the view's own takes \
        what it declares instead); and a view extended in another file may use the property there, \
        which `private` would break. Code that reads the property through an instance of the view \
        (`let view = CounterView(title: "Laps"); view.count`, as a test might) is not looked for. A property that a \
        protocol of the project requires, or that is marked `@usableFromInline` for `@inlinable` \
        code, cannot be private and is not reported.
        """,
        details: """
        - Views are every view-like type: `View`, `ViewModifier`, `App`, `Scene`, SwiftUI's \
        representables (`UIViewRepresentable`, `NSViewRepresentable`, `UIViewControllerRepresentable`, \
        `NSViewControllerRepresentable`), and a struct with a `some View` body that adopts a protocol of \
        a package that is not linted. A representable is a view: SwiftUI keeps its `@State` for it as \
        for any view, and a value passed in only seeds it, so the rule applies there too.
        """,
        category: .state,
        defaults: [.mvvm: .warning, .mvi: .warning],
        fix: .sometimes,
        examples: [
            .triggering("""
            struct OrdersView: View {
                @State var ↓isShowingFilters = false
                @StateObject var ↓viewModel = OrdersViewModel()
                @State internal var ↓page = 1
                @State private(set) var ↓query = ""
                @SwiftUI.State public var ↓sort: Sort = .date
                var body: some View { EmptyView() }
            }
            """),
            .triggering(files: [
                "Header.swift": "struct Header { @State var ↓isExpanded = false }",
                "Header+View.swift": "extension Header: View { var body: some View { EmptyView() } }",
            ]),
            // A representable is a view: SwiftUI keeps its `@State` as it keeps any view's.
            .triggering("""
            struct MailComposer: UIViewControllerRepresentable {
                @State var ↓attachment: Data?
                @Binding var isPresented: Bool
                func makeUIViewController(context: Context) -> MFMailComposeViewController { MFMailComposeViewController() }
                func updateUIViewController(_ controller: MFMailComposeViewController, context: Context) {}
            }
            """),
            .triggering("""
            @main
            struct ShopApp: App {
                @StateObject var ↓session = SessionStore()
                var body: some Scene { WindowGroup { RootView() } }
            }
            """),
            .fix(before: """
            struct OrdersView: View {
                @State var ↓isShowingFilters = false
                @StateObject public var ↓viewModel = OrdersViewModel()
                @State public private(set) var ↓query = ""
                var body: some View { EmptyView() }
            }
            """, after: """
            struct OrdersView: View {
                @State private var isShowingFilters = false
                @StateObject private var viewModel = OrdersViewModel()
                @State private var query = ""
                var body: some View { EmptyView() }
            }
            """),
            // Without an initial value, `pin` is a parameter of the memberwise initializer: making
            // it private would make `PinRow(pin:)` private too, so there is no fix. With an
            // initializer of the type's own, there is.
            .fix(before: """
            struct PinRow: View {
                @State var ↓pin: Pin
                var body: some View { EmptyView() }
            }
            struct TitleRow: View {
                @State var ↓title: String
                init(title: String) { _title = State(initialValue: title) }
                var body: some View { EmptyView() }
            }
            """, after: """
            struct PinRow: View {
                @State var ↓pin: Pin
                var body: some View { EmptyView() }
            }
            struct TitleRow: View {
                @State private var title: String
                init(title: String) { _title = State(initialValue: title) }
                var body: some View { EmptyView() }
            }
            """),
            // A call that passes `count` to the memberwise initializer, in any file, keeps it
            // internal: once private, the initializer no longer takes it. With an initializer of
            // the view's own, the label is that initializer's parameter.
            .fix(files: [
                "CounterView.swift": """
                struct CounterView: View {
                    let title: String
                    @State var ↓count = 0
                    @State var ↓step = 1
                    var body: some View { Text("\\(title) \\(count) \\(step)") }
                }
                struct TimerView: View {
                    @State var ↓seconds = 0
                    init(seconds: Int) { _seconds = State(initialValue: seconds) }
                    var body: some View { Text("\\(seconds)") }
                }
                """,
                "Screen.swift": """
                struct Screen: View {
                    var body: some View {
                        CounterView(title: "Laps", count: 3)
                        TimerView(seconds: 60)
                    }
                }
                """,
            ], fixed: [
                "CounterView.swift": """
                struct CounterView: View {
                    let title: String
                    @State var ↓count = 0
                    @State private var step = 1
                    var body: some View { Text("\\(title) \\(count) \\(step)") }
                }
                struct TimerView: View {
                    @State private var seconds = 0
                    init(seconds: Int) { _seconds = State(initialValue: seconds) }
                    var body: some View { Text("\\(seconds)") }
                }
                """,
                "Screen.swift": """
                struct Screen: View {
                    var body: some View {
                        CounterView(title: "Laps", count: 3)
                        TimerView(seconds: 60)
                    }
                }
                """,
            ]),
            .nonTriggering("""
            struct OrdersView: View {
                @State private var isShowingFilters = false
                @StateObject private var viewModel = OrdersViewModel()
                @State fileprivate var page = 1
                @Binding var selection: Int
                @ObservedObject var settings: SettingsStore
                @Environment(\\.dismiss) var dismiss
                let title: String
                var body: some View { EmptyView() }
            }
            final class Counter: ObservableObject {
                @State var notAView = 0
            }
            """),
            .nonTriggering("""
            private struct Badge: View {
                @State var count = 0
                var body: some View { EmptyView() }
            }
            fileprivate enum Rows {
                struct Row: View {
                    @StateObject var model = RowModel()
                    var body: some View { EmptyView() }
                }
            }
            """),
            // A property that `@inlinable` code reads through `@usableFromInline` must stay internal.
            .nonTriggering("""
            public struct FlexStack<Content: View>: View {
                @usableFromInline @State var measured: CGSize = .zero
                @usableFromInline let content: Content
                @inlinable public init(@ViewBuilder content: () -> Content) { self.content = content() }
                public var body: some View { content }
            }
            """),
            // A property that a protocol of the project requires cannot be private; one it does
            // not require can.
            .nonTriggering(files: [
                "AppScreen.swift": """
                protocol AppScreen: View {
                    associatedtype Model
                    var viewModel: Model { get set }
                    var title: String { get }
                }
                """,
                "ListScreen.swift": """
                struct ListScreen: AppScreen {
                    @State var viewModel = ListModel()
                    @State var title = "List"
                    var body: some View { EmptyView() }
                }
                """,
            ]),
            .triggering(files: [
                "AppScreen.swift": """
                protocol AppScreen: View {
                    var title: String { get }
                }
                """,
                "DetailScreen.swift": """
                struct DetailScreen: AppScreen {
                    @State var ↓viewModel = DetailModel()
                    let title = "Detail"
                    var body: some View { EmptyView() }
                }
                """,
            ]),
        ])

    /// Only a file's view types are checked.
    static func mayReport(in scope: FileScope) -> Bool { scope.declaresViewLike }

    static let facts: [any ProjectFact.Type] = [InitializerLabels.self]

    func check(_ context: inout RuleContext) {
        let file = context.file, project = context.project
        let initializerLabels = project.fact(InitializerLabels.self)
        var fileprivateTypes: Set<ObjectIdentifier>? = nil
        for type in project.viewTypes(in: file) where type.kind != .extension {
            // The members of a private or fileprivate view are fileprivate at most.
            if fileprivateTypes == nil { fileprivateTypes = file.fileprivateTypes() }
            if fileprivateTypes?.contains(ObjectIdentifier(type)) == true { continue }
            // Without an initializer of its own, a struct has a memberwise one, which takes every
            // stored property that has no initial value and is private if one of those is.
            let hasOwnInitializer = type.functions.contains { $0.kind == .initializer }
            for v in type.variables where !v.isStatic {
                guard let wrapper = v.wrappers.first(where: { $0.baseName == "State" || $0.baseName == "StateObject" }) else { continue }
                guard v.header.access > .fileprivate else { continue }
                // A property a protocol of the project requires cannot be private, nor can one that
                // `@inlinable` code reads (`@usableFromInline` keeps it internal on purpose).
                if project.protocolRequires(v.name, of: type, settable: false) || v.header.hasAttribute("usableFromInline") { continue }
                // Fix: the first access modifier (`private(set)` included) becomes `private`, others go.
                // An extension in another file may use the property: `private` would break it.
                let extendedElsewhere = project.symbol(type.indexName)?.isExtendedElsewhere ?? false
                // So would a call that passes the property to the memberwise initializer
                // (`OrdersView(isShowingFilters: true)`), which no longer takes it once it is private.
                let passedToInitializer = !hasOwnInitializer && initializerLabels.passes(v.name, to: type.indexName)
                let fixable = (v.initializer != nil || hasOwnInitializer) && !extendedElsewhere && !passedToInitializer
                let fix = fixable ? file.makePrivateEdits(v).map { Fix(title: "Make `\(v.name)` private", edits: $0) } : nil
                context.report(at: v.nameToken, .notPrivate(v.name, wrapper: wrapper.baseName), fix: fix)
            }
        }
    }
}

private extension String {
    static func notPrivate(_ name: String, wrapper: String) -> String {
        "`@\(wrapper)` property `\(name)` is not private, so a parent can seed it and expect updates that never arrive; mark it `private`"
    }
}
