import ComposableArchitecture

@Reducer
struct TimerFeature {
    @ObservableState
    struct State: Equatable {
        var seconds = 0
        var isRunning = false
    }

    enum Action {
        case startTapped
        case tick
    }

    var body: some ReducerOf<Self> {
        Reduce { state, action in
            switch action {
            case .startTapped:
                state.isRunning = true
                UserDefaults.standard.set(true, forKey: "timer.running")
                return .run { send in
                    // Near miss: effects may sleep and read the clock.
                    let start = Date()
                    try await Task.sleep(for: .seconds(1))
                    _ = start
                    await send(.tick)
                }
            case .tick:
                state.seconds += 1
                return .none
            }
        }
    }
}
