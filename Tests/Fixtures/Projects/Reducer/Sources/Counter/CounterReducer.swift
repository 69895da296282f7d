import Foundation

struct CounterState: Equatable {
    var count = 0
    var history: [Int] = []
    var lastChange: Date?
}

enum CounterAction {
    case increment
    case decrement
    case reset(at: Date)
}

typealias CounterStore = Store<CounterState, CounterAction>

func counterReducer(_ state: inout CounterState, _ action: CounterAction) {
    switch action {
    case .increment:
        state.count += 1
        state.lastChange = Date()
    case .decrement:
        state.count -= 1
        // Near miss: the text mentions Date() and print( but is only a comment.
        state.history.append(state.count)
    case .reset(let date):
        // Near miss: the date arrives with the action.
        state.count = 0
        state.lastChange = date
    }
}
