/// `state_value_type`: a model's state is a value type, so that every change is a new value.
import MVILintCore

struct StateValueType: Rule {
    static let info = RuleInfo(
        id: "state_value_type",
        title: "State Is a Value Type",
        summary: "The state a model holds (`state`, or a stored property of a `…State` type) must be a struct or enum, not a class",
        rationale: """
        SwiftUI and Combine notice a change of `@Published` or `@Observable` state when the property \
        is assigned. With a class as state, `state.filter = .open` mutates the shared object in place: \
        the property never changes, no view updates (unless someone remembers `objectWillChange.send()`), \
        and every holder of the reference sees the mutation. A struct makes each change a new value that \
        is published, compared and tested like any other. The rule looks at models: observable model \
        classes and classes whose name ends with a model suffix (`ViewModel`, `Store`; the shared \
        `model_suffixes` setting). In them it checks the stored instance property named `state` and \
        every stored instance property whose type name ends with `State`, when the project declares \
        that type (after typealiases, though a name written with generic arguments, `Result<T, E>`, \
        is not taken for a project's alias of that name) as a `class`. Generic parameters such as the `State` of \
        `Store<State, Action>`, types the project does not declare, and names it declares more \
        than once elsewhere (two features with a nested `State`) are not reported. A property \
        whose type is itself an observable model, a Core Data entity (an `NSManagedObject` \
        subclass), or of the domain or data layer (a use case or repository by name or through a \
        protocol it adopts, as `no_usecase_in_view` finds them: `GetOnboardingState` adopting \
        `GetOnboardingStateUseCase`), is a dependency on another object, not state, and is \
        reported only when it is named `state`. A `weak` or `unowned` property is a reference the \
        model does not own, which can only hold a class: it is not reported, and neither is a class \
        whose stored properties are all `weak` or `unowned` (a weak box, often kept in a collection).
        """,
        category: .state,
        defaults: [.mvvm: .warning, .mvi: .warning],
        examples: [
            .triggering("""
            final class OrdersState {
                var filter: OrderFilter = .all
            }

            final class OrdersViewModel: ObservableObject {
                @Published private(set) var ↓state: OrdersState = OrdersState()
                @Published private(set) var orders: [Order] = []
            }
            """),
            .triggering(files: [
                "FormState.swift": """
                final class FormState {
                    var name = ""
                }
                typealias LegacyFormState = FormState
                """,
                "SignUpModel.swift": """
                @Observable
                final class SignUpModel {
                    private(set) var ↓form: LegacyFormState
                    private(set) var ↓draft = FormState()
                    init(form: LegacyFormState) { self.form = form }
                }
                """,
            ]),
            .triggering(files: [
                "SessionState.swift": "final class SessionState: ObservableObject { @Published var user: String? }",
                "ProfileStore.swift": """
                final class ProfileStore {
                    let ↓state: SessionState
                    let session: SessionState
                    init(session: SessionState) { self.state = session; self.session = session }
                }
                """,
            ]),
            .triggering(files: [
                "LegacyScreen.swift": "final class LegacyScreen { struct State {} }",
                "OrdersModel.swift": """
                final class OrdersModel: ObservableObject {
                    final class State { var filter = 0 }
                    @Published private(set) var ↓state = State()
                }
                """,
            ]),
            // A Core Data entity named `…State` is an object its context manages; a class of
            // the project named so is still state.
            .triggering("""
            @objc(ChatState)
            public class ChatState: NSManagedObject {
                @NSManaged public var isPinned: Bool
            }
            final class DraftState { var text = "" }
            final class ChatsModel: ObservableObject {
                @Published private(set) var rows: [ChatState] = []
                @Published private(set) var selected: ChatState?
                @Published private(set) var ↓draft = DraftState()
            }
            """),
            .nonTriggering(files: [
                "LegacyScreen.swift": "final class LegacyScreen { final class State {} }",
                "ProfileStore.swift": """
                final class ProfileStore: ObservableObject {
                    struct State { var name = "" }
                    @Published private(set) var state = State()
                }
                """,
            ]),
            .nonTriggering("""
            struct HomeState: Equatable {
                var isLoading = false
            }
            enum PlayerState { case idle, playing }

            @MainActor
            final class HomeStore: ObservableObject {
                @Published private(set) var state: HomeState
                @Published private(set) var player: PlayerState = .idle
                let initial = HomeState()
                var isIdle: Bool { player == .idle }
                static let shared = OrdersState()
                private let remote: RemoteState
                private weak var cache: CacheState?
                private var controls: [URL: WeakControlState] = [:]
                init(state: HomeState) { self.state = state; self.remote = RemoteState() }
            }
            final class OrdersState {}
            final class CacheState {}
            final class WeakControlState { weak var value: ControlState? }
            final class VoucherCacheTests {
                private typealias Result = [String: Voucher]
            }
            final class Voucher {}
            @MainActor
            final class CheckoutStore: ObservableObject {
                @Published private(set) var state: Result<CheckoutState, Error> = .success(CheckoutState())
            }
            struct CheckoutState {}
            """),
            .nonTriggering("""
            @MainActor
            final class Store<State, Action>: ObservableObject {
                @Published private(set) var state: State
                private let reducer: (inout State, Action) -> Void
                init(initialState: State, reducer: @escaping (inout State, Action) -> Void) {
                    self.state = initialState
                    self.reducer = reducer
                }
            }
            final class State {}
            """),
            // A use case named after the state it fetches is a dependency of the model.
            .nonTriggering("""
            protocol GetOnboardingStateUseCase { func execute() async -> Int }
            final class GetOnboardingState: GetOnboardingStateUseCase {
                func execute() async -> Int { 3 }
            }
            @MainActor
            @Observable
            final class OnboardingViewModel {
                private(set) var step = 0
                private let getOnboardingState: GetOnboardingState
                init(getOnboardingState: GetOnboardingState) { self.getOnboardingState = getOnboardingState }
                func load() async { step = await getOnboardingState.execute() }
            }
            """),
            .nonTriggering("""
            final class AppState {}
            struct SettingsState {}

            final class Coordinator {
                var state = AppState()
            }
            final class SettingsViewModel: ObservableObject {
                let state = SettingsState()
            }
            """),
        ])

    /// Only a file's model classes, or classes named like models, are checked.
    static func mayReport(in scope: FileScope) -> Bool {
        scope.declaresModel || scope.types.indices.contains { i in
            scope.types[i].kind == .class && scope.settings.modelSuffixes.contains { scope.types[i].name.hasNameSuffix($0) }
        }
    }

    func check(_ context: inout RuleContext) {
        let file = context.file, project = context.project
        let suffixes = context.settings.modelSuffixes
        // The types whose bodies contain the current one, outermost first: `allTypes` is in source
        // order with outer types first, so a stack finds them in one pass (no scan per model).
        var enclosing: [TypeDecl] = []
        var topLevel: [String: TypeDecl]? = nil
        for type in file.tree.allTypes {
            while let last = enclosing.last, !(last.bodyOpen.map({ $0 < type.nameToken }) == true && last.bodyClose.map({ $0 > type.nameToken }) == true) {
                enclosing.removeLast()
            }
            defer { enclosing.append(type) }
            guard type.kind == .class && isModel(type, project: project, suffixes: suffixes) else { continue }
            // Generic parameters of the model and of every enclosing type shadow project types.
            var generics = Set(type.genericParameters)
            for outer in enclosing { generics.formUnion(outer.genericParameters) }
            for v in type.variables where v.isStored && !v.isStatic && !v.header.modifiers.contains(where: { $0.name == "weak" || $0.name == "unowned" }) {
                guard let typeName = stateType(of: v, file: file), !generics.contains(typeName) else { continue }
                guard v.name == "state" || typeName.hasSuffix("State") else { continue }
                // `Result<PaywallState, Error>` is not a project's `typealias Result = [String: X]`
                // (aliases are looked up by simple name): a name written with generic arguments is
                // not resolved through an alias.
                if let text = v.type?.text, text.contains(typeName + "<"), project.aliases[typeName] != nil { continue }
                if topLevel == nil {
                    topLevel = [:]
                    for case .type(let t) in file.tree.declarations where t.kind != .extension && topLevel?[t.name] == nil { topLevel?[t.name] = t }
                }
                guard let declared = declaration(of: typeName, near: type, enclosing: enclosing, topLevel: topLevel ?? [:], file: file, project: project), declared.kind == .class else { continue }
                if v.name != "state" && project.isObservableModel(typeName) { continue }
                // A Core Data entity (`NSManagedObject`, an ObservableObject of the SDK) is an object
                // its context manages, held like a model, not a value the model owns.
                if v.name != "state" && project.isCoreDataEntity(typeName) { continue }
                // A use case or repository that the model is given (`GetOnboardingState`, adopting
                // `GetOnboardingStateUseCase`) is a dependency it calls, not state it publishes.
                if v.name != "state" && LayerNames.isDomainOrData(typeName, in: project, extra: context.settings.useCaseSuffixes,
                                                                                              dataTypes: context.settings.knowledge.configuredDataLayerTypes) { continue }
                // A box whose stored properties are all `weak` or `unowned` (`WeakBox<T>`, often
                // in a collection) refers to objects the model does not own, as a weak property does.
                if let stored = project.symbol(typeName)?.storedProperties, !stored.isEmpty, stored.allSatisfy(\.isWeakReference) { continue }
                let notes = declared.note.map { [$0] } ?? []
                context.report(at: v.nameToken, .referenceState(v.name, type: typeName, model: type.name), notes: notes)
            }
        }
    }

    /// An observable model class, or a class named like a model (`…ViewModel`, `…Store`).
    private func isModel(_ type: TypeDecl, project: ProjectIndex, suffixes: [String]) -> Bool {
        if project.isModel(type) { return true }
        return suffixes.contains { type.name.hasNameSuffix($0) }
    }

    /// Where `name` is declared and as what: nested in the model or an enclosing type, at the top
    /// of the same file, else in the index (after typealiases), unless the project declares that
    /// name more than once (two nested `State` types), which cannot be told apart. `enclosing`
    /// lists the types whose bodies contain `type`, outermost first; `topLevel` the file's top-level
    /// types by name.
    private func declaration(of name: String, near type: TypeDecl, enclosing: [TypeDecl], topLevel: [String: TypeDecl], file: SourceFile, project: ProjectIndex) -> (kind: TypeKind, note: FindingNote?)? {
        func note(_ t: TypeDecl) -> FindingNote {
            FindingNote(path: file.path, location: file.location(ofToken: t.nameToken), message: "`\(t.name)` is declared as a class here")
        }
        let scopes = enclosing + [type]
        // Innermost scope first: `allTypes` lists outer types before the types nested in them.
        for scope in scopes.reversed() {
            if let t = scope.nestedTypes.first(where: { $0.name == name && $0.kind != .extension }) { return (t.kind, note(t)) }
        }
        if let t = topLevel[name] { return (t.kind, note(t)) }
        let resolved = project.resolve(name)
        if project.viewGraph.ambiguousNames.contains(resolved) { return nil }
        guard let s = project.symbol(name), let kind = s.kind else { return nil }
        var remote: FindingNote? = nil
        if let path = s.declarationPath, let location = s.declarationLocation {
            remote = FindingNote(path: path, location: location, message: "`\(s.name)` is declared as a class here")
        }
        return (kind, remote)
    }

    /// The type the property holds: its annotation, else the type its initial value constructs.
    private func stateType(of v: VariableDecl, file: SourceFile) -> String? {
        if let t = v.type { return t.baseName.isEmpty ? nil : t.baseName }
        guard let r = v.initializer else { return nil }
        return file.constructedType(at: r.lowerBound, end: r.upperBound, annotated: nil)?.name
    }
}

private extension String {
    static func referenceState(_ name: String, type: String, model: String) -> String {
        "`\(name)` of `\(model)` holds `\(type)`, which is a class; make the state a struct so that every change is published as a new value"
    }
}
