/// Examples of `main_actor_mutation`: the project's functions that take closures, judged by their code.
import MVILintCore

extension MainActorMutation {
    static let projectFunctionExamples: [RuleExample] = [
        // A helper of the project that calls its completion on the main queue, the completion's
        // type written as a typealias of the file; one that calls it on a global queue does not.
        .triggering("""
        typealias GreetingCompletion = (String) -> Void
        final class GreetingModel: ObservableObject {
            @Published private(set) var text = "Hello"
            func refresh() {
                fetchGreeting { [weak self] greeting in self?.text = greeting }
                fetchLater { [weak self] greeting in ↓self?.text = greeting }
            }
            private func fetchGreeting(completion: @escaping GreetingCompletion) {
                DispatchQueue.main.asyncAfter(deadline: .now() + 1) { completion("Hi") }
            }
            private func fetchLater(completion: @escaping GreetingCompletion) {
                DispatchQueue.global().async { completion("Hi") }
            }
        }
        """),
        // A closure kept in a value of a project enum's case runs where the value is taken apart
        // (a view's button), not in a framework's completion; a framework's handler still counts.
        .triggering("""
        final class UpdatePrompter: ObservableObject {
            enum Phase {
                case idle
                case offer(accept: () -> Void)
                case failed(dismiss: () -> Void, message: String)
            }
            @Published private(set) var phase: Phase = .idle
            func showOffer() {
                phase = .offer(accept: { self.phase = .idle })
                phase = Phase.failed(dismiss: { self.phase = .idle }, message: "Try later")
            }
            func check(_ url: URL) {
                URLSession.shared.dataTask(with: url) { _, _, _ in
                    ↓self.phase = .idle
                }.resume()
            }
        }
        """),
        // A test double of a helper (in a file that imports the app `@testable`, or XCTest) does
        // not run in the app: the app's helper of that name decides; another app function of the
        // name that does not hop still does.
        .nonTriggering(files: [
            "Fetcher.swift": MainActorMutation.mainQueueFetcher,
            "ListModel.swift": """
            final class ListModel: ObservableObject {
                @Published private(set) var items: [String] = []
                private let fetcher = Fetcher()
                func reload() { fetcher.fetch { [weak self] in self?.items = $0 } }
            }
            """,
            "MockFetcher.swift": """
            @testable import Shop
            final class MockFetcher {
                var stub: [String] = []
                func fetch(completion: @escaping ([String]) -> Void) { completion(stub) }
            }
            """,
        ]),
        .triggering(files: [
            "Fetcher.swift": MainActorMutation.mainQueueFetcher,
            "ListModel.swift": """
            final class ListModel: ObservableObject {
                @Published private(set) var items: [String] = []
                func reload(_ f: Fetcher) { f.fetch { [weak self] in ↓self?.items = $0 } }
            }
            """,
            "CachedFetcher.swift": """
            final class CachedFetcher {
                func fetch(completion: @escaping ([String]) -> Void) {
                    DispatchQueue.global().async { completion([]) }
                }
            }
            """,
        ]),
        // A project helper that calls its completion in `Task { @MainActor in }` calls it on the
        // main actor; one that calls it in a detached task does not.
        .triggering("""
        final class CardModel: ObservableObject {
            @Published private(set) var cards: [String] = []
            @Published private(set) var drafts: [String] = []
            private func build(from names: [String], completion: @escaping ([String]) -> Void) {
                Task { @MainActor in completion(names.map { $0.uppercased() }) }
            }
            private func draft(from names: [String], completion: @escaping ([String]) -> Void) {
                Task.detached { completion(names.sorted()) }
            }
            func reload(_ names: [String]) {
                build(from: names) { [weak self] made in self?.cards = made }
                draft(from: names) { [weak self] made in ↓self?.drafts = made }
            }
        }
        """),
        // A project helper that is a static method of `MainActor` runs its closure there, whatever
        // its name; SwiftUI's `withAnimation` runs its closure where it is called.
        .triggering(files: [
            "MainActor+Animation.swift": """
            extension MainActor {
                static func withAnimation<T>(_ animation: Animation? = nil, _ body: @MainActor @escaping () -> T) async {
                    _ = await MainActor.run { SwiftUI.withAnimation(animation) { body() } }
                }
            }
            """,
            "AlbumModel.swift": """
            @Observable final class AlbumModel {
                private(set) var tracks: [String] = []
                private(set) var isFavorite = false
                func load(_ fetch: () async -> [String]) async {
                    let loaded = await fetch()
                    await MainActor.withAnimation { self.tracks = loaded }
                    withAnimation { ↓self.isFavorite = true }
                }
            }
            """,
        ]),
        // A helper that hands its closure to a method of a property's type is judged by that
        // type's method, whatever a method of the same name of another type does.
        .nonTriggering("""
        final class Wire {
            func send(_ url: URL, completion: @escaping (Data?) -> Void) {
                URLSession.shared.dataTask(with: url) { data, _, _ in
                    DispatchQueue.main.async { completion(data) }
                }.resume()
            }
        }
        final class RawWire {
            func send(raw: URLRequest, completion: @escaping (Data?) -> Void) {
                URLSession.shared.dataTask(with: raw) { data, _, _ in completion(data) }.resume()
            }
        }
        protocol Transferring {
            func request(_ url: URL, completion: @escaping (Data?) -> Void)
        }
        final class Transfer: Transferring {
            func request(_ url: URL, completion: @escaping (Data?) -> Void) {
                URLSession.shared.dataTask(with: url) { data, _, _ in
                    DispatchQueue.main.async { completion(data) }
                }.resume()
            }
        }
        final class ReelService {
            private let wire = Wire()
            private let transfer: Transferring = Transfer()
            func fetchCovers(completion: @escaping ([String]) -> Void) {
                transfer.request(URL(fileURLWithPath: "/")) { data in completion(data == nil ? [] : ["c"]) }
            }
        }
        extension ReelService {
            func fetchReels(completion: @escaping ([String]) -> Void) {
                wire.send(URL(fileURLWithPath: "/")) { data in completion(data == nil ? [] : ["a"]) }
            }
        }
        final class ReelsModel: ObservableObject {
            @Published private(set) var reels: [String] = []
            private let service = ReelService()
            func load() {
                service.fetchReels { self.reels = $0 }
                service.fetchCovers { self.reels = $0 }
            }
        }
        """),
        .triggering("""
        final class RawWire {
            func send(raw: URLRequest, completion: @escaping (Data?) -> Void) {
                URLSession.shared.dataTask(with: raw) { data, _, _ in completion(data) }.resume()
            }
        }
        final class RawReelService {
            private let wire = RawWire()
            func fetchRawReels(completion: @escaping ([String]) -> Void) {
                wire.send(raw: URLRequest(url: URL(fileURLWithPath: "/"))) { data in completion(data == nil ? [] : ["a"]) }
            }
        }
        final class RawReelsModel: ObservableObject {
            @Published private(set) var reels: [String] = []
            private let service = RawReelService()
            func load() { service.fetchRawReels { ↓self.reels = $0 } }
        }
        """),
        .triggering("""
        final class Feed {
            func onChange(_ handler: @escaping () -> Void) { DispatchQueue.global().async(execute: handler) }
        }
        final class FeedPresenter: ObservableObject {
            @Published private(set) var count = 0
            let feed = Feed()
            func start() { feed.onChange { ↓self.count += 1 } }
        }
        """),
        // A project function whose closure parameters are non-escaping runs them during the
        // call; an escaping or optional one is a completion handler, unless the function's body
        // only calls it, outside every closure of its own, or hands it to a function that does.
        .triggering("""
        final class TallyModel: ObservableObject {
            @Published private(set) var total = 0
            private var pending: [() -> Void] = []
            func add(_ values: [Int]) {
                measure { total += values.count }
                later { ↓self.total = 0 }
                maybe { ↓self.total = 1 }
                now { self.total = 2 }
                forward { self.total = 3 }
            }
            private func measure(_ body: () -> Void) { body() }
            private func later(_ body: @escaping () -> Void) { pending.append(body) }
            private func maybe(_ body: (() -> Void)?) { URLSession.shared.dataTask(with: URL(fileURLWithPath: "/")) { _, _, _ in body?() }.resume() }
            private func now(_ body: @escaping () -> Void) {
                do {
                    try check()
                    body()
                } catch {
                    body()
                }
            }
            private func forward(_ body: @escaping () -> Void) { now(body) }
            private func check() throws {}
        }
        """),
        // A project helper that runs its closure on the main queue, directly, through another
        // helper of the same name, or handed back there after work on another queue; one that
        // may call it elsewhere is still a completion handler.
        .triggering(files: [
            "Utils.swift": """
            enum Utils {
                static func onMain(_ block: @escaping () -> Void) {
                    if Thread.isMainThread { block() } else { DispatchQueue.main.async { block() } }
                }
                static func later(_ block: @escaping () -> Void) {
                    DispatchQueue.global().async { DispatchQueue.main.async(execute: block) }
                }
                static func afterWork(_ block: @escaping () -> Void) {
                    DispatchQueue.global().async {
                        let ready = Thread.isMainThread
                        DispatchQueue.main.async { if !ready { block() } }
                    }
                }
                static func racing(_ block: @escaping () -> Void) {
                    DispatchQueue.global().async { block() }
                    DispatchQueue.main.async { block() }
                }
            }
            extension DispatchQueue {
                static func runOnMain(_ block: @escaping () -> Void) { DispatchQueue.main.async(execute: block) }
            }
            enum Common {
                static func runOnMain(_ block: @escaping () -> Void) { DispatchQueue.runOnMain(block) }
                static func onMainLater(_ block: @escaping () -> Void) { DispatchQueue.runOnMain { block() } }
                static func onMainNow(_ block: @escaping @Sendable () -> Void) { MainActor.assumeIsolated { block() } }
            }
            """,
            "AuthModel.swift": """
            final class AuthModel: ObservableObject {
                @Published private(set) var isAuthed = false
                func login(api: API) {
                    api.check { [weak self] ok in
                        Utils.onMain { self?.isAuthed = ok }
                        Common.runOnMain { self?.isAuthed = ok }
                        Common.onMainLater { self?.isAuthed = ok }
                        Common.onMainNow { self?.isAuthed = ok }
                        Utils.later { self?.isAuthed = ok }
                        Utils.afterWork { self?.isAuthed = ok }
                        Utils.racing { ↓self?.isAuthed = ok }
                    }
                }
            }
            """,
        ]),
        // A project helper that keeps the closure and calls it only on the main queue.
        .nonTriggering(files: [
            "Poller.swift": """
            final class Poller {
                private var handler: ((Int) -> Void)?
                func start(_ handler: @escaping (Int) -> Void) {
                    self.handler = handler
                    URLSession.shared.dataTask(with: URL(string: "https://example.com")!) { [weak self] _, _, _ in
                        DispatchQueue.main.async { self?.handler?(1) }
                    }.resume()
                }
            }
            """,
            "StatusModel.swift": """
            final class StatusModel: ObservableObject {
                @Published private(set) var value = 0
                private let poller = Poller()
                func watch() { poller.start { [weak self] v in self?.value = v } }
            }
            """,
        ]),
        // Also through a closure run at once inside the hop (`forEach`), and called as `self?.onItem?(…)`.
        .nonTriggering(files: [
            "Feed.swift": """
            final class Feed {
                private var onItem: ((String) -> Void)?
                func listen(_ onItem: @escaping (String) -> Void) {
                    self.onItem = onItem
                    URLSession.shared.dataTask(with: URL(string: "https://example.com/feed")!) { [weak self] data, _, _ in
                        self?.deliver(data.map { String(decoding: $0, as: UTF8.self) }?.split(separator: "\\n") ?? [])
                    }.resume()
                }
                private func deliver(_ lines: [Substring]) {
                    DispatchQueue.main.async { [weak self] in lines.forEach { self?.onItem?(String($0)) } }
                }
            }
            """,
            "FeedModel.swift": """
            final class FeedModel: ObservableObject {
                @Published private(set) var items: [String] = []
                private let feed = Feed()
                func watch() { feed.listen { [weak self] item in self?.items.append(item) } }
            }
            """,
        ]),
        // The same helper calling the closure from the data task's own queue.
        .triggering(files: [
            "Poller.swift": """
            final class Poller {
                private var handler: ((Int) -> Void)?
                func start(_ handler: @escaping (Int) -> Void) {
                    self.handler = handler
                    URLSession.shared.dataTask(with: URL(string: "https://example.com")!) { [weak self] _, _, _ in
                        self?.handler?(1)
                    }.resume()
                }
            }
            """,
            "StatusModel.swift": """
            final class StatusModel: ObservableObject {
                @Published private(set) var value = 0
                private let poller = Poller()
                func watch() { poller.start { [weak self] v in ↓self?.value = v } }
            }
            """,
        ]),
        // A poller that keeps the closure and calls it at once when started (in the caller's
        // context), from its timer (the caller's run loop), and from a project function's answer
        // that arrives on the main queue; through its private methods.
        .nonTriggering(files: [
            "StatusFetcher.swift": MainActorMutation.statusFetcher,
            "StatusPoller.swift": MainActorMutation.statusPoller(answeredOnMain: true),
            "HubModel.swift": """
            final class HubModel: ObservableObject {
                @Published private(set) var status: String?
                private let poller = StatusPoller()
                func watch() { poller.start { [weak self] value in self?.status = value } }
            }
            """,
        ]),
        // The method of the type the property holds is the one called: another type's `start`
        // calls its closure on a global queue.
        .triggering(files: [
            "StatusFetcher.swift": MainActorMutation.statusFetcher,
            "StatusPoller.swift": MainActorMutation.statusPoller(answeredOnMain: true),
            "Uploader.swift": """
            final class Uploader {
                func start(completion: @escaping (Int) -> Void) {
                    DispatchQueue.global().async { completion(100) }
                }
            }
            """,
            "HubModel.swift": """
            final class HubModel: ObservableObject {
                @Published private(set) var status: String?
                @Published private(set) var progress = 0
                private let poller = StatusPoller()
                private let uploader = Uploader()
                func watch() { poller.start { [weak self] value in self?.status = value } }
                func upload() { uploader.start { [weak self] p in ↓self?.progress = p } }
            }
            """,
        ]),
        // The poller's answer comes from the data task's own queue.
        .triggering(files: [
            "StatusPoller.swift": MainActorMutation.statusPoller(answeredOnMain: false),
            "HubModel.swift": """
            final class HubModel: ObservableObject {
                @Published private(set) var status: String?
                private let poller = StatusPoller()
                func watch() { poller.start { [weak self] value in ↓self?.status = value } }
            }
            """,
        ]),
        // The parameter a closure is passed to decides: one that does not escape runs during the
        // call (whatever the other parameters are), a `@MainActor` one on the main actor.
        .nonTriggering("""
        final class SettingsModel: ObservableObject {
            @Published private(set) var volume = 0
            @Published private(set) var presets: [Int] = []
            func bind(_ initial: (Int) -> Void, onChange: ((Int) -> Void)? = nil) { initial(42) }
            func load(update: @escaping @MainActor ([Int]) -> Void) {
                Task { await update([1, 2, 3]) }
            }
            func setUp() {
                bind { self.volume = $0 }
                bind({ v in self.volume = v })
                load(update: { self.presets = $0 })
                load { self.presets = $0 }
            }
        }
        """),
        // Not the escaping one that is kept for later.
        .triggering("""
        final class SettingsModel: ObservableObject {
            @Published private(set) var volume = 0
            private var handler: ((Int) -> Void)?
            func bind(_ initial: (Int) -> Void, onChange: ((Int) -> Void)? = nil) {
                initial(42)
                handler = onChange
            }
            func setUp() {
                bind({ _ in }, onChange: { v in ↓self.volume = v })
            }
        }
        """),
        // A package's helper named for the main queue is taken at its name…
        .nonTriggering("""
        import HelperKit

        final class CleanerModel: ObservableObject {
            @Published private(set) var progress = 0.0
            func scan() {
                DispatchQueue.global().async {
                    let done = Scanner.run()
                    updateOnMain { self.progress = done }
                }
            }
        }
        """),
        // …but the project's own helper by its code, whatever its name.
        .triggering("""
        func updateOnMain(_ work: @escaping () -> Void) {
            DispatchQueue.global().async { work() }
        }
        final class CleanerModel: ObservableObject {
            @Published private(set) var progress = 0.0
            func scan() {
                updateOnMain { ↓self.progress = 1 }
            }
        }
        """),
        // An initializer's closure parameter is judged like a function's: a `@MainActor` one runs
        // on the main actor.
        .triggering("""
        import Observation
        @Observable
        final class AdjusterModel {
            private(set) var amount = 1
            @ObservationIgnored private let onApply: @MainActor (Int) -> Void
            init(amount: Int, onApply: @escaping @MainActor (Int) -> Void) {
                self.amount = amount
                self.onApply = onApply
            }
            @MainActor func apply() { onApply(amount) }
        }
        final class Uploader {
            init(done: @escaping (Int) -> Void) {
                DispatchQueue.global().async { done(1) }
            }
        }
        @Observable
        final class CalcModel {
            private(set) var applied = 0
            private(set) var uploaded = 0
            func makeAdjuster() -> AdjusterModel {
                AdjusterModel(amount: applied) { [weak self] value in
                    self?.applied = value
                }
            }
            func upload() -> Uploader {
                Uploader { [weak self] count in ↓self?.uploaded = count }
            }
        }
        """),
    ]

    /// A project function whose completion hops to the main queue (for the poller examples).
    static let statusFetcher = """
        enum StatusFetcher {
            static func fetchStatus(id: String, completion: @escaping (String?) -> Void) {
                let finish: (String?) -> Void = { value in
                    DispatchQueue.main.async { completion(value) }
                }
                URLSession.shared.dataTask(with: URL(string: "https://example.com/\\(id)")!) { data, _, _ in
                    finish(data.map { String(decoding: $0, as: UTF8.self) })
                }.resume()
            }
        }
        """

    /// A poller that keeps its closure and calls it when started, from its timer and from its
    /// answers: those of `StatusFetcher` (on the main queue) or of a data task (off it).
    static func statusPoller(answeredOnMain: Bool) -> String {
        let fetch = answeredOnMain ? """
                    StatusFetcher.fetchStatus(id: "hub") { [weak self] value in
                        self?.latest = value
                        self?.notify()
                    }
            """ : """
                    URLSession.shared.dataTask(with: URL(string: "https://example.com/hub")!) { [weak self] data, _, _ in
                        self?.latest = data.map { String(decoding: $0, as: UTF8.self) }
                        self?.notify()
                    }.resume()
            """
        return """
            final class StatusPoller {
                private var timer: Timer?
                private var onChange: ((String?) -> Void)?
                private var latest: String?
                func start(onChange: @escaping (String?) -> Void) {
                    self.onChange = onChange
                    timer = Timer.scheduledTimer(withTimeInterval: 5, repeats: true) { [weak self] _ in
                        self?.fetch()
                    }
                    notify()
                    fetch()
                }
                private func fetch() {

            """ + fetch + """

                }
                private func notify() {
                    onChange?(latest)
                }
            }
            """
    }

    /// A project helper that calls its completion on the main queue (for the test-double examples).
    static let mainQueueFetcher = """
        final class Fetcher {
            func fetch(completion: @escaping ([String]) -> Void) {
                URLSession.shared.dataTask(with: URL(string: "https://example.com")!) { _, _, _ in
                    DispatchQueue.main.async { completion(["a"]) }
                }.resume()
            }
        }
        """

    /// A project function that returns a publisher, which receives on the main queue or not
    /// (for the publisher-function examples).
    static func catalogAPI(receivesOnMain: Bool) -> String {
        let receive = receivesOnMain ? "\n            .receive(on: DispatchQueue.main)" : ""
        return """
            enum CatalogAPI {
                static func names() -> AnyPublisher<[String], Error> {
                    URLSession.shared.dataTaskPublisher(for: URL(string: "https://example.com/names.json")!)
                        .tryMap { try JSONDecoder().decode([String].self, from: $0.data) }\(receive)
                        .eraseToAnyPublisher()
                }
            }
            """
    }

    /// A model that subscribes to `CatalogAPI.names()`; `reported` marks the write expected.
    static func catalogModel(reported: Bool) -> String {
        """
        final class CatalogModel: ObservableObject {
            @Published private(set) var names: [String] = []
            private var bag = Set<AnyCancellable>()
            func refresh() {
                CatalogAPI.names()
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in \(reported ? "↓" : "")self?.names = $0 })
                    .store(in: &bag)
            }
        }
        """
    }
}

