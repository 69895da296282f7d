/// `owned_model_state_object`: a view that creates its ObservableObject owns it with `@StateObject`.
import MVILintCore

struct OwnedModelStateObject: Rule {
    static let info = RuleInfo(
        id: "owned_model_state_object",
        title: "Owned Model Held by StateObject",
        summary: "A view that creates an ObservableObject itself must hold it with `@StateObject`",
        rationale: """
        SwiftUI recreates view values whenever their parent re-renders. An ObservableObject created \
        in a view's property initializer or `init` and held by `@ObservedObject`, by a plain property \
        or by `@State` is created again on every re-render: its state is lost and its work restarts. \
        `@StateObject` creates the model once for the lifetime of the view. `@ObservedObject` is for \
        models that are injected from outside; `@State` is for `@Observable` classes. A Composable \
        Architecture `Store` (in a file importing ComposableArchitecture, or in a project that re-exports it with \
        `@_exported import`) is observed without a \
        wrapper and is meant to be held in `@State` or a plain `let`, so it is not reported; nor is a \
        `ViewStore` made in `init` from an injected store, which holds no state of its own. An `App` is \
        created once, as the composition root that makes what it injects: a model it creates lives as \
        long as the app whatever holds it, so its properties are not reported (a `Scene` is recreated \
        with its app's body and is checked like a view). A name that the view declares as a nested \
        struct or enum of its own (`struct Box` inside the view) is that type, whatever class of the \
        same simple name is nested elsewhere in the project, also when the view declares it in an \
        extension in another file (`extension MigrateScreen { struct Model }`); so is a class of its own \
        that adopts no ObservableObject.
        """,
        category: .lifecycle,
        defaults: [.mvvm: .error, .mvi: .error],
        fix: .sometimes,
        examples: [
            // A value read from a new instance is that value, not the model.
            .nonTriggering("""
            final class AgendaModel: ObservableObject {
                @Published private(set) var entries: [String] = ["standup"]
                var range: ClosedRange<Int> { 0...entries.count }
            }
            struct AgendaView: View {
                @State private var entries: [String] = AgendaModel().entries
                private let range = AgendaModel().range
                var body: some View { List(entries, id: \\.self) { Text($0) } }
            }
            """),
            // `Model` is a struct in one view's extension (in another file) and a model class in
            // another view: unqualified in the first view, it is the first view's own.
            .triggering(files: [
                "FilterScreen.swift": """
                extension FilterScreen {
                    @MainActor final class Model: ObservableObject { @Published private(set) var query = "" }
                }
                struct FilterScreen: View {
                    @ObservedObject var model: Model
                    var body: some View { Text(model.query) }
                }
                """,
                "MigrateScreen+Model.swift": """
                extension MigrateScreen {
                    struct Model: Equatable { var count = 0 }
                }
                """,
                "MigrateScreen.swift": """
                struct MigrateScreen: View {
                    @State private var model = Model()
                    @State private var ↓filter = FilterScreen.Model()
                    var body: some View { Text("\\(model.count)") }
                }
                """,
            ]),
            // The view's own nested `Box` is a struct; the model nested in `Ticker` is another type.
            .triggering("""
            enum Ticker {
                @MainActor final class Box: ObservableObject { @Published private(set) var tick = 0 }
                @MainActor final class Cache: ObservableObject { @Published private(set) var hits = 0 }
            }
            struct HighlightModifier: ViewModifier {
                struct Box { var tint: Color }
                final class Cache { var hits = 0 }
                var box: Box
                var ↓ticker: Ticker.Box
                private let cache: Cache
                init(tint: Color) {
                    self.box = Box(tint: tint)
                    self.ticker = Ticker.Box()
                    self.cache = Cache()
                }
                func body(content: Content) -> some View { content.foregroundStyle(box.tint) }
            }
            """),
            .triggering("""
            struct ProfileView: View {
                @ObservedObject var ↓viewModel = ProfileViewModel()
                @ObservedObject private var ↓settings: SettingsStore
                private let ↓analytics = AnalyticsStore()
                @State private var ↓cart = CartModel()

                init() {
                    self.settings = SettingsStore(user: "me")
                }
                var body: some View { Text(viewModel.name) }
            }
            final class CartModel: ObservableObject {}
            """),
            .triggering(files: [
                "Model.swift": "final class Player: ObservableObject { init(id: Int) {} }",
                "PlayerView.swift": """
                struct PlayerView: View {
                    @ObservedObject var ↓player: Player
                    init(id: Int) {
                        _player = ObservedObject(wrappedValue: Player(id: id))
                    }
                    var body: some View { EmptyView() }
                }
                """,
            ]),
            // `@State` holds an `@Observable` class, even one that is also an ObservableObject through
            // its base class, or one of namesakes of which another is an ObservableObject…
            .nonTriggering("""
            class BaseStateModel: ObservableObject {}
            @Observable final class HistoryModel: BaseStateModel {
                private(set) var items: [Int] = []
            }
            enum Carbs {
                final class StateModel: ObservableObject { @Published private(set) var amount = 0 }
            }
            enum History {
                @Observable final class StateModel { private(set) var items: [Int] = [] }
                struct RootView: View {
                    @State private var state = StateModel()
                    @State private var history = HistoryModel()
                    var body: some View { Text("\\(state.items.count + history.items.count)") }
                }
            }
            """),
            // …not an ObservableObject alone.
            .triggering("""
            class BaseStateModel: ObservableObject {}
            final class CarbsModel: BaseStateModel {
                @Published private(set) var amount = 0
            }
            struct CarbsView: View {
                @State private var ↓carbs = CarbsModel()
                var body: some View { Text("\\(carbs.amount)") }
            }
            """),
            .fix(before: """
            struct ProfileView: View {
                @ObservedObject var ↓viewModel = ProfileViewModel()
                @SwiftUI.ObservedObject public var ↓settings = SettingsStore()
                @ObservedObject private var ↓cart: CartStore
                init() { cart = CartStore() }
                var body: some View { Text(viewModel.name) }
            }
            """, after: """
            struct ProfileView: View {
                @StateObject private var viewModel = ProfileViewModel()
                @SwiftUI.StateObject public var settings = SettingsStore()
                @ObservedObject private var ↓cart: CartStore
                init() { cart = CartStore() }
                var body: some View { Text(viewModel.name) }
            }
            """),
            .nonTriggering("""
            struct ProfileView: View {
                @StateObject private var viewModel = ProfileViewModel()
                @ObservedObject var settings: SettingsModel
                @EnvironmentObject var session: SessionStore
                @State private var search = SearchModel()
                @ObservedObject var shared = ThemeStore.shared
                let formatter = DateFormatter()
                var body: some View { Text(viewModel.name) }
            }
            @Observable final class SearchModel {}
            """),
            // A file-private class of the file is the one its code means, whatever another file
            // declares under that name.
            .triggering(files: [
                "LocationPicker.swift": """
                fileprivate final class LocationManager: NSObject, ObservableObject {
                    @Published private(set) var allowed = false
                }
                struct LocationPicker: View {
                    private var ↓manager = LocationManager()
                    var body: some View { Text(manager.allowed ? "on" : "off") }
                }
                """,
                "PermissionSheet.swift": """
                fileprivate final class LocationManager: NSObject {
                    func request() {}
                }
                struct PermissionSheet: View {
                    var locationManager = LocationManager()
                    var body: some View { Button("Allow") { locationManager.request() } }
                }
                """,
            ]),
            // Apple's `…Store` classes (HealthKit, Contacts, EventKit) are not ObservableObjects; a
            // project's own `CartStore` still is taken for one by its name.
            .triggering("""
            import HealthKit
            import Contacts
            struct HealthView: View {
                private var healthStore = HKHealthStore()
                @State private var contacts = CNContactStore()
                private let events = EKEventStore()
                private var ↓cart = CartStore()
                var body: some View { Text("") }
            }
            """),
            // A Composable Architecture store is tracked without a wrapper; `@State` keeps it alive.
            .nonTriggering("""
            import ComposableArchitecture
            struct TimerDemoView: View {
                @State private var store = Store(initialState: TimerFeature.State()) { TimerFeature() }
                private let child = Store(initialState: LapFeature.State()) { LapFeature() }
                var body: some View { Text("\\(store.seconds)") }
            }
            """),
            // The same where the project keeps the library's sources (its `Store` is declared).
            .nonTriggering(files: [
                "Store.swift": """
                public final class Store<State, Action> {}
                extension Store: ObservableObject {}
                """,
                "TimerDemoView.swift": """
                import ComposableArchitecture
                struct TimerDemoView: View {
                    @State private var store = Store(initialState: TimerFeature.State()) { TimerFeature() }
                    private let child = Store(initialState: LapFeature.State()) { LapFeature() }
                    var body: some View { Text(store.title) }
                }
                """,
            ]),
            // Also where a test case names another type `Store` for its own tests; a project
            // store type is still a model.
            .triggering(files: [
                "CounterTests.swift": """
                import ComposableArchitecture
                import XCTest
                final class CounterTests: XCTestCase {
                    typealias Store = TestStore<Counter.State, Counter.Action>
                    func testIncrement() async {
                        let store = Store(initialState: Counter.State()) { Counter() }
                        await store.send(.increment)
                    }
                }
                """,
                "CounterView.swift": """
                import ComposableArchitecture
                final class CounterStore: ObservableObject { @Published private(set) var count = 0 }
                struct CounterView: View {
                    private let store: StoreOf<Counter>
                    private let ↓legacy: CounterStore
                    init() {
                        store = Store(initialState: Counter.State()) { Counter() }
                        legacy = CounterStore()
                    }
                    var body: some View { Text("counter") }
                }
                """,
            ]),
            // A plain property assigned a new instance in a view's `init`.
            .triggering("""
            struct DashboardView: View {
                private let ↓viewModel: DashboardViewModel
                init(user: User) {
                    self.viewModel = DashboardViewModel(user: user)
                }
                var body: some View { Text(viewModel.title) }
            }
            """),
            // The new instance made first in a local of `init`.
            .triggering(files: [
                "Models.swift": """
                final class RouteStore: ObservableObject { func start() {} }
                final class MapStore: ObservableObject { init(region: Int) {} }
                """,
                "RouteView.swift": """
                struct RouteView: View {
                    @ObservedObject private var ↓routes: RouteStore
                    private let ↓map: MapStore
                    init(region: Int) {
                        let made = RouteStore()
                        made.start()
                        _routes = ObservedObject(wrappedValue: made)
                        let map = MapStore(region: region)
                        self.map = map
                    }
                    var body: some View { EmptyView() }
                }
                """,
            ]),
            // A local holding what the view was given, or what a factory returns (which may be a
            // shared instance), is not known to be new.
            .nonTriggering(files: [
                "Models.swift": """
                final class RouteStore: ObservableObject { static func make() -> RouteStore { RouteStore() } }
                """,
                "RouteView.swift": """
                struct RouteView: View {
                    @ObservedObject private var routes: RouteStore
                    private let backup: RouteStore
                    init(routes: RouteStore) {
                        let given = routes
                        _routes = ObservedObject(wrappedValue: given)
                        let fallback = RouteStore.make()
                        self.backup = fallback
                    }
                    var body: some View { EmptyView() }
                }
                """,
            ]),
            // An `App` is created once; a Composable Architecture `ViewStore` holds no state.
            .nonTriggering("""
            @main
            struct ShopApp: App {
                let cart: CartStore
                let session = SessionStore()
                @ObservedObject var settings = SettingsStore()
                init() { cart = CartStore() }
                var body: some Scene { WindowGroup { ContentView().environmentObject(cart) } }
            }
            """),
            .nonTriggering("""
            import ComposableArchitecture
            struct CubeView: View {
                let viewStore: ViewStoreOf<Cube>
                init(store: StoreOf<Cube>) {
                    self.viewStore = ViewStore(store, observe: { $0 })
                }
                var body: some View { CubeCanvas(viewStore: viewStore) }
            }
            """),
            .nonTriggering("""
            struct DetailView: View {
                @ObservedObject var model: DetailViewModel
                init(model: DetailViewModel) {
                    self.model = model
                }
                var body: some View { EmptyView() }
            }
            final class Coordinator {
                let viewModel = DetailViewModel()
            }
            """),
        ])

    /// Only a file's view types are checked.
    static func mayReport(in scope: FileScope) -> Bool { scope.declaresViewLike }

    static let facts: [any ProjectFact.Type] = [NestedValueTypes.self]

    func check(_ context: inout RuleContext) {
        let file = context.file, project = context.project
        let nestedValueTypes = project.fact(NestedValueTypes.self)
        for type in project.viewTypes(in: file) {
            var assignments: InitAssignments? = nil
            // An `App` is made once: a model it creates is not recreated.
            if project.isApp(type) { continue }
            for v in type.variables where v.isStored && !v.isStatic {
                let wrapper = v.wrappers.first?.baseName
                if wrapper == "StateObject" || wrapper == "EnvironmentObject" || wrapper == "Environment" { continue }
                guard wrapper == nil || wrapper == "ObservedObject" || wrapper == "State" else { continue }
                var created: String? = nil
                var fix: Fix? = nil
                if let r = v.initializer, let made = file.constructedType(at: r.lowerBound, end: r.upperBound, annotated: v.type),
                   !readsPropertyOfResult(r, file: file), isObservableObject(made.name, in: file, project: project) {
                    created = made.name
                    if wrapper == "ObservedObject" { fix = stateObjectFix(v, in: file) }
                }
                // Also a property assigned a new instance in `init`.
                if created == nil {
                    if assignments == nil { assignments = InitAssignments(of: type, in: file) }
                    created = assignedInstance(of: v, wrapper: wrapper, in: assignments!, file: file, project: project)
                }
                guard let model = created, !project.isComposableStore(model, in: file), !project.isComposableViewStore(model, in: file) else { continue }
                // `Box(tint:)` in a view that declares its own `struct Box`: the name is that type,
                // not a model of the same simple name nested elsewhere in the project.
                // (`Ticker.Box`, written qualified, is the other one.)
                let written = v.type?.text ?? v.initializer.map { file.text(of: $0, compact: true) } ?? ""
                if !written.contains("." + model), let nested = UnobservedModel.nestedType(named: model, in: type) {
                    if nested.kind != .class { continue }
                    // The view's own class that adopts no ObservableObject itself is no model, whatever
                    // a namesake nested elsewhere is.
                    if !nested.inherited.contains(where: { $0.baseName == "ObservableObject" || project.isObservableObjectType($0.baseName) }) { continue }
                }
                // The same for one declared in an extension of the view, in any file.
                if !written.contains("." + model), nestedValueTypes.names.contains(type.indexName + "." + model) { continue }
                switch wrapper {
                case "ObservedObject": context.report(at: v.nameToken, .observed(v.name, model), fix: fix)
                case "State":
                    // An `@Observable` class is what `@State` holds (it may also be an
                    // ObservableObject through a base class); with namesakes, some of which are.
                    if project.isObservableMacroClass(model) { continue }
                    context.report(at: v.nameToken, .state(v.name, model))
                default: context.report(at: v.nameToken, .plain(v.name, model))
                }
            }
        }
    }

    /// For `@ObservedObject var m = M()` only: `@ObservedObject` becomes `@StateObject`, and
    /// `private ` is inserted before `var` when no access level is written (state a view owns is
    /// private to it). Assignments in `init` are left alone: rewriting them is not mechanical.
    /// Whether `name` is an ObservableObject: a `private`/`fileprivate` class of this file of that
    /// name is the one meant, and is judged by what it inherits itself, whatever other files
    /// declare under the name.
    private func isObservableObject(_ name: String, in file: SourceFile, project: ProjectIndex) -> Bool {
        if let local = file.tree.allTypes.first(where: { $0.kind != .extension && $0.name == name && $0.header.access <= .fileprivate }) {
            return local.inherited.contains { $0.baseName == "ObservableObject" || (project.kind(of: $0.baseName) == .class && project.isObservableObjectType($0.baseName)) }
        }
        return project.isObservableObjectType(name)
    }

    /// `CalendarModel().entries`: after the construction's call, the initial value reads a
    /// property of the new instance (a `.name` not called), so the property holds that value,
    /// not the model.
    private func readsPropertyOfResult(_ r: TokenRange, file: SourceFile) -> Bool {
        var j = r.lowerBound
        var called = false
        while j < r.upperBound {
            switch file.kind(j) {
            case .leftParen, .leftBracket, .leftBrace:
                if file.kind(j) == .leftParen { called = true }
                guard let close = file.partner(j), close > j else { return false }
                j = close + 1
            case .period where called:
                if file.kind(j + 1) == .identifier, file.kind(j + 2) != .leftParen, file.kind(j + 2) != .leftBrace { return true }
                j += 1
            default:
                j += 1
            }
        }
        return false
    }

    private func stateObjectFix(_ v: VariableDecl, in file: SourceFile) -> Fix? {
        guard let attribute = v.wrappers.first, attribute.baseName == "ObservedObject" else { return nil }
        // `@SwiftUI.ObservedObject`: the last name token follows each `.`.
        let last = attribute.nameToken + 2 * attribute.name.filter { $0 == "." }.count
        var edits = [file.replacement(ofTokens: last, through: last, with: "StateObject")]
        if !v.hasExplicitAccess {
            guard let keyword = file.bindingKeyword(of: v) else { return nil }
            edits.append(file.insertion("private ", beforeToken: keyword))
        }
        return Fix(title: "Own `\(v.name)` with `@StateObject`", edits: edits)
    }

    /// `self.m = M()` or `_m = ObservedObject(wrappedValue: M())` in an initializer, directly or
    /// through a local constant made there (`let made = M(); made.start(); self.m = made`).
    private func assignedInstance(of v: VariableDecl, wrapper: String?, in assignments: InitAssignments, file: SourceFile, project: ProjectIndex) -> String? {
        for (body, m) in assignments[v.name] {
            let rhs = m.operatorToken + 1
            if let made = file.newInstance(at: rhs, end: file.assignedValueEnd(rhs, in: body), annotated: v.type, in: body, factories: false),
               isObservableObject(made, in: file, project: project) {
                return made
            }
        }
        guard let wrapper else { return nil }
        for (body, m) in assignments["_" + v.name] {
            let rhs = m.operatorToken + 1
            if file.name(rhs) == wrapper, file.kind(rhs + 1) == .leftParen, file.kind(rhs + 3) == .colon, let close = file.partner(rhs + 1),
               let made = file.newInstance(at: rhs + 4, end: close, annotated: v.type, in: body, factories: false), isObservableObject(made, in: file, project: project) {
                return made
            }
        }
        return nil
    }

}

private extension String {
    static func observed(_ name: String, _ model: String) -> String {
        "`\(name)` creates its own `\(model)` but holds it with `@ObservedObject`, so it is recreated on every re-render; use `@StateObject`"
    }
    static func state(_ name: String, _ model: String) -> String {
        "`\(name)` holds the ObservableObject `\(model)` in `@State`, which does not observe it; use `@StateObject` (or make `\(model)` `@Observable`)"
    }
    static func plain(_ name: String, _ model: String) -> String {
        "`\(name)` creates \(model.first.map { "AEIOU".contains($0) } == true ? "an" : "a") `\(model)` that is neither observed nor kept across re-renders; hold it with `@StateObject`"
    }
}
