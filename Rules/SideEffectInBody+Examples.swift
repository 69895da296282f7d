/// Examples of `side_effect_in_body`.
import MVILintCore

extension SideEffectInBody {
    static let examplesList: [RuleExample] = [
        .triggering("""
        struct OrdersView: View {
            @ObservedObject var viewModel = OrdersViewModel()
            @EnvironmentObject var store: AppStore

            var body: some View {
                let _ = ↓viewModel.loadOrders()
                let _ = ↓Task { await viewModel.refresh() }
                let _ = ↓self.store.send(.appeared)
                let _ = ↓DispatchQueue.main.async { print("rendered") }
                List(viewModel.orders) { Text($0.title) }
            }
        }
        """),
        .triggering("""
        @Observable final class FeedModel {
            var items: [Int] = []
            func fetchFeed() {}
            func updateBadge() {}
        }
        struct FeedView: View {
            @State private var model = FeedModel()
            var body: some View {
                get {
                    ↓model.fetchFeed()
                    ↓model.updateBadge()
                    return Text("\\(model.items.count)")
                }
            }
        }
        """),
        .triggering("""
        struct Highlight: ViewModifier {
            @ObservedObject var store: SearchStore
            func body(content: Content) -> some View {
                let _ = ↓store.dispatch(.highlight)
                let _ = ↓Task.detached { await store.warmUp() }
                content.background(.yellow)
            }
        }
        """),
        .triggering(files: [
            "InboxModel.swift": "final class InboxModel: ObservableObject { func reloadMessages() {} }",
            "InboxView.swift": """
            struct InboxView: View {
                @ObservedObject var inbox: InboxModel
            }
            """,
            "InboxView+Body.swift": """
            extension InboxView: View {
                var body: some View {
                    let _ = ↓inbox.reloadMessages()
                    Text("Inbox")
                }
            }
            """,
        ]),
        // Near misses: everything inside closures, computed helpers, reads, and non-loading names.
        .nonTriggering("""
        struct OrdersView: View {
            @ObservedObject var viewModel: OrdersViewModel
            @State private var task: Task<Void, Never>?
            let queue = DispatchQueue.main

            var body: some View {
                let title = viewModel.formattedTitle()
                let _ = viewModel.loadingText()
                List {
                    ForEach(viewModel.orders) { order in
                        let _ = viewModel.loadDetails(order)
                        Text(order.title)
                    }
                }
                .task { await viewModel.load() }
                .onAppear { viewModel.send(.appeared); Task { await viewModel.refresh() } }
                .refreshable { await viewModel.reload() }
                .toolbar {
                    Button("Save") { viewModel.save() }
                    Button("Later") { DispatchQueue.main.async { viewModel.submit() } }
                }
                .navigationTitle(title)
                Text(viewModel.title)
                    .onAppear(perform: viewModel.startTracking)
            }

            var header: some View {
                let _ = viewModel.loadHeader()
                return Text("Header")
            }

            func start() {
                viewModel.start()
            }
        }
        """),
        .nonTriggering("""
        struct ProfileView: View {
            let formatter: ProfileFormatter
            var body: some View {
                let _ = formatter.update(locale: .current)
                let _ = load()
                let _ = Task.isCancelled
                Text("Profile")
            }
            func load() -> Int { 1 }
        }
        struct ProfileFormatter { func update(locale: Locale) {} }
        """),
        // A method named by its argument labels is passed on, not called.
        .nonTriggering("""
        struct CounterConnector<Content: View>: View {
            @EnvironmentObject var store: CounterStore
            let content: (Int, @escaping (CounterAction) -> Void) -> Content
            var body: Content {
                content(store.count, store.dispatch(action:))
            }
        }
        struct HistoryButton: View {
            @ObservedObject var store: CounterStore
            var body: some View {
                let handler: (Int) -> Void = store.loadHistory(limit:)
                Button("History") { handler(10) }
            }
        }
        """),
        // A Composable Architecture store held as `StoreOf<Feature>`, as one held as `Store<…>`.
        .triggering("""
        import ComposableArchitecture

        struct InboxView: View {
            let store: StoreOf<Inbox>
            var body: some View {
                let _ = ↓store.send(.appeared)
                Text("\\(store.unread)")
            }
        }
        """),
        // Sent from an action, not while `body` is evaluated.
        .nonTriggering("""
        import ComposableArchitecture

        struct InboxView: View {
            let store: StoreOf<Inbox>
            var body: some View {
                Text("\\(store.unread)").onAppear { store.send(.appeared) }
            }
        }
        """),
    ]
}
