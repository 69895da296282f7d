/// Examples of `state_object_injected`.
import MVILintCore

extension StateObjectInjected {
    static let examplesList: [RuleExample] = [
        .triggering("""
        struct DetailView: View {
            @StateObject private var ↓viewModel: DetailViewModel
            init(viewModel: DetailViewModel) {
                _viewModel = StateObject(wrappedValue: viewModel)
            }
            var body: some View { EmptyView() }
        }
        """).messages([
            "`viewModel` is a `@StateObject` initialised with the existing instance `viewModel`; create the model inside `StateObject(wrappedValue:)` or use `@ObservedObject`",
        ]),
        .triggering("""
        struct PlayerView: View {
            @StateObject var ↓player: PlayerModel
            init(session: Session) {
                self._player = StateObject(wrappedValue: session.player)
            }
            var body: some View { EmptyView() }
        }
        """),
        .triggering("""
        struct ScannerScreen: View {
            @StateObject private var ↓model: ScannerModel
            @StateObject private var history: HistoryModel
            init(model: ScannerModel) {
                self._model = .init(wrappedValue: model)
                _history = .init(wrappedValue: HistoryModel())
            }
            var body: some View { EmptyView() }
        }
        """),
        // A global instance, named bare.
        .triggering("""
        var sharedAppModel = AppModel()
        struct CounterApp: App {
            @StateObject private var ↓model = sharedAppModel
            var body: some Scene { WindowGroup { Text("\\(model.count)") } }
        }
        """),
        .nonTriggering("""
        struct DetailView: View {
            @StateObject private var viewModel: DetailViewModel
            @StateObject private var other = OtherModel()
            init(id: String) {
                _viewModel = StateObject(wrappedValue: DetailViewModel(id: id))
            }
            var body: some View { EmptyView() }
        }
        """),
        // A new instance made just before, by a local or a static factory of the type.
        .nonTriggering("""
        struct EditorView: View {
            @StateObject private var model: EditorModel
            @StateObject private var counter: CounterModel
            @StateObject private var timer: TimerModel
            init(title: String, start: Int) {
                let fresh = EditorModel(title: title)
                fresh.markDraft()
                _model = StateObject(wrappedValue: fresh)
                _counter = StateObject(wrappedValue: CounterModel.make(start: start))
                _timer = StateObject(wrappedValue: .preview(seconds: start))
            }
            var body: some View { EmptyView() }
        }
        """),
        // A local declared first and given a new instance on every path, or by a conditional.
        .nonTriggering("""
        struct RootView: View {
            @StateObject private var session: SessionModel
            @StateObject private var other: SessionModel
            init(demo: Bool) {
                let model: SessionModel
                if demo {
                    model = DemoSessionModel()
                } else {
                    model = SessionModel()
                }
                _session = StateObject(wrappedValue: model)
                let second = demo ? DemoSessionModel() : SessionModel(user: "guest")
                _other = StateObject(wrappedValue: second)
            }
            var body: some View { EmptyView() }
        }
        """),
        // A local that holds an existing instance, a shared instance, a local assigned again.
        .triggering("""
        struct EditorView: View {
            @StateObject private var ↓model: EditorModel
            @StateObject private var ↓counter: CounterModel
            @StateObject private var ↓session: SessionModel
            init(model: EditorModel) {
                let existing = model
                _model = StateObject(wrappedValue: existing)
                _counter = StateObject(wrappedValue: CounterModel.shared())
                var made = SessionModel()
                made = SessionModel.current
                _session = StateObject(wrappedValue: made)
            }
            var body: some View { EmptyView() }
        }
        """),
        // A shared instance as the initial value is handed over too; a factory may make one.
        .triggering("""
        struct PingView: View {
            @StateObject var ↓ping = Dependencies.shared.pingTest
            @StateObject private var ↓theme: ThemeStore = .shared
            @StateObject private var ↓session = App.SessionModel.current()
            @StateObject private var ↓configuration = AppConfiguration.share
            var body: some View { EmptyView() }
        }
        """).messages([
            "`ping` is a `@StateObject` initialised with the existing instance `Dependencies.shared.pingTest`; create the model inside `StateObject(wrappedValue:)` or use `@ObservedObject`",
            "`theme` is a `@StateObject` initialised with the existing instance `.shared`; create the model inside `StateObject(wrappedValue:)` or use `@ObservedObject`",
            "`session` is a `@StateObject` initialised with the existing instance `App.SessionModel.current()`; create the model inside `StateObject(wrappedValue:)` or use `@ObservedObject`",
            "`configuration` is a `@StateObject` initialised with the existing instance `AppConfiguration.share`; create the model inside `StateObject(wrappedValue:)` or use `@ObservedObject`",
        ]),
        .nonTriggering("""
        struct PingView: View {
            @StateObject var ping = Dependencies.shared.makePingTest()
            @StateObject private var theme = ThemeStore()
            @StateObject private var session = SessionModel.preview(user: "demo")
            @ObservedObject var shared = SessionModel.shared
            var body: some View { EmptyView() }
        }
        """),
        // A factory that the autoclosure calls makes a new instance each time it is called.
        .nonTriggering("""
        struct RouterHost<Content: View>: View {
            @StateObject private var router: RouterModel
            @StateObject private var tabs: TabsModel
            @StateObject private var board: BoardState
            @StateObject private var gauge: GaugeModel
            @StateObject private var dial: GaugeModel
            let content: Content
            init(router: @autoclosure @escaping () -> RouterModel, @ViewBuilder content: () -> Content) {
                _router = StateObject(wrappedValue: router())
                _tabs = StateObject(wrappedValue: Self.makeTabs)
                _board = StateObject(wrappedValue: Container.shared.boardAssembly().buildState(id: "main"))
                _gauge = StateObject(wrappedValue: {
                    let fresh = GaugeModel(title: "Level")
                    fresh.configure()
                    return fresh
                }())
                _dial = StateObject(wrappedValue: {
                    Log.note("dial")
                    return GaugeModel(
                        title: "Dial"
                    )
                }())
                self.content = content()
            }
            private static var makeTabs: TabsModel { TabsModel(titles: ["Home", "Search"]) }
            var body: some View { content }
        }
        """),
        .triggering("""
        struct TabsHost: View {
            @StateObject private var ↓tabs: TabsModel
            init() {
                _tabs = StateObject(wrappedValue: Self.sharedTabs)
            }
            private static let sharedTabs = TabsModel(titles: ["Home"])
            var body: some View { EmptyView() }
        }
        """),
        .nonTriggering("""
        struct ListView: View {
            @ObservedObject var model: ListModel
            init(model: ListModel) {
                _model = ObservedObject(wrappedValue: model)
            }
            var body: some View { EmptyView() }
        }
        """),
        // Not when one path or arm hands over an existing instance.
        .triggering("""
        struct LiveRootView: View {
            @StateObject private var ↓session: SessionModel
            @StateObject private var ↓other: SessionModel
            init(mode: Mode, shared: SessionModel) {
                let model: SessionModel
                switch mode {
                case .demo: model = DemoSessionModel()
                case .live: model = shared
                }
                _session = StateObject(wrappedValue: model)
                let second = mode == .demo ? DemoSessionModel() : shared
                _other = StateObject(wrappedValue: second)
            }
            var body: some View { EmptyView() }
        }
        """),
        // A function called by its plain name in the autoclosure makes the model, as an initialiser would.
        .nonTriggering("""
        func makeReactionsModel(postID: Int) -> ReactionsModel { ReactionsModel(postID: postID) }
        struct ReactionsBar: View {
            @StateObject private var reactions: ReactionsModel
            init(postID: Int) {
                _reactions = StateObject(wrappedValue: makeReactionsModel(postID: postID))
            }
            var body: some View { Text("\\(reactions.likes)") }
        }
        """),
        // A type nested in the view, constructed through `Self.`, is a new instance; a static
        // instance read through `Self.` is an existing one.
        .triggering("""
        struct UploadPreview: View {
            final class Model: ObservableObject {
                @Published private(set) var done = false
                init(onDone: @escaping () -> Void) {}
            }
            @StateObject private var model: Self.Model
            @StateObject private var ↓shared: Self.Model
            private static let sharedModel = Model(onDone: {})
            init(onDone: @escaping () -> Void) {
                _model = StateObject(wrappedValue: Self.Model(onDone: onDone))
                _shared = StateObject(wrappedValue: Self.sharedModel)
            }
            var body: some View { Text(model.done ? "Done" : "Uploading") }
        }
        """),
        // A Factory registration with no scope makes a new instance at each call; a scoped one
        // hands out the instance it keeps.
        .triggering(files: [
            "Container+Models.swift": """
            import Factory
            extension Container {
                var pinModel: ParameterFactory<String, PinModel> { self { PinModel(userID: $0) } }
                var sessionModel: Factory<SessionModel> { self { SessionModel() }.singleton }
            }
            """,
            "PinView.swift": """
            import Factory
            struct PinView: View {
                @StateObject private var model: PinModel
                @StateObject private var ↓session: SessionModel
                init(userID: String) {
                    _model = StateObject(wrappedValue: Container.shared.pinModel(userID))
                    _session = StateObject(wrappedValue: Container.shared.sessionModel())
                }
                var body: some View { Text(model.digits) }
            }
            """,
        ]),
        // The same with trailing closures, or through a local of `init`; a function named for a
        // shared instance, or a local holding a parameter, still hands over an existing one.
        .triggering("""
        struct ScopedBadges: View {
            @StateObject private var badge: BadgeModel
            @StateObject private var feed: FeedModel
            @StateObject private var timer: TimerModel
            @StateObject private var ↓shared: BadgeModel
            @StateObject private var ↓given: TimerModel
            init(count: Int, timer: TimerModel) {
                _badge = StateObject(wrappedValue: scoped { BadgeModel(count: count) })
                let fresh = withOverrides { values in
                    values.fast = true
                } operation: {
                    FeedModel(limit: count)
                }
                _feed = StateObject(wrappedValue: fresh)
                let made = makeTimer(seconds: count)
                _timer = StateObject(wrappedValue: made)
                _shared = StateObject(wrappedValue: currentBadge { print("ready") })
                let existing = timer
                _given = StateObject(wrappedValue: existing)
            }
            var body: some View { Text("\\(badge.count)") }
        }
        """),
        // A name that a closure binds again (`guard let tally = tally`) is the closure's own:
        // the local made before it is still the one handed over.
        .nonTriggering("""
        struct Root: View {
            @StateObject private var tally: Tally
            @StateObject private var timer: TimerModel
            init() {
                let tally = Tally()
                let timer = TimerModel()
                timer.onFinish = { [weak tally] in
                    guard let tally = tally else { return }
                    tally.bump()
                }
                _tally = StateObject(wrappedValue: tally)
                _timer = StateObject(wrappedValue: timer)
            }
            var body: some View { Text("\\(tally.count)") }
        }
        """),
        // A local holding what a factory local of `init` makes, or a member of it; a member of
        // a local copy of a parameter is an existing instance.
        .triggering("""
        struct BadgeHost: View {
            @StateObject private var badge: BadgeModel
            @StateObject private var panel: PanelModel
            @StateObject private var ↓given: PanelModel
            init(preset: (view: Text, model: PanelModel)) {
                let factory = BadgeFactory()
                let made = factory.makeBadge()
                _badge = StateObject(wrappedValue: made)
                let result = factory.makePanel()
                _panel = StateObject(wrappedValue: result.model)
                let copy = preset
                _given = StateObject(wrappedValue: copy.model)
            }
            var body: some View { Text("\\(badge.count)") }
        }
        """),
        // A member that a container made in `init` sets in its own `init` is new too; one that
        // a container made from an existing instance holds is that instance.
        .nonTriggering("""
        final class AppGraph {
            let prefs: PrefsModel
            init() { prefs = PrefsModel() }
        }
        @main
        struct PrefsApp: App {
            @StateObject private var prefs: PrefsModel
            init() {
                let graph = AppGraph()
                _prefs = StateObject(wrappedValue: graph.prefs)
            }
            var body: some Scene { WindowGroup { Text(prefs.title) } }
        }
        """),
        .triggering("""
        final class SharedGraph {
            let prefs: PrefsModel
            init(prefs: PrefsModel) { self.prefs = prefs }
        }
        struct PrefsScreen: View {
            @StateObject private var ↓prefs: PrefsModel
            init(existing: PrefsModel) {
                let graph = SharedGraph(prefs: existing)
                _prefs = StateObject(wrappedValue: graph.prefs)
            }
            var body: some View { Text(prefs.title) }
        }
        """),
        // A project function whose every `return` constructs the type it returns makes a new
        // instance, whatever its name; one that may hand back a kept instance does not.
        .nonTriggering("""
        enum ModelFactory {
            static func getFeedModel() -> FeedModel {
                let source = "api"
                return FeedModel(source: source)
            }
        }
        struct FeedTab: View {
            @StateObject private var feed: FeedModel
            init() { _feed = StateObject(wrappedValue: ModelFactory.getFeedModel()) }
            var body: some View { Text(feed.title) }
        }
        // Also when it returns a local that holds a construction (`made.owner = self; return made`).
        @MainActor final class Navigator: ObservableObject {
            weak var owner: Navigator?
            let depth: Int
            init(depth: Int) { self.depth = depth }
            func child() -> Navigator {
                let made = Navigator(depth: depth + 1)
                made.owner = self
                return made
            }
        }
        struct NavHost: View {
            @StateObject private var navigator: Navigator
            init(parent: Navigator) { _navigator = StateObject(wrappedValue: parent.child()) }
            var body: some View { Text("\\(navigator.depth)") }
        }
        """),
        // The elements of a tuple that a factory returns, bound by a tuple pattern or read as
        // `.0`, are new too.
        .nonTriggering("""
        @main
        struct PairApp: App {
            @StateObject private var session: SessionModel
            @StateObject private var guardian: GuardModel
            @StateObject private var backup: SessionModel
            private static func makeModels() -> (SessionModel, GuardModel) {
                let s = SessionModel()
                return (s, GuardModel(session: s))
            }
            init() {
                let (s, g) = Self.makeModels()
                _session = StateObject(wrappedValue: s)
                _guardian = StateObject(wrappedValue: g)
                let spare = Self.makeModels()
                _backup = StateObject(wrappedValue: spare.0)
            }
            var body: some Scene { WindowGroup { Text(session.on ? "on" : "off") } }
        }
        """),
        .triggering("""
        enum ModelCache {
            static var kept: FeedModel?
            static func getFeedModel() -> FeedModel {
                if let kept { return kept }
                let made = FeedModel(source: "api")
                kept = made
                return made
            }
        }
        struct CachedFeedTab: View {
            @StateObject private var ↓feed: FeedModel
            init() { _feed = StateObject(wrappedValue: ModelCache.getFeedModel()) }
            var body: some View { Text(feed.title) }
        }
        """),
        // A closure called at once whose single expression constructs the model.
        .nonTriggering("""
        struct AsyncImageView: View {
            @StateObject private var loader: RemoteImageLoader
            init(address: URL) {
                _loader = StateObject(wrappedValue: { RemoteImageLoader(address: address) }())
            }
            var body: some View { Text(loader.state) }
        }
        """),
        // The factory's call may continue the local's chain on the next line.
        .nonTriggering("""
        struct BadgeShelf: View {
            @StateObject private var badge: BadgeModel
            init(factory: BadgeFactory) {
                let made = factory
                    .makeBadge()
                _badge = StateObject(wrappedValue: made)
            }
            var body: some View { Text("\\(badge.count)") }
        }
        """),
    ]
}
