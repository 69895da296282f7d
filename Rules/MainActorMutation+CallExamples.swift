/// Examples of `main_actor_mutation`: calls of a model's state-writing methods made off the main
/// actor, isolation as the compiler infers it, and preview code.
import MVILintCore

extension MainActorMutation {
    /// A model, not isolated, whose synchronous `post(_:)` writes its observable state.
    static let messageBus = """
        final class MessageBus: ObservableObject {
            @Published private(set) var current: String?
            @Published var isVisible = false
            private var postedCount = 0
            func post(_ message: String) {
                current = message
                show()
            }
            func count() { postedCount += 1 }
            private func show() { isVisible = true }
        }
        """

    static let callExamples: [RuleExample] = [
        // An intent of another class calls the model's method inside `Task { }`, a detached task,
        // a global queue's closure and a completion handler: each call is reported, naming the
        // method and the state it writes (also through the method it calls on itself).
        .triggering(files: [
            "MessageBus.swift": MainActorMutation.messageBus,
            "PlaybackIntent.swift": """
            final class PlaybackIntent {
                let bus: MessageBus
                init(bus: MessageBus) { self.bus = bus }
                func failed() {
                    Task {
                        ↓bus.post("Playback failed")
                    }
                    Task.detached { [bus] in ↓bus.post("Retrying") }
                    DispatchQueue.global().async { ↓self.bus.post("Offline") }
                    URLSession.shared.dataTask(with: URL(string: "https://example.com")!) { _, _, _ in
                        ↓self.bus.post("Loaded")
                    }.resume()
                }
                func progress(_ seconds: Int) async {
                    ↓bus.post("At \\(seconds)s")
                }
            }
            """,
        ]),
        // The same calls on the main actor, a method that writes no observable state, and a plain
        // synchronous call are not reported.
        .nonTriggering(files: [
            "MessageBus.swift": MainActorMutation.messageBus,
            "PlaybackIntent.swift": """
            final class PlaybackIntent {
                let bus: MessageBus
                init(bus: MessageBus) { self.bus = bus }
                func failed() {
                    bus.post("Playback failed")
                    Task { @MainActor in bus.post("Retrying") }
                    DispatchQueue.main.async { self.bus.post("Offline") }
                    Task.detached { [bus] in bus.count() }
                }
                func progress(_ seconds: Int) async {
                    await MainActor.run { bus.post("At \\(seconds)s") }
                }
            }
            """,
        ]),
        // A caller isolated to the main actor (the class, or the method) keeps `Task { }` there;
        // only a global queue or a detached task leaves it. A view's code runs on the main actor.
        .triggering(files: [
            "MessageBus.swift": MainActorMutation.messageBus,
            "Coordinator.swift": """
            @MainActor final class Coordinator {
                let bus = MessageBus()
                func start() async {
                    bus.post("Started")
                    Task { bus.post("Ready") }
                    Task.detached { [bus] in ↓bus.post("Detached") }
                    DispatchQueue.global().async { ↓self.bus.post("Background") }
                }
            }
            """,
            "BannerView.swift": """
            import SwiftUI
            struct BannerView: View {
                @StateObject private var bus = MessageBus()
                var body: some View {
                    Button("Show") { Task { bus.post("Tapped") } }
                        .task { bus.post("Shown") }
                }
            }
            """,
        ]),
        // The model's own methods: a call in an `async` method, or in a library's completion
        // handler, is reported at the call; a model isolated to the main actor is not followed.
        .triggering("""
        final class CategoriesForm: ObservableObject {
            @Published private(set) var categories: [String] = []
            func load() async {
                let fetched = await fetch()
                ↓updateCategories(fetched)
            }
            func refresh(_ url: URL) {
                URLSession.shared.dataTask(with: url) { _, _, _ in
                    ↓self.updateCategories([])
                }.resume()
            }
            private func updateCategories(_ list: [String]) { categories = list }
            private func fetch() async -> [String] { [] }
        }
        @MainActor final class TagsForm: ObservableObject {
            @Published private(set) var tags: [String] = []
            func load() async { update([]) }
            func refresh() { DispatchQueue.main.async { self.update([]) } }
            private func update(_ list: [String]) { tags = list }
        }
        """),
        // Through a property typed by a protocol the model adopts, and a shared instance.
        .triggering(files: [
            "MessageBus.swift": MainActorMutation.messageBus + "\nprotocol MessagePosting: AnyObject { func post(_ message: String) }\nextension MessageBus: MessagePosting {}\nextension MessageBus { static let shared = MessageBus() }",
            "SyncIntent.swift": """
            struct SyncIntent {
                let messages: MessagePosting
                func run() {
                    DispatchQueue.global(qos: .utility).async {
                        ↓messages.post("Synced")
                        ↓MessageBus.shared.post("Done")
                    }
                }
            }
            """,
        ]),
        // A `@MainActor` method of the model writes on the main actor, and so does a method whose
        // state is `@MainActor`: neither is followed. A method called in test code is not reported.
        .nonTriggering(files: [
            "Uploads.swift": """
            final class Uploads: ObservableObject {
                @Published private(set) var progress = 0.0
                @MainActor @Published private(set) var done = false
                @MainActor func setProgress(_ p: Double) { progress = p }
                @MainActor func finish() { done = true }
            }
            """,
            "Uploader.swift": """
            final class Uploader {
                let uploads = Uploads()
                func upload() async {
                    await uploads.setProgress(1)
                    await uploads.finish()
                }
            }
            """,
            "UploadsTests.swift": """
            import XCTest
            final class UploadsTests: XCTestCase {
                func testPost() async {
                    let bus = MessageBus()
                    bus.post("Hi")
                }
            }
            """,
            "MessageBus.swift": MainActorMutation.messageBus,
        ]),
    ]

    static let isolationExamples: [RuleExample] = [
        // Only a conformance in the class's own declaration isolates it, as the compiler infers
        // isolation: one added by an extension does not.
        .triggering("""
        @MainActor protocol Screen {}
        final class SettingsModel: ObservableObject {
            @Published var volume = 0
            func reset() { DispatchQueue.global().async { ↓self.volume = 0 } }
        }
        extension SettingsModel: Screen {}
        """),
        .nonTriggering("""
        @MainActor protocol Screen {}
        final class SettingsModel: ObservableObject, Screen {
            @Published var volume = 0
            func reset() { DispatchQueue.global().async { self.volume = 0 } }
        }
        """),
        // In a `@MainActor` method of a model that is not isolated, plain writes and `Task { }` run
        // on the main actor; a closure of a global queue or a detached task does not.
        .triggering("""
        @Observable final class ChatStore {
            private var generation = 0
            @MainActor var messages: [String] = []
            @MainActor func send() {
                messages.append("…")
                generation = 1
                Task { generation = 2 }
                DispatchQueue.global(qos: .background).async { ↓self.generation = 3 }
                Task.detached { ↓self.generation = 4 }
            }
        }
        """),
        // An explicit `nonisolated` class opts out of isolation: its writes are checked.
        .triggering("""
        nonisolated final class Poller: ObservableObject {
            @Published var ticks = 0
            func start() { DispatchQueue.global().async { ↓self.ticks += 1 } }
        }
        """),
    ]

    static let previewExamples: [RuleExample] = [
        // A preview stub (in "Preview Content", or a type named for a stub or mock) does not tell
        // where the app's function of that name runs its closure: the app's helper, which hops to
        // the main queue, decides.
        .nonTriggering(files: [
            "Fetcher.swift": MainActorMutation.mainQueueFetcher,
            "ListModel.swift": """
            final class ListModel: ObservableObject {
                @Published private(set) var items: [String] = []
                private let fetcher = Fetcher()
                func reload() { fetcher.fetch { [weak self] in self?.items = $0 } }
            }
            """,
            "Preview Content/PreviewFetcher.swift": """
            final class PreviewFetcher {
                func fetch(completion: @escaping ([String]) -> Void) { completion(["Preview"]) }
            }
            """,
            "StubFetcher.swift": """
            final class FetcherStub {
                func fetch(completion: @escaping ([String]) -> Void) { completion([]) }
            }
            """,
        ]),
        // Preview code calls what it likes: a call there is not reported. The app's own call is.
        .triggering(files: [
            "MessageBus.swift": MainActorMutation.messageBus,
            "BannerPreviews.swift": """
            import SwiftUI
            struct Banner_Previews: PreviewProvider {
                static var previews: some View {
                    let bus = MessageBus()
                    DispatchQueue.global().async { bus.post("Preview") }
                    return Text("Banner")
                }
                static func load(_ bus: MessageBus) async { bus.post("Loaded") }
            }
            """,
            "Loader.swift": """
            final class Loader {
                func load(_ bus: MessageBus) async { ↓bus.post("Loaded") }
            }
            """,
        ]),
    ]
}
