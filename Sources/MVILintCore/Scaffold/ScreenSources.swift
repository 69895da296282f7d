/// The source files of a new screen, one set per architecture pattern.

/// The architecture a new screen follows.
public enum ScreenPattern: String, CaseIterable, Sendable {
    /// A view model that owns the state and the logic; the view calls its methods.
    case mvvm
    /// A store with a `State` struct and an `Intent` enum; the view only renders and sends intents.
    case mvi
    /// `State`, `Action`, a pure reducer and a generic store with `dispatch`.
    case redux

    /// The pattern that matches a lint profile: `mvvm` for `mvvm`, `mvi` for `mvi`.
    public init(profile: Profile) {
        switch profile {
        case .mvvm: self = .mvvm
        case .mvi: self = .mvi
        }
    }

    /// The profile whose rules the pattern's files are written to pass.
    public var profile: Profile { self == .mvvm ? .mvvm : .mvi }

    /// How the pattern is named in Xcode's template options.
    public var displayName: String {
        switch self {
        case .mvvm: return "MVVM"
        case .mvi: return "MVI"
        case .redux: return "Redux"
        }
    }
}

/// The type names of one screen. Each is the screen's name plus a suffix, except the generic
/// store of the redux pattern, which all screens share.
public struct ScreenNames: Sendable, Equatable {
    /// The screen's name (`Profile`); also what is written where a title is shown.
    public var name: String
    /// The suffix of the screen's model: its view model or store (`ViewModel`, `Store`).
    public var modelSuffix: String
    /// The suffix of the use case protocol the model depends on (`UseCase`).
    public var useCaseSuffix: String
    /// The generic store of the redux pattern (`Store`).
    public var genericStore: String

    public init(name: String, modelSuffix: String, useCaseSuffix: String, genericStore: String) {
        self.name = name; self.modelSuffix = modelSuffix; self.useCaseSuffix = useCaseSuffix; self.genericStore = genericStore
    }

    var model: String { name + modelSuffix }
    var useCase: String { name + useCaseSuffix }
    var content: String { name + "Content" }
    var view: String { name + "View" }
    var state: String { name + "State" }
}

/// One file of a scaffold: its name and contents.
public struct ScaffoldFile: Sendable, Equatable {
    /// The file name, without directories.
    public var name: String
    public var contents: String
    /// A file that several screens share (the redux pattern's generic store): written once.
    public var isShared = false
}

/// The sources of a screen. Every file is written to lint clean under the pattern's profile and
/// to compile against SwiftUI on iOS 16 (iOS 17 with `observable`).
public enum ScreenSources {
    /// The files of one screen, in the order they are written. The redux pattern's generic store
    /// comes last and is marked shared.
    public static func files(_ n: ScreenNames, pattern: ScreenPattern, observable: Bool) -> [ScaffoldFile] {
        var out = [ScaffoldFile(name: n.useCase + ".swift", contents: useCase(n))]
        switch pattern {
        case .mvvm:
            out.append(ScaffoldFile(name: n.model + ".swift", contents: viewModel(n, observable: observable)))
            out.append(ScaffoldFile(name: n.view + ".swift", contents: view(n, pattern: pattern, observable: observable)))
        case .mvi:
            out.append(ScaffoldFile(name: n.model + ".swift", contents: mviStore(n, observable: observable)))
            out.append(ScaffoldFile(name: n.view + ".swift", contents: view(n, pattern: pattern, observable: observable)))
        case .redux:
            out.append(ScaffoldFile(name: n.name + "Feature.swift", contents: reduxFeature(n)))
            out.append(ScaffoldFile(name: n.view + ".swift", contents: view(n, pattern: pattern, observable: observable)))
            out.append(ScaffoldFile(name: n.genericStore + ".swift", contents: genericStore(n.genericStore, observable: observable), isShared: true))
        }
        return out
    }

    static func useCase(_ n: ScreenNames) -> String {
        """
        /// What the \(n.name) screen shows.
        struct \(n.content): Equatable, Sendable {
            var title: String
            var items: [String]
        }

        /// Loads what the \(n.name) screen shows. The app injects an implementation (one that reads
        /// the network or a database); previews and tests inject a stub.
        protocol \(n.useCase): Sendable {
            func load() async throws -> \(n.content)
        }

        """
    }

    /// The state properties of a view model or a state struct, with their wrapper if any.
    private static func stateProperties(_ n: ScreenNames, prefix: String) -> String {
        """
        \(prefix)var content: \(n.content)?
        \(prefix)var isLoading = false
        \(prefix)var errorMessage: String?
        """
    }

    static func viewModel(_ n: ScreenNames, observable: Bool) -> String {
        let header = observable
            ? "import Observation\n\n/// The state and logic of the \(n.name) screen: the view reads the state and calls `load()`; only\n/// the view model writes the state.\n@MainActor\n@Observable\nfinal class \(n.model) {\n"
            : "import Combine\n\n/// The state and logic of the \(n.name) screen: the view reads the state and calls `load()`; only\n/// the view model writes the state.\n@MainActor\nfinal class \(n.model): ObservableObject {\n"
        let properties = indent(stateProperties(n, prefix: observable ? "private(set) " : "@Published private(set) "), by: 4)
        return header + properties + """


            private let useCase: any \(n.useCase)

            init(useCase: any \(n.useCase)) {
                self.useCase = useCase
            }

            /// Loads the content. A load that is cancelled (the view went away, or asked again)
            /// leaves what is shown as it was.
            func load() async {
                isLoading = true
                defer { isLoading = false }
                do {
                    content = try await useCase.load()
                    errorMessage = nil
                } catch is CancellationError {
                    return
                } catch {
                    errorMessage = String(describing: error)
                }
            }
        }

        """
    }

    /// The state struct of the MVI and redux patterns.
    private static func stateStruct(_ n: ScreenNames) -> String {
        "/// Everything the \(n.name) screen shows.\nstruct \(n.state): Equatable {\n" + indent(stateProperties(n, prefix: ""), by: 4) + "\n}\n"
    }

    static func mviStore(_ n: ScreenNames, observable: Bool) -> String {
        let intent = n.name + "Intent"
        let declaration = observable
            ? "import Observation\n\n" + stateStruct(n)
            : "import Combine\n\n" + stateStruct(n)
        let store = observable
            ? "@MainActor\n@Observable\nfinal class \(n.model) {\n    private(set) var state = \(n.state)()\n\n"
            : "@MainActor\nfinal class \(n.model): ObservableObject {\n    @Published private(set) var state = \(n.state)()\n\n"
        return declaration + """

        /// What happens on the \(n.name) screen: the user's intents and the answers of effects.
        enum \(intent): Equatable {
            /// Load the content, or load it again.
            case load
            /// The use case answered with the content.
            case loaded(\(n.content))
            /// The use case failed.
            case failed(String)
        }

        /// The store of the \(n.name) screen: its state changes only through `send(_:)`.

        """ + store + """
            private let useCase: any \(n.useCase)

            init(useCase: any \(n.useCase)) {
                self.useCase = useCase
            }

            /// Applies `intent` to the state and runs the effect it asks for, whose answer comes back
            /// as another intent. Awaiting the effect ties it to the caller's task: a `.task(id:)`
            /// that is cancelled cancels the effect too.
            func send(_ intent: \(intent)) async {
                switch intent {
                case .load:
                    state.isLoading = true
                    defer { state.isLoading = false }
                    state.errorMessage = nil
                    if let answer = await load() {
                        await send(answer)
                    }
                case .loaded(let content):
                    state.content = content
                case .failed(let message):
                    state.errorMessage = message
                }
            }

            /// The load effect: calls the use case and answers with an intent (none when cancelled).
            private func load() async -> \(intent)? {
                do {
                    return .loaded(try await useCase.load())
                } catch is CancellationError {
                    return nil
                } catch {
                    return .failed(String(describing: error))
                }
            }
        }

        """
    }

    static func reduxFeature(_ n: ScreenNames) -> String {
        let action = n.name + "Action"
        return stateStruct(n) + """

        /// What happens on the \(n.name) screen: the user's actions and the answers of effects.
        enum \(action): Equatable {
            /// Load the content, or load it again.
            case load
            /// The use case answered with the content.
            case loaded(\(n.content))
            /// The use case failed.
            case failed(String)
            /// The load was cancelled.
            case cancelled
        }

        /// The store of the \(n.name) screen.
        typealias \(n.model) = \(n.genericStore)<\(n.state), \(action)>

        /// The reducer and the effects of the \(n.name) screen.
        enum \(n.name)Feature {
            /// How an action changes the state, and nothing else (no work, no clock, no randomness):
            /// a pure function, tested with plain values.
            static func reduce(_ state: inout \(n.state), _ action: \(action)) {
                switch action {
                case .load:
                    state.isLoading = true
                    state.errorMessage = nil
                case .loaded(let content):
                    state.isLoading = false
                    state.content = content
                case .failed(let message):
                    state.isLoading = false
                    state.errorMessage = message
                case .cancelled:
                    state.isLoading = false
                }
            }

            /// The work an action asks for, answered with the next action.
            static func effect(useCase: any \(n.useCase)) -> \(n.model).Effect {
                return { action in
                    guard action == .load else { return nil }
                    do {
                        return .loaded(try await useCase.load())
                    } catch is CancellationError {
                        return .cancelled
                    } catch {
                        return .failed(String(describing: error))
                    }
                }
            }
        }

        """
    }

    static func genericStore(_ name: String, observable: Bool) -> String {
        let header = observable
            ? "import Observation\n\n" + genericStoreDoc + "@MainActor\n@Observable\nfinal class \(name)<State, Action> {\n"
            : "import Combine\n\n" + genericStoreDoc + "@MainActor\nfinal class \(name)<State, Action>: ObservableObject {\n"
        let property = observable ? "    private(set) var state: State\n" : "    @Published private(set) var state: State\n"
        return header + """
            /// The work an action asks for, answered with the next action (or nil).
            typealias Effect = @MainActor (Action) async -> Action?

        """ + property + """
            private let reducer: (inout State, Action) -> Void
            private let effect: Effect

            init(initialState: State, reducer: @escaping (inout State, Action) -> Void, effect: @escaping Effect) {
                self.state = initialState
                self.reducer = reducer
                self.effect = effect
            }

            /// Reduces `action` into the state, then awaits its effect and dispatches the answer.
            /// Awaiting ties the effect to the caller's task: a `.task(id:)` that is cancelled
            /// cancels it too.
            func dispatch(_ action: Action) async {
                reducer(&state, action)
                if let next = await effect(action) {
                    await dispatch(next)
                }
            }
        }

        """
    }

    private static let genericStoreDoc = """
    /// A store for one screen: its state changes only through `dispatch(_:)`, which applies the
    /// screen's pure reducer and then runs the effect the action asks for, dispatching the
    /// effect's answer in turn.

    """

    static func view(_ n: ScreenNames, pattern: ScreenPattern, observable: Bool) -> String {
        let property: String, make: String, state: String, load: String, doc: String
        switch pattern {
        case .mvvm:
            property = "viewModel"
            make = "\(n.model)(useCase: useCase)"
            state = "viewModel"
            load = "await viewModel.load()"
            doc = "renders its view model's state and asks it to load"
        case .mvi:
            property = "store"
            make = "\(n.model)(useCase: useCase)"
            state = "store.state"
            load = "await store.send(.load)"
            doc = "renders the store's state and sends it intents"
        case .redux:
            property = "store"
            make = "\(n.model)(\n            initialState: \(n.state)(),\n            reducer: \(n.name)Feature.reduce,\n            effect: \(n.name)Feature.effect(useCase: useCase))"
            state = "store.state"
            load = "await store.dispatch(.load)"
            doc = "renders the store's state and dispatches actions"
        }
        let wrapper = observable ? "State" : "StateObject"
        let initial = observable ? "State(initialValue: \(make))" : "StateObject(wrappedValue: \(make))"
        return """
        import SwiftUI

        /// The \(n.name) screen: \(doc).
        struct \(n.view): View {
            @\(wrapper) private var \(property): \(n.model)
            /// Bumped by Retry: `.task(id:)` cancels a load that is still running and starts another.
            @State private var loadRequest = 0

            init(useCase: any \(n.useCase)) {
                _\(property) = \(initial)
            }

            var body: some View {
                List {
                    if let content = \(state).content {
                        ForEach(content.items, id: \\.self) { item in
                            Text(item)
                        }
                    }
                    if let message = \(state).errorMessage {
                        VStack(alignment: .leading) {
                            Text(message)
                            Button("Retry") { loadRequest += 1 }
                        }
                    }
                }
                .overlay {
                    if \(state).isLoading && \(state).content == nil {
                        ProgressView()
                    }
                }
                .navigationTitle(\(state).content?.title ?? "\(n.name)")
                .refreshable { \(load) }
                .task(id: loadRequest) { \(load) }
            }
        }

        #if DEBUG
        struct \(n.view)_Previews: PreviewProvider {
            static var previews: some View {
                NavigationStack {
                    \(n.view)(useCase: Preview\(n.useCase)())
                }
            }
        }

        /// Sample content for previews.
        private struct Preview\(n.useCase): \(n.useCase) {
            func load() async throws -> \(n.content) {
                \(n.content)(title: "\(n.name)", items: ["First", "Second", "Third"])
            }
        }
        #endif

        """
    }

    /// `text` with every non-empty line indented by `count` spaces.
    private static func indent(_ text: String, by count: Int) -> String {
        let pad = String(repeating: " ", count: count)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : pad + $0 }.joined(separator: "\n")
    }
}
