/// Examples of `main_actor_mutation`: isolation, what counts as a write, SwiftUI handlers.
import MVILintCore

extension MainActorMutation {
    /// Every example, by theme (each theme in its own file).
    static let examplesList: [RuleExample] = basicExamples + dispatchExamples + combineExamples + stateChainExamples
        + libraryExamples + projectFunctionExamples + projectPublisherExamples + callExamples + isolationExamples + previewExamples

    static let basicExamples: [RuleExample] = [
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
        """).messages([
            "`isLoading` is observable state of `FeedViewModel` and is mutated off the main actor (in the `async` method `load`); isolate `FeedViewModel` with `@MainActor` or hop to the main actor first",
            "`items` is observable state of `FeedViewModel` and is mutated off the main actor (in the `async` method `load`); isolate `FeedViewModel` with `@MainActor` or hop to the main actor first",
            "`items` is observable state of `FeedViewModel` and is mutated off the main actor (inside `Task.detached { }`); isolate `FeedViewModel` with `@MainActor` or hop to the main actor first",
            "`isLoading` is observable state of `FeedViewModel` and is mutated off the main actor (inside a closure run by a background queue); isolate `FeedViewModel` with `@MainActor` or hop to the main actor first",
        ]),
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
        ]).messages([
            "`unread` is observable state of `InboxModel` and is mutated off the main actor (inside `Task { }`); isolate `InboxModel` with `@MainActor` or hop to the main actor first",
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
        // A method called on an actor (or a class) that a property holds, or a write into such
        // an object, changes that object, not the property.
        .nonTriggering("""
        actor ReadQueue {
            private var ids: Set<Int> = []
            func remove(_ id: Int) { ids.remove(id) }
        }
        final class BlockList {
            var users: [Int: String] = [:]
        }
        @Observable
        final class PostClient {
            var readQueue = ReadQueue()
            weak var blocks: BlockList?
            func markRead(_ id: Int) async {
                await readQueue.remove(id)
                blocks?.users[id] = nil
            }
        }
        @Observable
        final class Post {
            var client: PostClient
            init(client: PostClient) { self.client = client }
            func open(_ id: Int) async {
                await client.readQueue.remove(id)
                self.client.blocks?.users.removeValue(forKey: id)
            }
        }
        """),
        .triggering("""
        struct Draft { var text = "" }
        final class EditorModel: ObservableObject {
            @Published private(set) var draft = Draft()
            func save() async {
                ↓draft.text = ""
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
        // The body of a function declared inside a method is not a closure handed to a call: it
        // runs where it is called.
        .triggering("""
        final class CounterModel: ObservableObject {
            @Published private(set) var count = 0
            func bump() {
                reset()
                func reset() { count = 0 }
                func later() -> Int { DispatchQueue.global().async { ↓self.count = 1 }; return count }
                _ = later()
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
        // SwiftUI calls the event handlers of a view, and a button's action, on the main thread,
        // also in a view that a presenter builds; a method of another object named like one is not
        // an event handler.
        .nonTriggering("""
        final class SheetPresenter: ObservableObject {
            @Published private(set) var mode = 0
            func makeEditSheet() -> some View {
                VStack {
                    Text("Edit").onTapGesture { self.mode = 2 }
                    Button("Close") { self.mode = 3 }
                    Button(action: { self.mode = 4 }) { Text("Reset") }
                }
                .onDisappear { self.mode = 0 }
            }
        }
        """),
        // A plain nested class that shares its name with a nested model is not a model.
        .nonTriggering("""
        struct WindowReader: NSViewRepresentable {
            final class Coordinator: ObservableObject { @Published private(set) var level = 0 }
        }
        struct ColorPicker: NSViewRepresentable {
            final class Coordinator {
                var level = 0
                func update() { DispatchQueue.global().async { self.level += 1 } }
            }
        }
        """),
        // A method that witnesses a `@MainActor` requirement of a protocol that the same
        // declaration conforms to (also through a protocol that refines it) is isolated to the
        // main actor; one whose requirement is not, or whose conformance is stated elsewhere, is not.
        .triggering(files: [
            "Intent.swift": """
            protocol Intent: ObservableObject {
                associatedtype Action
                @MainActor func trigger(_ action: Action) async
                func reset() async
            }
            protocol ScreenIntent: Intent {}
            """,
            "CounterIntent.swift": """
            final class CounterIntent: ScreenIntent {
                @Published private(set) var count = 0
                func trigger(_ action: Int) async {
                    count += action
                }
                func reset() async {
                    ↓count = 0
                }
            }
            final class OtherIntent: ObservableObject {
                @Published private(set) var count = 0
                func trigger(_ action: Int) async {
                    ↓count += action
                }
            }
            extension OtherIntent: Intent {
                func reset() async {}
            }
            """,
        ]),
    ]
}
