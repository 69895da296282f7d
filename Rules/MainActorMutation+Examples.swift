/// Examples of `main_actor_mutation`.
import MVILintCore

extension MainActorMutation {
    static let examplesList: [RuleExample] = [
        // Callbacks that arrive on the main queue: a Combine operator after `receive(on:)` to it,
        // GRDB's observation without a `scheduling:` elsewhere, a database transaction run at
        // once, a local event monitor; and, in a file importing PromiseKit, its handlers.
        .nonTriggering(files: [
            "NotesModel.swift": """
            import GRDB
            final class NotesModel: ObservableObject {
                @Published private(set) var notes: [Note] = []
                @Published private(set) var count = 0
                private var bag = Set<AnyCancellable>()
                init(reader: any DatabaseReader) {
                    ValueObservation.tracking { try Note.fetchAll($0) }
                        .publisher(in: reader)
                        .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.notes = $0 })
                        .store(in: &bag)
                    ValueObservation.tracking { try Note.fetchCount($0) }
                        .publisher(in: reader, scheduling: .immediate)
                        .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.count = $0 })
                        .store(in: &bag)
                }
            }
            """,
            "KeyboardModel.swift": """
            final class KeyboardModel: ObservableObject {
                @Published private(set) var isVisible = false
                @Published private(set) var notes: [Note] = []
                @Published private(set) var saved = 0
                @Published private(set) var flags: NSEvent.ModifierFlags = []
                private var bag = Set<AnyCancellable>()
                private var observer: AnyDatabaseCancellable?
                private var monitor: Any?

                init(center: NotificationCenter, db: DatabaseQueue) {
                    center.publisher(for: .keyboardDidShow)
                        .receive(on: DispatchQueue.main)
                        .handleEvents(receiveOutput: { [weak self] _ in self?.isVisible = true })
                        .sink { _ in }
                        .store(in: &bag)
                    observer = ValueObservation.tracking { try Note.fetchAll($0) }
                        .start(in: db, onError: { _ in }, onChange: { [weak self] in self?.notes = $0 })
                    monitor = NSEvent.addLocalMonitorForEvents(matching: .flagsChanged) { [weak self] event in
                        self?.flags = event.modifierFlags
                        return event
                    }
                }

                func save(_ db: DatabaseQueue) throws {
                    try db.write { conn in saved += 1 }
                }
            }
            """,
            "UploadModel.swift": """
            import PromiseKit
            final class UploadModel: ObservableObject {
                @Published private(set) var isDone = false
                func upload(_ promise: Promise<Void>) {
                    promise.done { [weak self] in self?.isDone = true }.cauterize()
                }
            }
            """,
        ]),
        // Alamofire calls its response handlers on the main queue unless `queue:` names another;
        // `validate`'s closure runs on the request's queue, and without the import the names are
        // nothing known.
        .triggering(files: [
            "Network.swift": """
            import Alamofire
            enum Network {
                static func page(url: URL, completion: @escaping (AFDataResponse<Data>) -> Void) -> DataRequest {
                    AF.request(url).validate().responseData(completionHandler: completion)
                }
            }
            """,
            "PageModel.swift": """
            import Alamofire
            final class PageModel: ObservableObject {
                @Published private(set) var title = ""
                @Published private(set) var failed = false
                func load(_ url: URL) {
                    AF.request(url).responseData { [weak self] response in self?.failed = response.error != nil }
                    AF.request(url).responseDecodable(of: Page.self) { [weak self] r in self?.title = r.value?.title ?? "" }
                    AF.request(url).responseData(queue: .global()) { [weak self] _ in ↓self?.failed = true }
                    AF.request(url).validate { [weak self] _, _, _ in ↓self?.failed = false; return .success(()) }
                    _ = Network.page(url: url) { [weak self] r in self?.title = String(decoding: r.data ?? Data(), as: UTF8.self) }
                }
            }
            """,
            "OtherModel.swift": """
            final class OtherModel: ObservableObject {
                @Published private(set) var failed = false
                func load(_ request: Request) {
                    request.responseData { [weak self] _ in ↓self?.failed = true }
                }
            }
            """,
        ]),
        // GoogleSignIn calls its completion blocks on the main queue (in a file that imports it);
        // a `URLSession` handler beside them does not run there.
        .triggering("""
        import GoogleSignIn
        final class AccountModel: ObservableObject {
            @Published private(set) var signedIn = false
            @Published private(set) var avatar: Data?
            func signIn(from host: UIViewController) {
                GIDSignIn.sharedInstance.signIn(withPresenting: host) { [weak self] result, _ in
                    self?.signedIn = result != nil
                }
                GIDSignIn.sharedInstance.currentUser?.addScopes(["profile"], presenting: host) { [weak self] result, _ in
                    self?.signedIn = result != nil
                }
                GIDSignIn.sharedInstance.restorePreviousSignIn { [weak self] user, _ in
                    self?.signedIn = user != nil
                }
            }
            func loadAvatar(_ url: URL) {
                URLSession.shared.dataTask(with: url) { [weak self] data, _, _ in
                    ↓self?.avatar = data
                }.resume()
            }
        }
        """),
        // A project helper that calls its closure inside Firestore's or Firebase Auth's handlers
        // delivers on the main queue; one that calls it from `URLSession`'s does not, nor does a
        // `delete` on something that is not a Firestore reference.
        .triggering(files: [
            "NotesAPI.swift": """
            import FirebaseFirestore
            import FirebaseAuth
            enum NotesAPI {
                static let db = Firestore.firestore()
                static func fetchTitles(completion: @escaping ([String]) -> Void) {
                    db.collection("notes").getDocuments { snapshot, _ in
                        completion(snapshot?.documents.map(\\.documentID) ?? [])
                    }
                }
                static func remove(_ id: String, completion: @escaping (Bool) -> Void) {
                    db.collection("notes").document(id).delete { error in completion(error == nil) }
                }
                static func signIn(_ email: String, _ password: String, completion: @escaping (Bool) -> Void) {
                    Auth.auth().signIn(withEmail: email, password: password) { result, _ in completion(result != nil) }
                }
                static func download(_ url: URL, completion: @escaping (Data?) -> Void) {
                    URLSession.shared.dataTask(with: url) { data, _, _ in completion(data) }.resume()
                }
                static func purge(_ cache: FileCache, completion: @escaping (Bool) -> Void) {
                    cache.delete { ok in completion(ok) }
                }
            }
            """,
            "NotesModel.swift": """
            final class NotesModel: ObservableObject {
                @Published private(set) var titles: [String] = []
                @Published private(set) var signedIn = false
                @Published private(set) var attachment: Data?
                func reload() {
                    NotesAPI.fetchTitles { titles in self.titles = titles }
                    NotesAPI.remove("a") { ok in if ok { self.titles.removeFirst() } }
                    NotesAPI.signIn("a@b.c", "pw") { ok in self.signedIn = ok }
                    NotesAPI.download(URL(string: "https://example.org")!) { data in ↓self.attachment = data }
                    NotesAPI.purge(FileCache()) { ok in ↓self.signedIn = ok }
                }
            }
            """,
        ]),
        // State derived from the model's own `@Published` state through synchronous operators is
        // written where that state is written; a chain through `flatMap` is not.
        .nonTriggering("""
        final class SignupModel: ObservableObject {
            @Published var email = ""
            @Published private(set) var isValid = false
            @Published private(set) var hint: String?
            private var bag = Set<AnyCancellable>()
            init() {
                $email
                    .removeDuplicates()
                    .map { $0.contains("@") }
                    .assign(to: \\.isValid, on: self)
                    .store(in: &bag)
                self.$isValid
                    .sink { [weak self] ok in self?.hint = ok ? nil : "Enter an address" }
                    .store(in: &bag)
            }
        }
        """),
        .triggering("""
        final class HandleModel: ObservableObject {
            @Published var handle = ""
            @Published private(set) var isTaken = false
            private var bag = Set<AnyCancellable>()
            init(api: HandleAPI) {
                $handle
                    .flatMap { api.isTaken($0) }
                    .assign(to: \\.↓isTaken, on: self)
                    .store(in: &bag)
            }
        }
        """),
        .triggering(files: [
            "CountModel.swift": """
            import GRDB
            final class CountModel: ObservableObject {
                @Published private(set) var count = 0
                private var bag = Set<AnyCancellable>()
                init(reader: any DatabaseReader, queue: DispatchQueue) {
                    ValueObservation.tracking { try Note.fetchCount($0) }
                        .publisher(in: reader, scheduling: .async(onQueue: queue))
                        .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in ↓self?.count = $0 })
                        .store(in: &bag)
                }
            }
            """,
            "FeedModel.swift": """
            final class FeedModel: ObservableObject {
                @Published private(set) var isVisible = false
                @Published private(set) var notes: [Note] = []
                private var bag = Set<AnyCancellable>()
                private var observer: AnyDatabaseCancellable?

                init(center: NotificationCenter, db: DatabaseQueue, queue: DispatchQueue) {
                    center.publisher(for: .keyboardDidShow)
                        .handleEvents(receiveOutput: { [weak self] _ in ↓self?.isVisible = true })
                        .sink { _ in }
                        .store(in: &bag)
                    observer = ValueObservation.tracking { try Note.fetchAll($0) }
                        .start(in: db, scheduling: .async(onQueue: queue), onError: { _ in }, onChange: { [weak self] in ↓self?.notes = $0 })
                }
            }
            """,
            "UploadModel.swift": """
            import PromiseKit
            final class UploadModel: ObservableObject {
                @Published private(set) var isDone = false
                func upload(_ promise: Promise<Void>) {
                    promise.done(on: .global()) { [weak self] in ↓self?.isDone = true }.cauterize()
                }
            }
            """,
            "LoginModel.swift": """
            import Promises
            final class LoginModel: ObservableObject {
                @Published private(set) var state = ""
                func login(_ attempt: Promise<String>) {
                    attempt.then { [weak self] in self?.state = $0 }
                        .catch { [weak self] _ in self?.state = "failed" }
                    attempt.then(on: .global()) { [weak self] in ↓self?.state = $0 }
                }
            }
            """,
        ]),
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
        // A project operator that does not receive on the main queue, or names another scheduler.
        .triggering(files: [
            "Publisher+Delivery.swift": """
            extension Publisher {
                func sinkQuietly(_ done: @escaping (Output) -> Void) -> AnyCancellable {
                    sink(receiveCompletion: { _ in }, receiveValue: done)
                }
                func settled(_ done: @escaping (Output) -> Void) -> AnyCancellable {
                    receive(on: DispatchQueue.main)
                        .debounce(for: .seconds(1), scheduler: DispatchQueue.global())
                        .sink(receiveCompletion: { _ in }, receiveValue: done)
                }
            }
            """,
            "QuoteModel.swift": """
            final class QuoteModel: ObservableObject {
                @Published private(set) var price = 0.0
                private var bag = Set<AnyCancellable>()
                func watch(_ ticks: AnyPublisher<Double, Never>) {
                    ticks.sinkQuietly { [weak self] value in ↓self?.price = value }.store(in: &bag)
                    ticks.settled { [weak self] value in ↓self?.price = value }.store(in: &bag)
                }
            }
            """,
        ]),
        // Project operators that receive on the main queue, also one built on another.
        .nonTriggering(files: [
            "Publisher+Main.swift": """
            extension Publisher {
                func sinkOnMain(failed: @escaping (Failure) -> Void = { _ in }, value: @escaping (Output) -> Void) -> AnyCancellable {
                    receive(on: RunLoop.main)
                        .sink(receiveCompletion: { if case let .failure(e) = $0 { failed(e) } }, receiveValue: value)
                }
                func sinkResultOnMain(_ done: @escaping (Result<Output, Failure>) -> Void) -> AnyCancellable {
                    sinkOnMain(failed: { done(.failure($0)) }, value: { done(.success($0)) })
                }
                func onMain() -> AnyPublisher<Output, Failure> {
                    receive(on: DispatchQueue.main).eraseToAnyPublisher()
                }
            }
            """,
            "WeatherModel.swift": """
            final class WeatherModel: ObservableObject {
                @Published private(set) var forecast: [Day] = []
                @Published private(set) var failed = false
                private var bag = Set<AnyCancellable>()
                func refresh(_ api: WeatherAPI) {
                    api.forecast()
                        .sinkOnMain(failed: { [weak self] _ in self?.failed = true }) { [weak self] days in
                            self?.forecast = days
                        }
                        .store(in: &bag)
                    api.forecast().sinkResultOnMain { [weak self] result in
                        self?.failed = (try? result.get()) == nil
                    }
                    .store(in: &bag)
                    api.forecast().onMain().sink(receiveCompletion: { _ in }) { [weak self] in self?.forecast = $0 }.store(in: &bag)
                }
            }
            """,
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
        // A timer of the main run loop delivers on the main thread, as `receive(on:)` would.
        .nonTriggering("""
        final class Clock: ObservableObject {
            @Published private(set) var now = Date()
            private var ticks: AnyCancellable?
            init() {
                ticks = Timer.publish(every: 1, on: .main, in: .common)
                    .autoconnect()
                    .sink { [weak self] in self?.now = $0 }
            }
        }
        """),
        // A timer of the main run loop kept in a stored property, and subscribed later.
        .nonTriggering("""
        final class Ticker: ObservableObject {
            @Published private(set) var elapsed = 0.0
            private let ticks: Timer.TimerPublisher
            private var subscription: AnyCancellable?
            init() {
                ticks = Timer.publish(every: 0.5, on: .main, in: .default)
            }
            func begin() {
                subscription = ticks.autoconnect().sink { [weak self] _ in self?.elapsed += 0.5 }
            }
        }
        """),
        // One that is sometimes given a timer of another run loop is not known to deliver on main.
        .triggering("""
        final class Ticker: ObservableObject {
            @Published private(set) var elapsed = 0.0
            private var ticks = Timer.publish(every: 0.5, on: .main, in: .default)
            private var subscription: AnyCancellable?
            func begin(on loop: RunLoop) {
                ticks = Timer.publish(every: 0.5, on: loop, in: .default)
                subscription = self.ticks.autoconnect().sink { [weak self] _ in ↓self?.elapsed += 0.5 }
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
        // UIKit and AppKit post the notifications of the application, its scenes and windows,
        // the device and the keyboard on the main thread, and a notification reaches its
        // observers where it is posted: with no queue, or through `NotificationCenter`'s
        // publisher. A notification of another class, a queue of the observer's own, or a
        // `receive(on:)` to a background queue is still off the main actor.
        .nonTriggering("""
        final class LifecycleModel: ObservableObject {
            @Published private(set) var isActive = true
            @Published private(set) var keyboardShown = false
            private var bag = Set<AnyCancellable>()
            init() {
                NotificationCenter.default.publisher(for: UIApplication.willResignActiveNotification)
                    .sink { [weak self] _ in self?.isActive = false }
                    .store(in: &bag)
                NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: nil) { [weak self] _ in
                    self?.keyboardShown = true
                }
            }
        }
        """),
        .triggering("""
        final class ThermalModel: ObservableObject {
            @Published private(set) var isActive = true
            @Published private(set) var hot = false
            private var bag = Set<AnyCancellable>()
            private let work = OperationQueue()
            init() {
                NotificationCenter.default.publisher(for: ProcessInfo.thermalStateDidChangeNotification)
                    .sink { [weak self] _ in ↓self?.hot = true }
                    .store(in: &bag)
                NotificationCenter.default.publisher(for: UIApplication.didBecomeActiveNotification)
                    .receive(on: DispatchQueue.global())
                    .sink { [weak self] _ in ↓self?.isActive = true }
                    .store(in: &bag)
                NotificationCenter.default.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: work) { [weak self] _ in
                    ↓self?.isActive = false
                }
            }
        }
        """),
        // Realm calls an observer registered without a queue on the registering thread's run
        // loop; one registered `on:` a queue runs on it.
        .nonTriggering("""
        import RealmSwift
        final class ShelfModel: ObservableObject {
            @Published private(set) var titles: [String] = []
            private var token: NotificationToken?
            init() {
                let books = try! Realm().objects(Book.self)
                token = books.observe { [weak self] _ in self?.titles = books.map(\\.title) }
            }
        }
        """),
        .triggering("""
        import RealmSwift
        final class ShelfModel: ObservableObject {
            @Published private(set) var titles: [String] = []
            private var token: NotificationToken?
            private let queue = DispatchQueue(label: "realm")
            init() {
                let books = try! Realm().objects(Book.self)
                token = books.observe(on: queue) { [weak self] _ in ↓self?.titles = [] }
            }
        }
        """),
        // A project operator that only maps passes values on where they arrive, as `map` does;
        // one that hands them to another queue does not.
        .nonTriggering("""
        extension Publisher where Output == String {
            func validationMessage(_ rule: Rule) -> AnyPublisher<String?, Failure> {
                map { rule.check($0) }.eraseToAnyPublisher()
            }
        }
        final class SignInForm: ObservableObject {
            @Published var email = ""
            @Published private(set) var emailHint: String?
            init() { $email.validationMessage(.email).assign(to: &$emailHint) }
        }
        """),
        .triggering("""
        extension Publisher where Output == String {
            func checkedInBackground(_ rule: Rule) -> AnyPublisher<String?, Failure> {
                receive(on: DispatchQueue.global()).map { rule.check($0) }.eraseToAnyPublisher()
            }
        }
        final class SignInForm: ObservableObject {
            @Published var email = ""
            @Published private(set) var emailHint: String?
            init() { $email.checkedInBackground(.email).assign(to: &↓$emailHint) }
        }
        """),
        // RxSwift's time operators on `MainScheduler` deliver on the main thread.
        .nonTriggering("""
        import RxSwift
        final class BannerModel: ObservableObject {
            @Published private(set) var visible = false
            @Published private(set) var ticks = 0
            private let bag = DisposeBag()
            init() {
                Observable.just(()).delay(.seconds(2), scheduler: MainScheduler.instance)
                    .subscribe(onNext: { [weak self] in self?.visible = true }).disposed(by: bag)
                Observable<Int>.interval(.seconds(1), scheduler: MainScheduler.instance)
                    .subscribe(onNext: { [weak self] n in self?.ticks = n }).disposed(by: bag)
            }
        }
        """),
        // A time operator on the main scheduler delivers there.
        .nonTriggering("""
        final class TypeaheadModel: ObservableObject {
            @Published var text = ""
            @Published private(set) var settled = ""
            private var bag = Set<AnyCancellable>()
            init() {
                $text
                    .debounce(for: .milliseconds(250), scheduler: DispatchQueue.main)
                    .sink { [weak self] in self?.settled = $0 }
                    .store(in: &bag)
                $text.throttle(for: 1, scheduler: RunLoop.main, latest: true).sink { [weak self] in self?.settled = $0 }.store(in: &bag)
            }
        }
        """),
        // The last scheduling operator before `sink` decides.
        .triggering("""
        final class TypeaheadModel: ObservableObject {
            @Published var text = ""
            @Published private(set) var settled = ""
            private var bag = Set<AnyCancellable>()
            private let work = DispatchQueue(label: "typeahead")
            init() {
                $text
                    .receive(on: DispatchQueue.main)
                    .debounce(for: .milliseconds(250), scheduler: work)
                    .sink { [weak self] in ↓self?.settled = $0 }
                    .store(in: &bag)
                $text.delay(for: 1, scheduler: DispatchQueue.main).receive(on: work).sink { [weak self] in ↓self?.settled = $0 }.store(in: &bag)
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
        // A chain held in a local before its subscriber starts where the local's value does: at
        // the model's own state, or after a `receive(on:)` to the main queue; a local from
        // another publisher is judged as any other.
        .triggering("""
        final class FormModel: ObservableObject {
            @Published var first = ""
            @Published var second = ""
            @Published private(set) var messages: [String] = []
            @Published private(set) var latest = ""
            private var bag = Set<AnyCancellable>()
            init(source: PassthroughSubject<String, Never>) {
                let validation = Publishers.CombineLatest($first, $second)
                    .map { $0 == $1 ? [] : ["Values must match."] }
                    .share()
                validation.assign(to: \\.messages, on: self).store(in: &bag)
                let onMain = source.receive(on: DispatchQueue.main)
                onMain.sink { [weak self] in self?.latest = $0 }.store(in: &bag)
                let raw = source.map { $0.uppercased() }
                raw.sink { [weak self] in ↓self?.latest = $0 }.store(in: &bag)
            }
        }
        """),
        // The main queue named through a local or a stored constant (for a `sink` and an `assign`
        // alike), `collect(.byTime(…))` on it, RxSwift's `observeOn(MainScheduler.instance)` and a
        // `Driver`: on the main thread. Another scheduler is not.
        .triggering("""
        final class SeedsModel: ObservableObject {
            @Published private(set) var names: [String] = []
            @Published private(set) var count = 0
            @Published private(set) var batches: [[String]] = []
            private let uiQueue = DispatchQueue.main
            private let work = DispatchQueue(label: "work")
            private var bag = Set<AnyCancellable>()
            private let disposeBag = DisposeBag()
            init(source: AnyPublisher<String, Never>, amounts: Observable<Int>) {
                let q = DispatchQueue.main
                source.receive(on: q).sink { [weak self] in self?.names.append($0) }.store(in: &bag)
                source.receive(on: uiQueue).sink { [weak self] _ in self?.count += 1 }.store(in: &bag)
                source.collect(.byTime(DispatchQueue.main, .seconds(1))).sink { [weak self] in self?.batches.append($0) }.store(in: &bag)
                source.receive(on: work).sink { [weak self] _ in ↓self?.count -= 1 }.store(in: &bag)
                source.map { [$0] }.receive(on: uiQueue).assign(to: &$names)
                source.map { [[$0]] }.receive(on: q).assign(to: \\.batches, on: self).store(in: &bag)
                source.map { [[$0]] }.receive(on: work).assign(to: &↓$batches)
                amounts.observeOn(MainScheduler.instance).subscribe(onNext: { [weak self] in self?.count = $0 }).disposed(by: disposeBag)
                amounts.asDriver(onErrorJustReturn: 0).drive(onNext: { [weak self] in self?.count = $0 }).disposed(by: disposeBag)
                amounts.observe(on: ConcurrentDispatchQueueScheduler(qos: .utility)).subscribe(onNext: { [weak self] in ↓self?.count = $0 }).disposed(by: disposeBag)
            }
        }
        """),
        // A `Future`'s closure runs at once, where the future is made, and `handleEvents`'s
        // `receiveSubscription` when the chain is subscribed, where the subscribing code runs,
        // unless `subscribe(on:)` moves the subscription.
        .triggering("""
        final class ListModel: ObservableObject {
            @Published private(set) var isBusy = false
            @Published private(set) var isEmpty = false
            private var bag = Set<AnyCancellable>()
            func reload(_ load: AnyPublisher<[String], Error>) {
                _ = Future<Int, Never> { [weak self] promise in
                    self?.isEmpty = true
                    promise(.success(0))
                }
                load.handleEvents(receiveSubscription: { [weak self] _ in self?.isBusy = true })
                    .receive(on: DispatchQueue.main)
                    .sink(receiveCompletion: { [weak self] _ in self?.isBusy = false }, receiveValue: { [weak self] in self?.isEmpty = $0.isEmpty })
                    .store(in: &bag)
                load.handleEvents(receiveSubscription: { [weak self] _ in ↓self?.isBusy = true })
                    .subscribe(on: DispatchQueue.global())
                    .receive(on: DispatchQueue.main)
                    .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
                    .store(in: &bag)
            }
        }
        """),
        // A scheduler injected for tests whose default is the main queue is the main queue (a
        // parameter, or a property that every initializer sets from one); another default is not.
        .triggering("""
        import CombineSchedulers
        final class BadgeModel: ObservableObject {
            @Published private(set) var count = 0
            @Published private(set) var total = 0
            let counts = PassthroughSubject<Int, Never>()
            private let mainScheduler: AnySchedulerOf<DispatchQueue>
            private let workScheduler: AnySchedulerOf<DispatchQueue>
            private var bag = Set<AnyCancellable>()
            init(mainScheduler: AnySchedulerOf<DispatchQueue> = .main,
                 workScheduler: AnySchedulerOf<DispatchQueue> = DispatchQueue.global().eraseToAnyScheduler()) {
                self.mainScheduler = mainScheduler
                self.workScheduler = workScheduler
                counts.receive(on: mainScheduler).sink { [weak self] in self?.count = $0 }.store(in: &bag)
            }
            func refresh(on scheduler: AnySchedulerOf<DispatchQueue> = .main, env: SchedulerProviding) {
                counts.receive(on: self.mainScheduler).sink { [weak self] in self?.total = $0 }.store(in: &bag)
                counts.receive(on: env.mainScheduler).sink { [weak self] in self?.total = $0 }.store(in: &bag)
                counts.receive(on: scheduler).sink { [weak self] in self?.count = $0 }.store(in: &bag)
                counts.receive(on: workScheduler).sink { [weak self] in ↓self?.total = $0 }.store(in: &bag)
            }
        }
        """),
        // swift-dependencies' main schedulers (`@Dependency(\\.mainQueue)`, `\\.mainRunLoop`) are
        // the main queue and run loop; another dependency's scheduler is not.
        .triggering("""
        import Dependencies
        final class ClockModel: ObservableObject {
            @Published private(set) var ticks = 0
            @Published private(set) var latest = 0
            @Dependency(\\.mainRunLoop) var mainRunLoop
            @Dependency(\\.mainQueue) var mainQueue
            @Dependency(\\.backgroundQueue) var backgroundQueue
            private var bag = Set<AnyCancellable>()
            init(source: AnyPublisher<Int, Never>) {
                mainRunLoop.schedule(after: mainRunLoop.now, interval: .seconds(60)) { [weak self] in self?.ticks += 1 }.store(in: &bag)
                mainQueue.schedule { [weak self] in self?.ticks = 0 }
                source.receive(on: mainQueue).sink { [weak self] in self?.latest = $0 }.store(in: &bag)
                source.receive(on: backgroundQueue).sink { [weak self] in ↓self?.latest = $0 }.store(in: &bag)
            }
        }
        """),
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
        // Another model's state reached from a shared instance through stored properties starts
        // the chain where it is written; a subject reached so does not.
        .triggering("""
        final class Setting<Value: Equatable>: ObservableObject {
            @Published var value: Value
            init(_ value: Value) { self.value = value }
        }
        final class Settings {
            static let shared = Settings()
            let alertsOn = Setting(false)
            let changes = PassthroughSubject<Bool, Never>()
        }
        final class AlertsModel: ObservableObject {
            @Published private(set) var enabled = false
            @Published private(set) var changed = false
            init() {
                Settings.shared.alertsOn.$value.assign(to: &$enabled)
                Settings.shared.changes.assign(to: &↓$changed)
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
        // Combine's `assign` writes the property where the publisher delivers.
        .triggering("""
        final class FeedModel: ObservableObject {
            @Published private(set) var items: [String] = []
            @Published private(set) var count = 0
            @Published private(set) var onMain = 0
            @Published private(set) var onMainToo = 0
            private var bag = Set<AnyCancellable>()
            let other = Other()
            func bind(_ api: AnyPublisher<[String], Never>, _ counts: AnyPublisher<Int, Never>) {
                api.assign(to: &↓$items)
                counts.map { $0 + 1 }.assign(to: \\.↓count, on: self).store(in: &bag)
                counts.receive(on: DispatchQueue.main).assign(to: &$onMain)
                counts.receive(on: RunLoop.main).assign(to: \\.onMainToo, on: self).store(in: &bag)
                counts.assign(to: \\.value, on: other).store(in: &bag)
            }
        }
        """),
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
        // MapKit's searches and directions and CoreLocation's geocoder call their completion
        // handlers on the main thread; another `start`, or a local that shadows the property, does not.
        .nonTriggering("""
        import MapKit
        final class AddressSearchModel: ObservableObject {
            @Published private(set) var isLoading = false
            @Published private(set) var city = ""
            private var search: MKLocalSearch?
            private let geocoder = CLGeocoder()
            func find(_ request: MKLocalSearch.Request) {
                search = MKLocalSearch(request: request)
                search?.start { [weak self] _, _ in self?.isLoading = false }
            }
            func route(_ request: MKDirections.Request) {
                let directions = MKDirections(request: request)
                directions.calculate { [weak self] _, _ in self?.isLoading = false }
                MKLocalSearch(request: .init()).start { [weak self] _, _ in self?.isLoading = false }
            }
            func name(of location: CLLocation) {
                geocoder.reverseGeocodeLocation(location) { [weak self] marks, _ in self?.city = marks?.first?.locality ?? "" }
            }
        }
        """),
        .triggering("""
        final class AddressSearchModel: ObservableObject {
            @Published private(set) var isLoading = false
            @Published private(set) var city = ""
            private let geocoder = CLGeocoder()
            func other(_ job: Job) {
                job.start { [weak self] in ↓self?.isLoading = false }
                let geocoder = ProjectGeocoder()
                geocoder.reverseGeocodeLocation(.init()) { [weak self] _, _ in ↓self?.city = "" }
            }
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
        """),
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
        // A Firestore reference held in a top-level or static constant of a file that imports
        // Firestore, used from a file that does not; another library's global is not one.
        .triggering(files: [
            "Refs.swift": """
            import FirebaseFirestore
            let POSTS_REF = Firestore.firestore().collection("posts")
            enum Collections {
                static let likes = Firestore.firestore().collection("likes")
            }
            let SESSION = URLSession.shared
            """,
            "FeedModel.swift": """
            final class FeedModel: ObservableObject {
                @Published private(set) var ids: [String] = []
                @Published private(set) var liked = false
                func load() {
                    POSTS_REF.getDocuments { [weak self] snapshot, _ in self?.ids = snapshot?.documents.map(\\.documentID) ?? [] }
                    POSTS_REF.document("top").setData(["seen": true]) { [weak self] _ in self?.liked = true }
                    Collections.likes.document("p1").delete { [weak self] _ in self?.liked = false }
                    SESSION.dataTask(with: URL(string: "https://example.com")!) { [weak self] _, _, _ in ↓self?.liked = true }.resume()
                }
            }
            """,
        ]),
        // Socket.IO calls its handlers on its manager's handle queue, the main one by default…
        .nonTriggering("""
        import SocketIO
        final class ChatModel: ObservableObject {
            @Published private(set) var messages: [String] = []
            @Published private(set) var isJoined = false
            private let manager = SocketManager(socketURL: URL(string: "https://chat.example.com")!)
            func connect() {
                let socket = manager.defaultSocket
                socket.on(clientEvent: .connect) { [weak self] _, _ in self?.isJoined = true }
                socket.on("message") { [weak self] data, _ in self?.messages.append("\\(data)") }
                socket.emitWithAck("join", "room").timingOut(after: 5) { [weak self] _ in self?.isJoined = true }
            }
        }
        """),
        // …unless the file configures another one.
        .triggering("""
        import SocketIO
        final class ChatModel: ObservableObject {
            @Published private(set) var messages: [String] = []
            private let manager = SocketManager(socketURL: URL(string: "https://chat.example.com")!,
                                                config: [.handleQueue(DispatchQueue(label: "socket"))])
            func connect() {
                manager.defaultSocket.on("message") { [weak self] data, _ in ↓self?.messages.append("\\(data)") }
            }
        }
        """),
        // Firestore and Firebase Auth call these handlers on the main queue.
        .nonTriggering("""
        import FirebaseAuth
        import FirebaseFirestore

        final class RoomsModel: ObservableObject {
            @Published private(set) var rooms: [String] = []
            @Published private(set) var isSignedIn = false
            private let db = Firestore.firestore()
            func load() {
                db.collection("rooms").order(by: "name").getDocuments { [weak self] snapshot, _ in
                    self?.rooms = snapshot?.documents.map(\\.documentID) ?? []
                }
                Firestore.firestore().collection("rooms").addSnapshotListener { [weak self] snapshot, _ in
                    self?.rooms = snapshot?.documents.map(\\.documentID) ?? []
                }
            }
            func signIn() {
                Auth.auth().signInAnonymously { [weak self] result, _ in
                    self?.isSignedIn = result != nil
                }
            }
            private var bag = Set<AnyCancellable>()
            func watchRooms() {
                db.collection("rooms").snapshotPublisher()
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.rooms = $0.documents.map(\\.documentID) })
                    .store(in: &bag)
            }
            func rename(_ name: String) {
                let request = Auth.auth().currentUser?.createProfileChangeRequest()
                request?.displayName = name
                request?.commitChanges { [weak self] _ in self?.isSignedIn = true }
            }
        }
        // A reference from a project helper, or held in a property.
        final class ChatModel: ObservableObject {
            @Published private(set) var names: [String] = []
            private let messages: CollectionReference = Refs.messages()
            private let profile: DocumentReference = Refs.profile()
            func watch() {
                Refs.rooms().addSnapshotListener { [weak self] snapshot, _ in
                    self?.names = snapshot?.documents.map(\\.documentID) ?? []
                }
                messages.getDocuments { [weak self] _, _ in self?.names = [] }
                profile.setData(["seen": true]) { [weak self] _ in self?.names = [] }
            }
        }
        """),
        // Not in a file that does not import Firebase (a project type named `Firestore`), nor a
        // transaction's update block, which Firestore runs elsewhere.
        .triggering("""
        final class RoomsModel: ObservableObject {
            @Published private(set) var rooms: [String] = []
            private let db = Firestore.firestore()
            func load() {
                db.collection("rooms").getDocuments { [weak self] snapshot, _ in
                    ↓self?.rooms = snapshot?.documents.map(\\.documentID) ?? []
                }
            }
        }
        """),
        .triggering("""
        import FirebaseFirestore

        final class CounterModel: ObservableObject {
            @Published private(set) var count = 0
            func bump() {
                Firestore.firestore().runTransaction({ [weak self] transaction, _ in
                    ↓self?.count += 1
                    return nil
                }) { _, _ in }
            }
        }
        """),
        // The state of another model isolated to the main actor, held by a parameter or a
        // property, through synchronous operators: only the main actor writes it.
        .nonTriggering("""
        @MainActor
        final class PrefsModel: ObservableObject {
            @Published private(set) var host: String?
        }
        final class ConnectionModel: ObservableObject {
            @Published private(set) var target: String?
            @Published private(set) var label = ""
            private let prefs: PrefsModel
            private var bag = Set<AnyCancellable>()
            init(prefs: PrefsModel) {
                self.prefs = prefs
                prefs.$host
                    .removeDuplicates()
                    .sink { [weak self] in self?.target = $0 }
                    .store(in: &bag)
            }
            func follow() {
                self.prefs.$host.map { $0 ?? "none" }.sink { [weak self] in self?.label = $0 }.store(in: &bag)
            }
        }
        """),
        // The same model reached through a computed property that declares its type, and a project
        // function that returns a timer of the main run loop.
        .nonTriggering("""
        @MainActor
        final class ArchiveSource: ObservableObject {
            @Published private(set) var entries: [String] = []
        }
        final class Merger: ObservableObject {
            private let stored = ArchiveSource()
            private var archive: ArchiveSource { stored }
            @Published private(set) var all: [String] = []
            @Published private(set) var now = Date()
            init() {
                archive.$entries.map { $0 }.assign(to: &$all)
                Self.ticks().assign(to: &$now)
            }
            private static func ticks() -> AnyPublisher<Date, Never> {
                Timer.publish(every: 1, on: .main, in: .common).autoconnect().eraseToAnyPublisher()
            }
        }
        """),
        .triggering("""
        final class Clock: ObservableObject {
            @Published private(set) var now = Date()
            private let loop = RunLoop()
            init() {
                ticks(on: loop).sink { [weak self] in ↓self?.now = $0 }.store(in: &bag)
            }
            private var bag = Set<AnyCancellable>()
            private func ticks(on loop: RunLoop) -> AnyPublisher<Date, Never> {
                Timer.publish(every: 1, on: loop, in: .common).autoconnect().eraseToAnyPublisher()
            }
        }
        """),
        // When that model is not isolated, the chain still delivers where its state is written,
        // and that write is the one this rule judges (`refresh` here); a chain through an
        // asynchronous operator off the main scheduler is judged on its own.
        .triggering("""
        final class PrefsModel: ObservableObject {
            @Published private(set) var host: String?
            func refresh() async { ↓host = await loadHost() }
        }
        final class ConnectionModel: ObservableObject {
            @Published private(set) var target: String?
            @Published private(set) var settled: String?
            @Published private(set) var hosts: [String?] = []
            private var bag = Set<AnyCancellable>()
            init(prefs: PrefsModel) {
                prefs.$host
                    .removeDuplicates()
                    .sink { [weak self] in self?.target = $0 }
                    .store(in: &bag)
                prefs.$host.map { [$0] }.assign(to: &$hosts)
                prefs.$host
                    .debounce(for: 0.3, scheduler: DispatchQueue.global())
                    .sink { [weak self] in ↓self?.settled = $0 }
                    .store(in: &bag)
            }
        }
        """),
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
        // The model's own state joined (values arrive where one of them is written), and AppKit's
        // panels and alerts, which call their handlers on the main thread.
        .nonTriggering("""
        final class NotchModel: ObservableObject {
            @Published private(set) var isOpen = false
            @Published private(set) var isHovering = false
            @Published private(set) var isPinned = false
            @Published private(set) var showsShelf = false
            @Published private(set) var summary = ""
            @Published private(set) var picked: [URL] = []
            private var bag = Set<AnyCancellable>()
            init() {
                Publishers.CombineLatest3($isOpen, $isHovering, $isPinned)
                    .map { $0 && ($1 || $2) }
                    .sink { [weak self] in self?.showsShelf = $0 }
                    .store(in: &bag)
                $isOpen.combineLatest($isPinned).sink { [weak self] in self?.summary = "\\($0) \\($1)" }.store(in: &bag)
                $isOpen.combineLatest($isHovering.dropFirst().removeDuplicates()).map { $0 && $1 }.assign(to: &$showsShelf)
                let closed = $isOpen.map { !$0 }.eraseToAnyPublisher()
                let pinned = $isPinned.removeDuplicates()
                Publishers.CombineLatest(closed, pinned).map { $0 && $1 }.assign(to: &$showsShelf)
            }
            func choose(in window: NSWindow) {
                let panel = NSOpenPanel()
                panel.beginSheetModal(for: window) { response in
                    if response == .OK { self.picked = panel.urls }
                }
            }
        }
        """),
        // Not when one of the joined publishers is another object's, or reaches it through an
        // operator that delivers on another queue.
        .triggering("""
        final class NotchModel: ObservableObject {
            @Published private(set) var isOpen = false
            @Published private(set) var isPinned = false
            @Published private(set) var showsShelf = false
            private var bag = Set<AnyCancellable>()
            init(media: MediaController) {
                $isOpen.combineLatest($isPinned.debounce(for: 0.3, scheduler: DispatchQueue.global())).map { $0 && $1 }.assign(to: &↓$showsShelf)
                Publishers.CombineLatest($isOpen, media.$isPlaying)
                    .map { $0 && $1 }
                    .sink { [weak self] in ↓self?.showsShelf = $0 }
                    .store(in: &bag)
            }
        }
        """),
        // A computed property that hands out a model's own publisher (`$phase`) starts the chain
        // there, in the model and in another model that holds it; one that hands out a subject's
        // publisher does not.
        .triggering(files: [
            "CheckoutModel.swift": """
            final class CheckoutModel: ObservableObject {
                @Published private(set) var phase = 0
                @Published private(set) var showsFields = false
                @Published private(set) var showsBanner = false
                private let events = PassthroughSubject<Int, Never>()
                var phasePublisher: Published<Int>.Publisher { $phase }
                var erasedPhase: AnyPublisher<Int, Never> { self.$phase.eraseToAnyPublisher() }
                var eventPublisher: AnyPublisher<Int, Never> { events.eraseToAnyPublisher() }
                init() {
                    phasePublisher.map { $0 == 0 }.assign(to: &$showsFields)
                    eventPublisher.map { $0 > 0 }.assign(to: &↓$showsBanner)
                }
            }
            """,
            "ScreenModel.swift": """
            final class ScreenModel: ObservableObject {
                @Published private(set) var paying = false
                private let checkout: CheckoutModel
                init(checkout: CheckoutModel) {
                    self.checkout = checkout
                    checkout.erasedPhase.map { $0 == 1 }.assign(to: &$paying)
                }
            }
            """,
        ]),
        // A project function whose publisher receives on the main queue…
        .nonTriggering(files: [
            "CatalogAPI.swift": MainActorMutation.catalogAPI(receivesOnMain: true),
            "CatalogModel.swift": MainActorMutation.catalogModel(reported: false),
        ]),
        // A package's operator named for the main queue is taken at its name; one the project
        // declares is judged by its code.
        .triggering(files: [
            "Operators.swift": """
            extension Publisher {
                func deliverOnMain() -> AnyPublisher<Output, Failure> {
                    receive(on: DispatchQueue.global()).eraseToAnyPublisher()
                }
            }
            """,
            "SessionCoordinator.swift": """
            import PublisherHelpers
            final class SessionCoordinator: ObservableObject {
                @Published private(set) var signedIn = false
                @Published private(set) var userName = ""
                private var bag = Set<AnyCancellable>()
                init(signals: AnyPublisher<Bool, Never>, names: AnyPublisher<String, Never>) {
                    signals.receiveOnMain().assign(to: &$signedIn)
                    names.deliverOnMain().sink { [weak self] in ↓self?.userName = $0 }.store(in: &bag)
                }
            }
            """,
        ]),
        // Work on another queue before the last hop to the main one does not matter; a scheduler
        // after it does.
        .triggering(files: [
            "LoginRequest.swift": """
            enum LoginRequest {
                static func login(_ email: String) -> AnyPublisher<String, Never> {
                    Future { promise in
                        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { promise(.success(email)) }
                    }
                    .delay(for: 0.1, scheduler: DispatchQueue.global())
                    .receive(on: DispatchQueue.main)
                    .eraseToAnyPublisher()
                }
                static func logout() -> AnyPublisher<Bool, Never> {
                    Just(true)
                        .receive(on: DispatchQueue.main)
                        .delay(for: 0.1, scheduler: DispatchQueue.global())
                        .eraseToAnyPublisher()
                }
            }
            """,
            "SessionStore.swift": """
            final class SessionStore: ObservableObject {
                @Published private(set) var user: String?
                private var bag = Set<AnyCancellable>()
                func login(_ email: String) {
                    LoginRequest.login(email).sink { [weak self] in self?.user = $0 }.store(in: &bag)
                }
                func logout() {
                    LoginRequest.logout().sink { [weak self] _ in ↓self?.user = nil }.store(in: &bag)
                }
            }
            """,
        ]),
        // Also through a repository's method that forwards to its remote's method of the same
        // name, which calls a project function that receives on it.
        .nonTriggering(files: [
            "CatalogAPI.swift": MainActorMutation.catalogAPI(receivesOnMain: true),
            "Notes.swift": """
            final class NotesRemote {
                func notes() -> AnyPublisher<[String], Error> { CatalogAPI.names() }
            }
            final class NotesRepository {
                private let remote = NotesRemote()
                func notes() -> AnyPublisher<[String], Error> { remote.notes() }
            }
            final class NotesModel: ObservableObject {
                @Published private(set) var notes: [String] = []
                private let repository = NotesRepository()
                private var bag = Set<AnyCancellable>()
                func load() {
                    repository.notes()
                        .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.notes = $0 })
                        .store(in: &bag)
                }
            }
            """,
        ]),
        // A namesake with other argument labels, another type's that does not receive on the
        // main queue, does not spoil a call written with the labels of one that does.
        .nonTriggering(files: [
            "CatalogAPI.swift": MainActorMutation.catalogAPI(receivesOnMain: true),
            "Tickers.swift": """
            final class ListUseCase {
                func execute() -> AnyPublisher<[String], Error> { CatalogAPI.names() }
            }
            final class Ticker {
                private let subject = PassthroughSubject<Int, Never>()
                func execute(every seconds: Int) -> AnyPublisher<Int, Never> { subject.eraseToAnyPublisher() }
            }
            final class RowsModel: ObservableObject {
                @Published private(set) var rows: [String] = []
                private let useCase = ListUseCase()
                private var bag = Set<AnyCancellable>()
                func load() {
                    useCase.execute()
                        .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.rows = $0 })
                        .store(in: &bag)
                }
            }
            """,
        ]),
        // Also through an overload of the same name that receives on it.
        .nonTriggering(files: [
            "Agent.swift": """
            struct Agent {
                func run(_ request: URLRequest, _ decoder: JSONDecoder = JSONDecoder()) -> AnyPublisher<Data, Error> {
                    URLSession.shared.dataTaskPublisher(for: request)
                        .map(\\.data)
                        .mapError { $0 as Error }
                        .receive(on: DispatchQueue.main)
                        .eraseToAnyPublisher()
                }
            }
            enum PluginAPI {
                static let agent = Agent()
                static func run(_ request: URLRequest) -> AnyPublisher<Data, Error> {
                    agent.run(request).eraseToAnyPublisher()
                }
                static func categories() -> AnyPublisher<Data, Error> {
                    run(URLRequest(url: URL(string: "https://example.com/categories.json")!))
                }
            }
            """,
            "PluginsModel.swift": """
            final class PluginsModel: ObservableObject {
                @Published private(set) var raw = Data()
                private var bag = Set<AnyCancellable>()
                func load() {
                    PluginAPI.categories()
                        .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.raw = $0 })
                        .store(in: &bag)
                }
            }
            """,
        ]),
        // …not one whose publisher delivers where the data task finishes.
        .triggering(files: [
            "CatalogAPI.swift": MainActorMutation.catalogAPI(receivesOnMain: false),
            "CatalogModel.swift": MainActorMutation.catalogModel(reported: true),
        ]),
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
        // A persistent container's view context is a main-queue context: its `perform` runs the
        // block on the main queue.
        .nonTriggering("""
        final class ShelfModel: ObservableObject {
            @Published private(set) var count = 0
            private let container = NSPersistentContainer(name: "Shelf")
            private let context = PersistenceController.shared.container.viewContext
            func reload() {
                container.viewContext.perform { self.count = 1 }
                context.perform { self.count = 2 }
            }
        }
        """),
        // Not Core Data's `perform`, which returns at once and runs its block on the context's queue.
        .triggering("""
        final class NotesModel: ObservableObject {
            @Published private(set) var titles: [String] = []
            private let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
            func reload() {
                context.perform { ↓self.titles = [] }
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
        // A project function that returns a `Future` delivers where the future's promise is
        // fulfilled: in a subscriber after `receive(on: DispatchQueue.main)` (or at once, in the
        // caller's context), but not in a completion handler.
        .triggering(files: [
            "MenuClient.swift": """
            import Combine
            final class MenuClient {
                private var bag = Set<AnyCancellable>()
                func dishes() -> Future<[String], Error> {
                    Future { [unowned self] promise in
                        guard let url = URL(string: "https://example.com/menu") else { return promise(.failure(URLError(.badURL))) }
                        URLSession.shared.dataTaskPublisher(for: url)
                            .tryMap { try JSONDecoder().decode([String].self, from: $0.data) }
                            .receive(on: DispatchQueue.main)
                            .sink { if case let .failure(e) = $0 { promise(.failure(e)) } } receiveValue: { promise(.success($0)) }
                            .store(in: &self.bag)
                    }
                }
                func menu() -> Future<[String], Error> { dishes() }
                func specials() -> Future<[String], Error> {
                    Future { promise in
                        URLSession.shared.dataTask(with: URL(string: "https://example.com/specials")!) { data, _, _ in
                            promise(.success([String(decoding: data ?? Data(), as: UTF8.self)]))
                        }.resume()
                    }
                }
            }
            """,
            "MenuModel.swift": """
            import Combine
            final class MenuModel: ObservableObject {
                @Published private(set) var dishes: [String] = []
                @Published private(set) var specials: [String] = []
                private var bag = Set<AnyCancellable>()
                func refresh(client: MenuClient) {
                    client.dishes()
                        .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.dishes = $0 })
                        .store(in: &bag)
                    client.menu()
                        .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.dishes = $0 })
                        .store(in: &bag)
                    client.specials()
                        .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in ↓self?.specials = $0 })
                        .store(in: &bag)
                }
            }
            """,
        ]),
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
        // A project helper that calls its completion from a `sink` after `receive(on:
        // DispatchQueue.main)` calls it on the main queue; not when an operator after the
        // `receive(on:)` moves the values to another queue.
        .triggering("""
        import Combine
        final class Loader {
            private var bag: Set<AnyCancellable> = []
            func load(_ p: AnyPublisher<Int, Error>, handler: @escaping (Int) -> Void) {
                p.subscribe(on: DispatchQueue.global())
                    .receive(on: DispatchQueue.main)
                    .map { $0 * 2 }
                    .sink(receiveCompletion: { _ in }, receiveValue: { handler($0) })
                    .store(in: &bag)
            }
            func loadLater(_ p: AnyPublisher<Int, Error>, handler: @escaping (Int) -> Void) {
                p.receive(on: DispatchQueue.main)
                    .delay(for: 1, scheduler: DispatchQueue.global())
                    .sink(receiveCompletion: { _ in }, receiveValue: { handler($0) })
                    .store(in: &bag)
            }
        }
        final class CounterModel: ObservableObject {
            @Published private(set) var count = 0
            private let loader = Loader()
            func refresh(_ p: AnyPublisher<Int, Error>) {
                loader.load(p) { [weak self] v in self?.count = v }
                loader.loadLater(p) { [weak self] v in ↓self?.count = v }
            }
        }
        """),
        // A Firestore reference kept in a local answers on the main queue like the chain it was
        // made from; another model's state reached through a local cast to its type is written
        // where that model writes it.
        .nonTriggering("""
        import Combine
        import FirebaseFirestore
        protocol Timing: AnyObject {}
        final class Stopwatch: ObservableObject, Timing {
            @Published private(set) var seconds = 0
            func tick() { seconds += 1 }
        }
        final class NotesModel: ObservableObject {
            @Published private(set) var error: String?
            @Published private(set) var elapsed = 0
            private let db = Firestore.firestore()
            init(source: any Timing) {
                if let timer = source as? Stopwatch {
                    timer.$seconds.assign(to: &$elapsed)
                }
            }
            func rename(_ id: String) {
                let ref = db.collection("notes").document(id)
                ref.updateData(["name": "renamed"]) { [weak self] err in
                    self?.error = err?.localizedDescription
                }
            }
        }
        """),
        // A subject that only its owner's code sends through, and only on the main queue, delivers
        // there; one that other code sends through as well is not known to.
        .triggering(files: [
            "MediaLibrary.swift": """
            import Combine
            import Photos
            final class MediaLibrary {
                let favoritesChanged = PassthroughSubject<[String], Never>()
                let albumsChanged = PassthroughSubject<[String], Never>()
                func toggleFavorite(_ ids: [String]) {
                    PHPhotoLibrary.shared().performChanges {
                    } completionHandler: { ok, _ in
                        guard ok else { return }
                        DispatchQueue.main.async { self.favoritesChanged.send(ids) }
                    }
                }
            }
            func importAlbums(into library: MediaLibrary) {
                DispatchQueue.global().async { library.albumsChanged.send(["Imported"]) }
            }
            """,
            "GalleryViewModel.swift": """
            import Combine
            final class GalleryViewModel: ObservableObject {
                @Published private(set) var favorites: [String] = []
                @Published private(set) var albums: [String] = []
                private let library: MediaLibrary
                private var bag = Set<AnyCancellable>()
                init(library: MediaLibrary) {
                    self.library = library
                    library.favoritesChanged
                        .map { $0.sorted() }
                        .sink { [weak self] ids in self?.favorites = ids }
                        .store(in: &bag)
                    library.albumsChanged
                        .sink { [weak self] names in ↓self?.albums = names }
                        .store(in: &bag)
                }
            }
            """,
        ]),
        // A publisher that a protocol requirement hands out is followed to the state of the types
        // that adopt it, when every one of them hands out the same state's publisher.
        .nonTriggering("""
        import Combine
        protocol CounterStoring: AnyObject {
            var countPublisher: AnyPublisher<Int, Never> { get }
        }
        @MainActor
        final class CounterStore: ObservableObject, CounterStoring {
            @Published private(set) var count = 0
            var countPublisher: AnyPublisher<Int, Never> { $count.eraseToAnyPublisher() }
            func bump() { count += 1 }
        }
        final class BadgeViewModel: ObservableObject {
            @Published private(set) var badge = 0
            @Published private(set) var total = 0
            private var backup: (any CounterStoring)?
            init(store: any CounterStoring, backup: (any CounterStoring)?) {
                self.backup = backup
                store.countPublisher.assign(to: &$badge)
                self.backup?.countPublisher.assign(to: &$total)
            }
        }
        """),
        // Firebase Storage calls back on the main queue, also through a helper that forwards its
        // closure from a Storage handler.
        .nonTriggering(files: [
            "ImageStore.swift": """
            import FirebaseStorage
            final class ImageStore {
                func fetchImage(at ref: StorageReference, done: @escaping (Data?) -> Void) {
                    ref.getData(maxSize: 2_000_000) { data, _ in done(data) }
                }
            }
            """,
            "AvatarModel.swift": """
            import FirebaseStorage
            final class AvatarModel: ObservableObject {
                @Published private(set) var avatar: Data?
                @Published private(set) var sizeText = ""
                private let store = ImageStore()
                func load(path: String) {
                    let ref = Storage.storage().reference().child(path)
                    store.fetchImage(at: ref) { data in self.avatar = data }
                    ref.getMetadata { meta, _ in self.sizeText = "\\(meta?.size ?? 0)" }
                }
            }
            """,
        ]),
        // Another model's state reached through a stored property of a holder runs where that
        // model writes it.
        .nonTriggering("""
        import Combine
        final class SessionState: ObservableObject {
            @Published private(set) var signedIn = false
            func signIn() { signedIn = true }
        }
        final class AppSession {
            let state = SessionState()
        }
        final class RootRouter: ObservableObject {
            @Published private(set) var screen = "login"
            private var bag = Set<AnyCancellable>()
            init(session: AppSession) {
                session.state.$signedIn
                    .sink { [weak self] in self?.screen = $0 ? "home" : "login" }
                    .store(in: &bag)
            }
        }
        """),
        // A helper that calls its completion from a `CLGeocoder` handler calls it on the main queue.
        .nonTriggering("""
        import CoreLocation
        extension CLLocationManager {
            func placeName(for location: CLLocation, completion: @escaping (String?) -> Void) {
                CLGeocoder().reverseGeocodeLocation(location) { marks, error in
                    guard error == nil else { completion(nil); return }
                    completion(marks?.first?.locality)
                }
            }
        }
        final class PlaceModel: ObservableObject {
            @Published private(set) var city = ""
            private let manager = CLLocationManager()
            func locate(_ location: CLLocation) {
                manager.placeName(for: location) { [weak self] name in self?.city = name ?? "" }
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
        // A project publisher whose `receive(subscriber:)` hands its value over at once delivers
        // on the subscribing thread; one that answers from a completion handler does not.
        .triggering("""
        import Combine
        struct SumPublisher: Publisher {
            typealias Output = Int
            typealias Failure = Never
            let values: [Int]
            func receive<S>(subscriber: S) where S: Subscriber, S.Input == Int, S.Failure == Never {
                if values.isEmpty {
                    _ = subscriber.receive(0)
                    return
                }
                _ = subscriber.receive(values.reduce(0, +))
            }
        }
        struct RatePublisher: Publisher {
            typealias Output = Double
            typealias Failure = Never
            func receive<S>(subscriber: S) where S: Subscriber, S.Input == Double, S.Failure == Never {
                URLSession.shared.dataTask(with: URL(string: "https://example.com/rate")!) { data, _, _ in
                    _ = subscriber.receive(Double(data?.count ?? 0))
                }.resume()
            }
        }
        final class LedgerModel: ObservableObject {
            @Published private(set) var total = 0
            @Published private(set) var rate = 0.0
            private var bag = Set<AnyCancellable>()
            func reload(_ values: [Int]) {
                SumPublisher(values: values)
                    .map { $0 * 2 }
                    .sink { self.total = $0 }
                    .store(in: &bag)
                RatePublisher()
                    .sink { ↓self.rate = $0 }
                    .store(in: &bag)
            }
        }
        """),
        // A project operator that only subscribes with `sink` and forwards to its closure runs it
        // where the upstream delivers, as `sink` would.
        .triggering(files: [
            "Publisher+Result.swift": """
            import Combine
            extension Publisher {
                func sinkResult(_ done: @escaping (Result<Output, Failure>) -> Void) -> AnyCancellable {
                    sink(receiveCompletion: { if case let .failure(e) = $0 { done(.failure(e)) } },
                         receiveValue: { done(.success($0)) })
                }
            }
            """,
            "ShelfModel.swift": """
            import Combine
            final class ShelfModel: ObservableObject {
                @Published private(set) var titles: [String] = []
                @Published private(set) var drafts: [String] = []
                private var bag = Set<AnyCancellable>()
                func load(_ books: AnyPublisher<[String], Error>) {
                    books.receive(on: DispatchQueue.main)
                        .sinkResult { [weak self] in if case let .success(v) = $0 { self?.titles = v } }
                        .store(in: &bag)
                    books.sinkResult { [weak self] in if case let .success(v) = $0 { ↓self?.drafts = v } }
                        .store(in: &bag)
                }
            }
            """,
        ]),
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
