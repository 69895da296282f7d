/// Examples of `main_actor_mutation`: SDK and library callbacks (`MainQueueCallbacks`), notifications.
import MVILintCore

extension MainActorMutation {
    static let libraryExamples: [RuleExample] = [
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
        ]).messages([
            "`failed` is observable state of `PageModel` and is mutated off the main actor (inside a completion handler passed to `responseData`); isolate `PageModel` with `@MainActor` or hop to the main actor first",
            "`failed` is observable state of `PageModel` and is mutated off the main actor (inside a completion handler passed to `validate`); isolate `PageModel` with `@MainActor` or hop to the main actor first",
            "`failed` is observable state of `OtherModel` and is mutated off the main actor (inside a completion handler passed to `responseData`); isolate `OtherModel` with `@MainActor` or hop to the main actor first",
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
    ]
}
