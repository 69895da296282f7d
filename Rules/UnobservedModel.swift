/// `unobserved_model`: a view that holds an ObservableObject observes it.
import MVILintCore

struct UnobservedModel: Rule {
    static let info = RuleInfo(
        id: "unobserved_model",
        title: "Unobserved Model",
        summary: "A view-like type must not hold an injected ObservableObject in a plain `let`/`var` without `@ObservedObject`",
        rationale: """
        SwiftUI subscribes to an ObservableObject's `objectWillChange` only through `@ObservedObject`, \
        `@StateObject` or `@EnvironmentObject`. A model handed to a view and kept in a plain `let` is \
        read once: when its `@Published` state changes, the view is not re-rendered and shows stale \
        data until something else happens to redraw it. Mark the property `@ObservedObject`. Models \
        made with the `@Observable` macro are tracked without a wrapper and are not reported; a plain \
        property initialised with a new instance is reported by `owned_model_state_object` instead, \
        one that the view's `init` assigns a new instance (`self.viewStore = ViewStore(store)`) is not \
        injected, and a Composable Architecture `Store` (in a file importing ComposableArchitecture) is \
        observed without a wrapper.
        """,
        category: .state,
        defaults: [.mvvm: .warning, .mvi: .warning],
        examples: [
            .triggering("""
            struct ProfileHeaderView: View {
                let ↓viewModel: ProfileViewModel
                var ↓session: SessionStore?
                private let ↓theme: ThemeStore = .shared
                var body: some View { Text(viewModel.name) }
            }
            """),
            .triggering(files: [
                "Store.swift": """
                final class Store<State, Action>: ObservableObject {
                    @Published private(set) var state: State
                    init(state: State) { self.state = state }
                }
                typealias CartStore = Store<CartState, CartAction>
                """,
                "Settings.swift": """
                class BaseModel: ObservableObject {}
                final class Preferences: BaseModel {}
                """,
                "CartBadge.swift": """
                struct CartBadge: View {
                    let ↓store: Store<AppState, AppAction>
                    let ↓cart: CartStore
                    let ↓preferences: Preferences
                    var body: some View { Text("\\(cart.state.count)") }
                }
                """,
            ]),
            .nonTriggering("""
            import ComposableArchitecture
            struct CounterView: View {
                let store: StoreOf<Counter>
                let child: Store<Child.State, Child.Action>
                var body: some View { Text("\\(store.count)") }
            }
            """),
            // Near misses: observed wrappers, `@Observable` models, values, closures, constructions.
            .nonTriggering(files: [
                "SettingsModel.swift": """
                @Observable final class SettingsModel { var isOn = false }
                struct Draft { var title = "" }
                """,
                "SettingsView.swift": """
                struct SettingsView: View {
                    @ObservedObject var viewModel: ProfileViewModel
                    @EnvironmentObject var session: SessionStore
                    let model: SettingsModel
                    let draft: Draft
                    let onClose: () -> Void
                    let makeModel: () -> ProfileViewModel
                    let healthStore: HKHealthStore
                    let owned = ProfileViewModel()
                    static let shared: ThemeStore = .shared
                    var computed: SessionStore { SessionStore() }
                    var body: some View { Text(model.isOn ? "On" : "Off") }
                }
                final class Coordinator {
                    let viewModel: ProfileViewModel
                    init(viewModel: ProfileViewModel) { self.viewModel = viewModel }
                }
                """,
            ]),
            // A store observable both ways (as the Composable Architecture's `Store` is, in its
            // own repository): Observation tracks what `body` reads.
            .nonTriggering(files: [
                "Store.swift": """
                public final class Store<State, Action>: ObservableObject {}
                extension Store: Perceptible {}
                public typealias StoreOf<R> = Store<Int, Int>
                """,
                "CounterView.swift": """
                struct CounterView: View {
                    let store: StoreOf<Counter>
                    var body: some View { Text(store.title) }
                }
                """,
            ]),
            // Made by the view's own `init` from an injected value: not an injected model. Also
            // when a factory of the type makes it, or a local holds the new instance first.
            .nonTriggering("""
            struct BoardView: View {
                let boardStore: BoardStore
                let hintStore: HintStore
                let timerStore: TimerStore
                let scoreStore: ScoreStore = .make(for: .now)
                init(game: Game) {
                    self.boardStore = BoardStore(game: game, animated: true)
                    self.hintStore = HintStore.make(for: game)
                    let timer = TimerStore(limit: game.limit)
                    timer.configure(game)
                    self.timerStore = timer
                }
                var body: some View { BoardCanvas(store: boardStore) }
            }
            """),
            // Collections of models are not models.
            .nonTriggering("""
            struct WalletsView: View {
                var wallets: [WalletStore]
                var byID: [String: WalletStore]
                let recent: [WalletStore]?
                var body: some View { EmptyView() }
            }
            """),
            // Nothing is injected into an `App`: what it holds, it made.
            .nonTriggering("""
            @main
            struct GlucoseApp: App {
                private let store: MainStore = createStore()
                var body: some Scene { WindowGroup { ContentView().environmentObject(store) } }
            }
            """),
            // Inside a view, its generic parameter, its own nested type, or a type nested in a
            // generic model (`Model<T>.ID`) is meant, not the project's model of that name.
            .nonTriggering(files: [
                "Models.swift": """
                final class Backdrop: ObservableObject { @Published private(set) var title = "" }
                enum Flow { final class Coordinator: ObservableObject { @Published private(set) var step = 0 } }
                final class PageModel<Item: Identifiable>: ObservableObject, Identifiable {
                    let id: String
                    init(id: String) { self.id = id }
                }
                """,
                "Views.swift": """
                struct BackdropModifier<Backdrop: View>: ViewModifier {
                    let backdrop: Backdrop
                    func body(content: Content) -> some View { content.background(backdrop) }
                }
                struct RowView: View {
                    final class Coordinator { var taps = 0 }
                    let coordinator: Coordinator
                    let selection: PageModel<Episode>.ID?
                    var body: some View { Text("\\(coordinator.taps)") }
                }
                """,
            ]),
            // A local that holds an existing instance is still injected.
            .triggering("""
            struct BoardView: View {
                let ↓boardStore: BoardStore
                init(parent: ParentStore) {
                    let existing = parent.board
                    self.boardStore = existing
                }
                var body: some View { BoardCanvas(store: boardStore) }
            }
            """),
        ])

    /// Only a file's view types are checked.
    static func mayReport(in scope: FileScope) -> Bool { scope.declaresViewLike }

    func check(_ context: inout RuleContext) {
        let file = context.file, project = context.project
        // Nothing is injected into an `App`: the system makes it, and it makes what it holds.
        for type in project.viewTypes(in: file) where type.kind != .extension && !project.isApp(type) {
            var assignments: InitAssignments? = nil
            for v in type.variables where v.isStored && !v.isStatic && v.wrappers.isEmpty {
                // An array or dictionary of models is not a model: nothing could observe it whole.
                guard let t = v.type, !t.isFunctionType, !t.text.hasPrefix("[") else { continue }
                let model = t.baseName
                // Inside the view, its generic parameter or its own nested type of that name is
                // meant, not a project type elsewhere (`struct Row<Background: View>`).
                if type.genericParameters.contains(model) { continue }
                if let nested = UnobservedModel.nestedType(named: model, in: type),
                   !nested.inherited.contains(where: { $0.baseName == "ObservableObject" || project.isObservableObjectType($0.baseName) }) { continue }
                guard project.isObservableObjectType(model), !project.isObservableMacroClass(model),
                      !UnobservedModel.conformsToObservation(model, project: project),
                      !project.isComposableStore(model, in: file) else { continue }
                // A new instance in the initial value is `owned_model_state_object`'s finding (a
                // construction), or made by a factory of the type: not injected either way.
                if let r = v.initializer, let made = file.newInstance(at: r.lowerBound, end: r.upperBound, annotated: t, in: r),
                   project.isObservableObject(made) { continue }
                if assignments == nil { assignments = InitAssignments(of: type, in: file) }
                if constructedInInit(v, type: t, assignments: assignments!, file: file) { continue }
                context.report(at: v.nameToken, .unobserved(v.name, model: model))
            }
        }
    }
}

extension UnobservedModel {
    /// The type named `name` declared directly inside `type`, if any.
    static func nestedType(named name: String, in type: TypeDecl) -> TypeDecl? {
        for m in type.members { if case .type(let t) = m, t.kind != .extension, t.name == name { return t } }
        return nil
    }

    /// Whether the model also conforms to Observation's `Observable` (or to `Perceptible`, its
    /// back-port), as a store that supports both kinds of observation does: SwiftUI then tracks
    /// what `body` reads from a plain `let`.
    static func conformsToObservation(_ model: String, project: ProjectIndex) -> Bool {
        project.conforms(model) { $0 == "Observable" || $0 == "Perceptible" }
    }

    /// Whether an initializer assigns the property a new instance (`self.m = M(…)`, `m = .init(…)`,
    /// `m = M.make(…)`, or a local holding one: `let made = M(…); self.m = made`).
    private func constructedInInit(_ v: VariableDecl, type: TypeRef, assignments: InitAssignments, file: SourceFile) -> Bool {
        for (body, m) in assignments[v.name] {
            let rhs = m.operatorToken + 1
            if file.newInstance(at: rhs, end: file.assignedValueEnd(rhs, in: body), annotated: type, in: body) != nil { return true }
        }
        return false
    }
}

private extension String {
    static func unobserved(_ name: String, model: String) -> String {
        "`\(name)` holds the ObservableObject `\(model)` without observing it, so the view does not update when it changes; mark it `@ObservedObject`"
    }
}
