/// Examples of `main_actor_mutation`: Dispatch and operation queues, tasks, timers, closures run at once.
import MVILintCore

extension MainActorMutation {
    static let dispatchExamples: [RuleExample] = [
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
        """).messages([
            "`posts` is observable state of `TimelineModel` and is mutated off the main actor (inside a Combine `sink` with no `receive(on:)` to the main queue upstream); isolate `TimelineModel` with `@MainActor` or hop to the main actor first",
            "`posts` is observable state of `TimelineModel` and is mutated off the main actor (inside a closure run by a background queue); isolate `TimelineModel` with `@MainActor` or hop to the main actor first",
            "`posts` is observable state of `TimelineModel` and is mutated off the main actor (inside a completion handler passed to `get`); isolate `TimelineModel` with `@MainActor` or hop to the main actor first",
        ]),
        // Closures that run at once on the caller's thread are not completion handlers.
        .nonTriggering("""
        @Observable
        final class Meter {
            private(set) var total = 0
            private(set) var isOpen = false
            func add(_ values: [Int]) {
                values.withUnsafeBufferPointer { buffer in total += buffer.reduce(0, +) }
            }
            func open() {
                NSAnimationContext.runAnimationGroup { context in
                    context.duration = 0.2
                    isOpen = true
                }
            }
        }
        """),
        // A `Task { }` inherits the main actor from the closure around it: `DispatchQueue.main.async`
        // (whose closure Swift isolates to the main actor), `MainActor.run`; one inside another
        // call's closure, or a detached task, does not.
        .triggering("""
        final class GaugeModel: ObservableObject {
            @Published private(set) var level = 0
            func refresh(fetch: @escaping () async -> Int) {
                DispatchQueue.main.async {
                    Task { self.level = await fetch() }
                }
                Task {
                    await MainActor.run { Task { self.level = 0 } }
                }
                DispatchQueue.main.async {
                    Task.detached { ↓self.level = 1 }
                    URLSession.shared.dataTask(with: URL(string: "https://example.com")!) { _, _, _ in
                        Task { ↓self.level = 2 }
                    }.resume()
                }
            }
        }
        """),
        // A work item's block runs where the item is executed; `sync` runs its closure on the
        // caller's thread before it returns (a serial queue used as a lock).
        .nonTriggering("""
        final class SearchModel: ObservableObject {
            @Published private(set) var query = ""
            @Published private(set) var results: [String] = []
            private let lock = DispatchQueue(label: "search.lock")
            private var pending: DispatchWorkItem?

            func type(_ text: String) {
                pending?.cancel()
                let work = DispatchWorkItem { [weak self] in
                    self?.query = text
                }
                pending = work
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.3, execute: work)
            }

            func clear() {
                lock.sync { self.results = [] }
                DispatchQueue.global().sync { self.query = "" }
            }
        }
        """),
        .triggering("""
        final class IndexModel: ObservableObject {
            @Published private(set) var progress = 0.0
            private let worker = DispatchQueue(label: "index", qos: .utility)
            private var job: DispatchWorkItem?

            func start() {
                job = DispatchWorkItem { [weak self] in
                    ↓self?.progress = 1
                }
                worker.async(execute: job!)
            }
        }
        """).messages([
            "`progress` is observable state of `IndexModel` and is mutated off the main actor (inside a work item run by a background queue); isolate `IndexModel` with `@MainActor` or hop to the main actor first",
        ]),
        // Closures that an initialiser or a comparison calls before it returns.
        .nonTriggering("""
        final class ImportModel: ObservableObject {
            @Published private(set) var rows: [String] = []
            @Published private(set) var tally = 0
            func restore(_ data: Data) -> Error? {
                let outcome = Result { rows = try JSONDecoder().decode([String].self, from: data) }
                if case .failure(let error) = outcome { return error }
                return nil
            }
            func sameRows(_ other: [String]) -> Bool {
                rows.elementsEqual(other) { a, b in tally += 1; return a == b }
            }
            func group() -> [Int: [String]] {
                Dictionary(grouping: rows, by: { tally += 1; return $0.count })
            }
        }
        """),
        // Blocks that run before the call returns: UIKit's animations, Core Data's `performAndWait`.
        .nonTriggering("""
        final class DrawerModel: ObservableObject {
            @Published private(set) var offset: CGFloat = 0
            @Published private(set) var titles: [String] = []
            private let context = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
            func close() {
                UIView.animate(withDuration: 0.3) { self.offset = 0 }
                context.performAndWait { self.titles = [] }
            }
        }
        """),
        // A timer added to the main run loop fires there; one added to the current run loop
        // runs where the adding code runs.
        .nonTriggering("""
        final class ClockModel: ObservableObject {
            @Published private(set) var elapsed = 0.0
            @Published private(set) var ticks = 0
            func start() {
                let clock = Timer(timeInterval: 0.5, repeats: true) { [weak self] _ in self?.elapsed += 0.5 }
                RunLoop.main.add(clock, forMode: .common)
            }
            func startHere() {
                let tick = Timer(timeInterval: 1, repeats: true) { [weak self] _ in self?.ticks += 1 }
                RunLoop.current.add(tick, forMode: .default)
            }
        }
        """),
        // A scheduled timer's block runs on the scheduling thread's run loop: here the caller's.
        .nonTriggering("""
        final class IdleModel: ObservableObject {
            @Published private(set) var isDimmed = false
            private var timer: Timer?
            func arm() {
                timer?.invalidate()
                timer = Timer.scheduledTimer(withTimeInterval: 30, repeats: false) { [weak self] _ in
                    self?.isDimmed = true
                }
            }
        }
        """),
        // `AsyncStream` runs its build closure before its initializer returns, in the caller's
        // context; the closure of `AsyncStream(unfolding:)` runs whenever the stream is iterated.
        .triggering("""
        import Observation
        @Observable
        final class EventHub {
            private(set) var listeners: [UUID: AsyncStream<String>.Continuation] = [:]
            private(set) var delivered = 0
            func subscribe() -> AsyncStream<String> {
                let key = UUID()
                return AsyncStream { continuation in
                    self.listeners[key] = continuation
                }
            }
            func numbers() -> AsyncThrowingStream<Int, Error> {
                AsyncThrowingStream(Int.self, bufferingPolicy: .unbounded) { continuation in
                    self.delivered = 0
                    continuation.finish()
                }
            }
            func counts() -> AsyncStream<Int> {
                AsyncStream(unfolding: {
                    ↓self.delivered += 1
                    return self.delivered
                })
            }
        }
        """),
    ]
}
