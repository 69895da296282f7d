/// Examples of `owned_model_state_object`.
import MVILintCore

extension OwnedModelStateObject {
    static let examplesList: [RuleExample] = [
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
        // `private` would take `model` away from the memberwise initializer, which `Shell` passes
        // it to, and from the extension in another file that uses it: no fix for those. With an
        // access level written, only the wrapper changes, which every caller still compiles with.
        .fix(files: [
            "TimerScreen.swift": """
            struct TimerScreen: View {
                @ObservedObject var ↓model = TimerViewModel()
                var body: some View { Text(model.label) }
            }
            struct LapScreen: View {
                @ObservedObject var ↓model = LapViewModel()
                var body: some View { Text(model.label) }
            }
            struct ClockScreen: View {
                @ObservedObject internal var ↓model = ClockViewModel()
                var body: some View { Text(model.label) }
            }
            struct AlarmScreen: View {
                @ObservedObject var ↓model = AlarmViewModel()
                var body: some View { Text(model.label) }
            }
            """,
            "Shell.swift": """
            struct Shell: View {
                let shared: TimerViewModel
                var body: some View {
                    TimerScreen(model: shared)
                    ClockScreen(model: ClockViewModel())
                }
            }
            extension AlarmScreen {
                var title: String { model.label }
            }
            """,
        ], fixed: [
            "TimerScreen.swift": """
            struct TimerScreen: View {
                @ObservedObject var ↓model = TimerViewModel()
                var body: some View { Text(model.label) }
            }
            struct LapScreen: View {
                @StateObject private var model = LapViewModel()
                var body: some View { Text(model.label) }
            }
            struct ClockScreen: View {
                @StateObject internal var model = ClockViewModel()
                var body: some View { Text(model.label) }
            }
            struct AlarmScreen: View {
                @ObservedObject var ↓model = AlarmViewModel()
                var body: some View { Text(model.label) }
            }
            """,
            "Shell.swift": """
            struct Shell: View {
                let shared: TimerViewModel
                var body: some View {
                    TimerScreen(model: shared)
                    ClockScreen(model: ClockViewModel())
                }
            }
            extension AlarmScreen {
                var title: String { model.label }
            }
            """,
        ]),
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
        // A static member of the project that builds a new instance at each use is a
        // construction: a computed static property, or a static function whose every `return`
        // constructs the type, in any file.
        .triggering(files: [
            "ProfileModel.swift": """
            final class ProfileModel: ObservableObject {
                @Published private(set) var name = ""
                init(name: String) { self.name = name }
                static var placeholder: ProfileModel { ProfileModel(name: "…") }
                static func make(name: String) -> ProfileModel {
                    let made = ProfileModel(name: name)
                    made.prepare()
                    return made
                }
                func prepare() {}
            }
            """,
            "ProfileView.swift": """
            struct ProfileView: View {
                @ObservedObject var ↓model: ProfileModel = .placeholder
                let ↓draft = ProfileModel.make(name: "draft")
                @ObservedObject var ↓other: ProfileModel
                init() {
                    other = .make(name: "other")
                }
                var body: some View { Text(model.name + draft.name + other.name) }
            }
            """,
        ]),
        // A stored `static let shared` is one kept instance; a computed static property that
        // returns a kept instance, or a static function that may, makes none.
        .nonTriggering(files: [
            "SessionModel.swift": """
            final class SessionModel: ObservableObject {
                @Published private(set) var user = ""
                static let shared = SessionModel()
                private static var kept: SessionModel?
                static var current: SessionModel { shared }
                static func cached() -> SessionModel {
                    if let kept { return kept }
                    let made = SessionModel()
                    kept = made
                    return made
                }
            }
            """,
            "SessionView.swift": """
            struct SessionView: View {
                @ObservedObject var session: SessionModel = .shared
                @ObservedObject var current = SessionModel.current
                let cached = SessionModel.cached()
                var body: some View { Text(session.user + current.user + cached.user) }
            }
            """,
        ]),
    ]
}
