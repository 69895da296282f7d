/// Examples of `main_actor_mutation`.
import MVILintCore

extension MainActorMutation {
    static let examplesList: [RuleExample] = [
        .triggering("""
        final class FeedViewModel: ObservableObject {
            @Published private(set) var items: [String] = []
            @Published private(set) var isLoading = false

            func load() async {
                ↓isLoading = true
                let fetched = await fetchItems()
                ↓self.items = fetched
            }

            func reload() {
                Task.detached {
                    ↓self.items.removeAll()
                }
                DispatchQueue.global(qos: .userInitiated).async {
                    ↓self.isLoading.toggle()
                }
            }
        }
        """),
        .triggering("""
        final class TimelineModel: ObservableObject {
            @Published private(set) var posts: [Post] = []
            private let queue = DispatchQueue(label: "timeline")
            private var bag = Set<AnyCancellable>()

            func bind(_ feed: AnyPublisher<[Post], Never>) {
                feed.sink { [weak self] posts in
                    ↓self?.posts = posts
                }
                .store(in: &bag)
                queue.async { ↓self.posts[0] = Post() }
            }

            func fetch(client: APIClient) {
                client.get("/posts") { result in
                    ↓self.posts += result
                }
            }
        }
        """),
        .triggering(files: [
            "InboxModel.swift": """
            @Observable
            final class InboxModel {
                private(set) var unread = 0
            }
            """,
            "InboxModel+Sync.swift": """
            extension InboxModel {
                func sync() {
                    Task { ↓unread += 1 }
                }
            }
            """,
        ]),
        .triggering("""
        @MainActor
        final class PlayerModel: ObservableObject {
            @Published private(set) var position = 0.0
            nonisolated func seek(to value: Double) async {
                ↓self.position = value
            }
        }
        """),
        .nonTriggering("""
        final class FeedViewModel: ObservableObject {
            @Published private(set) var items: [String] = []
            @Published private(set) var isLoading = false

            func reset() {
                items = []
                isLoading = false
                items.forEach { _ in isLoading = true }
            }

            func load() {
                DispatchQueue.main.async { self.isLoading = true }
                Task { @MainActor in self.items = [] }
                Task {
                    await MainActor.run { self.items.append("x") }
                }
            }

            @MainActor func refresh() async {
                isLoading = true
            }

            func merge(_ items: [String]) async {
                var items = items
                items.append("local")
                let isLoading = true
                _ = isLoading
            }
        }
        """),
        .nonTriggering("""
        final class SearchModel: ObservableObject {
            @Published private(set) var results: [String] = []
            private var bag = Set<AnyCancellable>()
            private var counter = 0

            func bind(_ query: AnyPublisher<[String], Never>) {
                query
                    .receive(on: DispatchQueue.main)
                    .sink { [weak self] in self?.results = $0 }
                    .store(in: &bag)
                Task.detached { self.counter += 1 }
                NotificationCenter.default.addObserver(forName: .refresh, object: nil, queue: .main) { _ in
                    self.results = []
                }
            }
        }
        """),
        .nonTriggering("""
        @MainActor
        final class ProfileViewModel: ObservableObject {
            @Published private(set) var name = ""
            func load() async {
                name = await fetchName()
                Task { name = "" }
            }
        }
        final class Worker {
            var value = 0
            func run() { Task.detached { self.value = 1 } }
        }
        """),
        .nonTriggering(files: [
            "Base.swift": "@MainActor class BaseModel: ObservableObject {}",
            "Child.swift": """
            final class ChildModel: BaseModel {
                @Published private(set) var count = 0
                func increment() async { count += 1 }
            }
            """,
        ]),
    ]
}
