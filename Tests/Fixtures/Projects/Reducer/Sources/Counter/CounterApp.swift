import SwiftUI

@main
struct CounterApp: App {
    @StateObject private var store = CounterStore(initialState: CounterState(), reducer: counterReducer)

    var body: some Scene {
        WindowGroup {
            CounterScreen()
                .environmentObject(store)
        }
    }
}

struct CounterScreen: View {
    @EnvironmentObject private var store: CounterStore

    var body: some View {
        VStack {
            Text("\(store.state.count)")
            Button("+") { store.dispatch(.increment) }
            HistoryView()
        }
    }
}
