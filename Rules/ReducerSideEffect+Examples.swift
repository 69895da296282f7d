/// Examples of `reducer_side_effect`.
import MVILintCore

extension ReducerSideEffect {
    static let examplesList: [RuleExample] = [
        .triggering("""
        func cartReducer(state: inout CartState, action: CartAction) {
            switch action {
            case .add(let product):
                state.items.append(CartItem(id: ↓UUID(), product: product))
                state.updatedAt = ↓Date()
                ↓print("added \\(product.name)")
            case .clear:
                state.items = []
                ↓UserDefaults.standard.removeObject(forKey: "cart")
            }
        }
        """),
        .triggering("""
        @MainActor
        final class HomeStore: ObservableObject {
            @Published private(set) var state = HomeState()

            func send(_ intent: HomeIntent) { Self.reduce(&state, intent) }

            static func reduce(_ state: inout HomeState, _ intent: HomeIntent) {
                switch intent {
                case .shuffle:
                    state.seed = ↓Int.random(in: 0..<100)
                    state.accent = ↓.random()
                case .refresh:
                    state.isLoading = true
                    ↓Task { await reload() }
                case .log:
                    ↓DispatchQueue.main.async { print("log") }
                }
            }
        }
        """),
        .triggering("""
        @Reducer
        struct Counter {
            struct State { var count = 0; var fact: String? }
            enum Action { case increment, factTapped, factLoaded(String) }

            var body: some ReducerOf<Self> {
                Reduce { state, action in
                    switch action {
                    case .increment:
                        state.count += 1
                        ↓NotificationCenter.default.post(name: .counterChanged, object: nil)
                        return .none
                    case .factTapped:
                        state.fact = ↓FileManager.default.contents(atPath: "fact.txt").map { String(decoding: $0, as: UTF8.self) }
                        return .run { [count = state.count] send in
                            let (data, _) = try await URLSession.shared.data(from: factURL(count))
                            await send(.factLoaded(String(decoding: data, as: UTF8.self)))
                        } catch: { error, send in
                            print(error)
                        }
                    case .factLoaded(let fact):
                        state.fact = fact
                        ↓print(fact)
                        return .run (
                            operation: { send in await send(.factTapped) },
                            catch: { error, send in
                                print(error)
                                await send(.increment)
                            }
                        )
                    }
                }
            }
        }
        """),
        // A queue handed to the returned effect as its scheduler dispatches nothing; a chain
        // that schedules work on a queue does.
        .triggering("""
        func counterReducer(state: inout CounterState, action: CounterAction, environment: CounterEnvironment) -> AnyPublisher<CounterAction, Never> {
            switch action {
            case .factTapped:
                state.isLoading = true
                return environment.fact(state.count)
                    .map(CounterAction.factLoaded)
                    .receive(on: DispatchQueue.main)
                    .eraseToAnyPublisher()
            case .factLoaded(let fact):
                state.isLoading = false
                state.fact = fact
                ↓DispatchQueue.global().asyncAfter(deadline: .now() + 1) { print("loaded") }
                return Just(.cleared).delay(for: 1, scheduler: DispatchQueue.main).eraseToAnyPublisher()
            }
        }
        """),
        // An `await` in an async closure that a helper turns into the effect runs later.
        .nonTriggering("""
        @Reducer
        struct Library {
            struct State { var documents: [String] = [] }
            enum Action { case delete(String), pin(String), deleted }
            var body: some ReducerOf<Self> {
                Reduce { state, action in
                    switch action {
                    case .delete(let id):
                        return operation(state: &state) {
                            try await DocumentStore.remove(id)
                            UserDefaults.standard.removeObject(forKey: id)
                        }
                    case .pin(let id):
                        return .exec { _ in UserDefaults.standard.set(id, forKey: "pinned") }
                    case .deleted:
                        return .none
                    }
                }
            }
            func operation(state: inout State, _ work: @escaping () async throws -> Void) -> Effect<Action> {
                .run { send in try await work(); await send(.deleted) }
            }
        }
        """),
        // TCA 0.x names the factory with its type; the closure runs when the effect is subscribed.
        // A session made before the `return` is made in the reducer.
        .triggering("""
        let syncReducer = Reducer<SyncState, SyncAction, SyncEnvironment> { state, action, _ in
            switch action {
            case .start:
                return Effect.future { callback in
                    URLSession.shared.dataTask(with: URL(string: "https://example.org")!) { _, _, _ in
                        callback(.success(.finished))
                    }.resume()
                }
            case .wipe:
                return Effect.catching { try FileManager.default.removeItem(atPath: "/tmp/cache") }
                    .fireAndForget()
            case .restart:
                let session = ↓URLSession.shared
                return Effect.future { callback in
                    session.invalidateAndCancel()
                    callback(.success(.finished))
                }
            case .finished:
                state.done = true
                return .none
            }
        }
        """),
        // What is computed while the returned effect is built runs in the reducer, and so may
        // a plain closure given to a method.
        .triggering("""
        @Reducer
        struct Library {
            struct State { var documents: [String] = [] }
            enum Action { case add, added(UUID), log }
            var body: some ReducerOf<Self> {
                Reduce { state, action in
                    switch action {
                    case .add:
                        return .send(.added(↓UUID()))
                    case .log:
                        return logged(state: &state) { ↓print("log") }
                    case .added:
                        return .none
                    }
                }
            }
        }
        """),
        .triggering("""
        struct Search: Reducer {
            struct State { var query = ""; var requestID: UUID? }
            enum Action { case queryChanged(String) }

            func reduce(into state: inout State, action: Action) -> Effect<Action> {
                switch action {
                case .queryChanged(let query):
                    state.query = query
                    state.requestID = ↓UUID()
                    let results = try? ↓await URLSession.shared.data(from: searchURL(query))
                    return Effect.run { send in print(results as Any) }
                }
            }
        }
        """),
        .nonTriggering("""
        func cartReducer(state: inout CartState, action: CartAction) -> Effect<CartAction> {
            switch action {
            case .add(let product, let addedAt):
                // print(state) while debugging; UUID() comes in with the action
                state.items.append(CartItem(id: UUID(uuidString: product.id)!, product: product))
                state.updatedAt = addedAt
                state.lastMessage = "print(added)"
                return .none
            case .restore(let timestamp):
                state.updatedAt = Date(timeIntervalSince1970: timestamp)
                return .run { send in
                    let saved = await CartStorage.shared.load()
                    print("restored", Date())
                    await send(.restored(saved))
                }
            case .sync:
                return .task { await .synced(try? CartAPI.sync()) }
            case .clear:
                state.items.removeAll { $0.quantity == 0 }
                return .fireAndForget { UserDefaults.standard.removeObject(forKey: "cart") }
            }
        }
        """),
        .nonTriggering("""
        final class Store<State, Action>: ObservableObject {
            @Published private(set) var state: State
            private let reducer: (inout State, Action) -> Void
            init(initialState: State, reducer: @escaping (inout State, Action) -> Void) {
                self.state = initialState
                self.reducer = reducer
            }
            func send(_ action: Action) {
                print("send", action)
                reducer(&state, action)
            }
        }

        func log(_ state: HomeState, action: HomeAction) { print(state, action, Date()) }
        func touch(state: inout HomeState) { state.openedAt = Date() }
        func apply(_ action: HomeAction, to state: inout HomeState) {
            state.date = action.date
            state.id = action.id
        }
        """),
        .triggering("""
        let timerReducer = Reducer<TimerState, TimerAction, TimerEnvironment> { state, action, environment in
            switch action {
            case .start:
                state.startedAt = ↓Date()
                return Effect.timer(id: TimerID(), every: 1, on: environment.mainQueue).map { _ in .tick }
            case .tick:
                state.ticks += 1
                ↓print("tick")
                return .none
            }
        }
        """),
        .nonTriggering("""
        let timerReducer = Reducer<TimerState, TimerAction, TimerEnvironment> { state, action, environment in
            switch action {
            case .start:
                state.startedAt = environment.now()
                return .fireAndForget { print("started") }
            case .tick:
                state.ticks += 1
                return .none
            }
        }
        // Not a reducer closure: two parameters and no environment.
        let formatter = Reducer { total, value in print(total, value) }
        """),
        // The operators of the publisher returned as the effect run when the store subscribes
        // to it; what the reducer computes to build it runs in the reducer.
        .nonTriggering("""
        let sessionReducer = Reducer<SessionState, SessionAction, SessionEnvironment> { state, action, env in
            switch action {
            case let .save(name):
                return env.save(name)
                    .delay(for: .milliseconds(300), scheduler: env.mainQueue)
                    .eraseToEffect()
                    .map { ok -> SessionAction in
                        print("saved", ok)
                        return .saved(ok)
                    }
            case .signOut:
                return env.signOut()
                    .flatMapLatest { _ -> Effect<SessionAction, Never> in
                        UserDefaults.standard.removeObject(forKey: "session")
                        return Effect(value: .signedOut)
                    }
                    .eraseToEffect()
            case .saved, .signedOut:
                return .none
            }
        }
        """),
        .triggering("""
        let sessionReducer = Reducer<SessionState, SessionAction, SessionEnvironment> { state, action, env in
            switch action {
            case let .save(name):
                let key = ↓UserDefaults.standard.string(forKey: "key") ?? ""
                return env.save(key + name).map { _ in .saved(true) }
            case .saved:
                return .none
            }
        }
        """),
        // A reducer that returns the new state (ReSwift).
        .triggering("""
        func counterReducer(action: Action, state: CounterState?) -> CounterState {
            var state = state ?? CounterState()
            switch action {
            case let action as CounterAction.Increase:
                state.count += action.by
                state.changedAt = ↓Date()
            default:
                break
            }
            ↓print(state)
            return state
        }
        """),
        // An `async` function that returns the next state awaits by design; an `inout` one, or
        // one named for reducing, is a reducer.
        .triggering("""
        func swapStep(state: SwapState, action: SwapAction, services: SwapServices) async -> SwapState {
            var next = state
            next.quote = await services.quote(for: state.amount)
            print("quoted")
            return next
        }
        func reduce(state: inout SwapState, action: SwapAction) async {
            state.quote = ↓await Quotes.latest()
        }
        func reduce(_ state: SwapState, action: SwapAction) async throws -> SwapState {
            var next = state
            next.quote = try ↓await Quotes.latest()
            return next
        }
        """),
        // A reducer that returns its effects as a list: the closures run when the store runs
        // them; what builds the list runs in the reducer.
        .nonTriggering("""
        func reduce(state: inout NoteState, action: NoteAction) -> [Effect<NoteAction>] {
            switch action {
            case .create:
                return [
                    Effect { [service] emitter in
                        try? await service.save()
                        emitter.send(.add(Note(id: UUID(), createdAt: Date())))
                    },
                    Effect { emitter in print("created") },
                ]
            case .add(let note):
                state.notes.append(note)
                return []
            }
        }
        """),
        .triggering("""
        func reduce(state: inout NoteState, action: NoteAction) -> [Effect<NoteAction>] {
            switch action {
            case .create:
                let stamp = ↓Date()
                return [Effect.send(.add(Note(id: ↓UUID(), createdAt: stamp)))]
            case .add(let note):
                state.notes.append(note)
                return []
            }
        }
        """),
        // Not a function that builds a state from something else, or reads one without an action.
        .nonTriggering("""
        func makeState(from response: Response) -> FeedState {
            print("decoded", response.items.count)
            return FeedState(items: response.items, loadedAt: Date())
        }
        func describe(_ state: FeedState, for action: FeedAction) -> String {
            "\\(action) at \\(Date())"
        }
        """),
    ]
}
