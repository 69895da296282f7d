import SwiftUI

@MainActor
final class HistoryStore: ObservableObject {
    @Published private(set) var entries: [Int] = []

    func refresh() {
        entries = []
    }
}

struct HistoryView: View {
    @EnvironmentObject private var store: CounterStore
    @EnvironmentObject private var history: HistoryStore

    var body: some View {
        history.refresh()
        return List(store.state.history, id: \.self) { Text("\($0)") }
    }
}

struct HistoryDetail: View {
    @StateObject private var history: HistoryStore

    init(history: HistoryStore) {
        _history = StateObject(wrappedValue: history)
    }

    var body: some View {
        Text("\(history.entries.count)")
    }
}
