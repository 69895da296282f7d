/// The framework and library calls whose closures run on the main queue, with their examples.

/// The built-in rows of what mvilint knows about callbacks that run on the main queue
/// (`MainQueueCallback`). `main_actor_mutation` reads them where a model's write sits in a
/// closure, and through the project's functions that hand their closures to one.
public enum MainQueueCallbacks {
    public static let rows: [MainQueueCallback] = [
        mapKitSearch, mapKitDirections, geocoder, eventMonitor, openPanel, savePanel, alert, viewContext,
        firestore, collectionReference, documentReference, firestoreReferenceMethods, firestoreDocumentMethods, firestorePublisher,
        firebaseAuth, firebaseUser, firebaseStorage, googleSignIn, googleUser,
        alamofire, promiseKit, promises, socketIO, grdbObservation, grdbPublisher, realm,
    ]

    static func model(_ imports: [String] = [], members: String = "", _ body: String) -> String {
        ExampleCode.model(imports, members: members, body)
    }

    // MARK: Apple's SDKs

    public static let mapKitSearch = MainQueueCallback(
        library: "MapKit", type: "MKLocalSearch", methods: ["start"], note: "documented to call its completion handler on the main thread",
        examples: [
            .nearMiss(model(["MapKit"], "MKLocalSearch(request: request).start { response, _ in self.done = response != nil }")),
            .triggering(model(members: "let job = SyncJob()", "job.start { ok in ↓self.done = ok }")),
        ])
    public static let mapKitDirections = MainQueueCallback(
        library: "MapKit", type: "MKDirections", methods: ["calculate", "calculateETA"],
        examples: [
            .nearMiss(model(["MapKit"], members: "private let directions = MKDirections(request: request)",
                            "directions.calculateETA { eta, _ in self.done = eta != nil }")),
            .triggering(model(["MapKit"], "MKDirections(request: request).calculate { _, _ in\n    DispatchQueue.global().async { ↓self.done = true }\n}")),
        ])
    public static let geocoder = MainQueueCallback(
        library: "Core Location", type: "CLGeocoder", methods: ["reverseGeocodeLocation", "geocodeAddressString", "geocodePostalAddress"],
        examples: [
            .nearMiss(model(["CoreLocation"], "let geocoder = CLGeocoder()\ngeocoder.geocodeAddressString(query) { marks, _ in self.count = marks?.count ?? 0 }")),
            .triggering(model(["CoreLocation"], members: "let lookup = AddressLookup()",
                              "lookup.geocodeAddressString(query) { marks, _ in ↓self.count = marks.count }")),
        ])
    public static let eventMonitor = MainQueueCallback(
        library: "AppKit", type: "NSEvent", methods: ["addLocalMonitorForEvents"], note: "local monitors run inside the app's event dispatch",
        examples: [
            .nearMiss(model(["AppKit"], "_ = NSEvent.addLocalMonitorForEvents(matching: .keyDown) { event in\n    self.count += 1\n    return event\n}")),
            .triggering(model(["AppKit"], members: "let keys = KeyTap()",
                              "keys.addLocalMonitorForEvents(matching: .keyDown) { event in\n    ↓self.count += 1\n    return event\n}")),
        ])
    public static let openPanel = MainQueueCallback(
        library: "AppKit", type: "NSOpenPanel", methods: ["begin", "beginSheetModal"],
        examples: [
            .nearMiss(model(["AppKit"], "NSOpenPanel().begin { response in self.done = response == .OK }")),
            .triggering(model(["AppKit"], members: "let importer = ArchiveImporter()", "importer.begin { ok in ↓self.done = ok }")),
        ])
    public static let savePanel = MainQueueCallback(
        library: "AppKit", type: "NSSavePanel", methods: ["begin", "beginSheetModal"],
        examples: [
            .nearMiss(model(["AppKit"], "let panel = NSSavePanel()\npanel.beginSheetModal(for: window) { response in self.done = response == .OK }")),
            .triggering(model(["AppKit"], "let panel = NSSavePanel()\npanel.begin { _ in\n    Task.detached { ↓self.done = true }\n}")),
        ])
    public static let alert = MainQueueCallback(
        library: "AppKit", type: "NSAlert", methods: ["beginSheetModal"],
        examples: [
            .nearMiss(model(["AppKit"], members: "private let alert = NSAlert()", "alert.beginSheetModal(for: window) { _ in self.done = true }")),
            .triggering(model(["AppKit"], members: "private let sheet = ReportSheet()", "sheet.beginSheetModal(for: window) { _ in ↓self.done = true }")),
        ])
    /// Also a property whose initial value ends in `.viewContext`, whatever is called on it.
    public static let viewContext = MainQueueCallback(
        library: "Core Data", modules: [], methods: ["perform"], receiverNames: ["viewContext"],
        note: "a persistent container's view context is a main-queue context",
        examples: [
            .nearMiss(model(["CoreData"], "container.viewContext.perform { self.count += 1 }")),
            .triggering(model(["CoreData"], "container.newBackgroundContext().perform { ↓self.count += 1 }")),
        ])

    // MARK: Firebase

    static let firestoreModules = ["FirebaseFirestore", "Firebase"]

    public static let firestore = MainQueueCallback(
        library: "Firestore", type: "Firestore", modules: firestoreModules,
        methods: ["getDocument", "getDocuments", "addDocument", "setData", "updateData", "delete", "addSnapshotListener", "commit"],
        sharedInstance: "firestore()",
        note: "on its settings' dispatch queue, the main queue unless set otherwise (not a transaction's update block)",
        examples: [
            .nearMiss(model(["FirebaseFirestore"], members: "private let db = Firestore.firestore()",
                            "db.collection(\"notes\").addDocument(data: [:]) { error in self.done = error == nil }")),
            .triggering(model(["FirebaseFirestore"], members: "private let db = Firestore.firestore()",
                              "db.runTransaction({ _, _ in\n    ↓self.count += 1\n    return nil\n}) { _, _ in }")),
        ])
    public static let collectionReference = MainQueueCallback(
        library: "Firestore", type: "CollectionReference", modules: firestoreModules, methods: ["getDocuments", "addDocument", "addSnapshotListener"],
        examples: [
            .nearMiss(model(["FirebaseFirestore"], members: "private let notes: CollectionReference", "notes.addDocument(data: [:]) { _ in self.count += 1 }")),
            .triggering(model(members: "private let notes: CollectionReference", "notes.addDocument(data: [:]) { _ in ↓self.count += 1 }")),
        ])
    public static let documentReference = MainQueueCallback(
        library: "Firestore", type: "DocumentReference", modules: firestoreModules, methods: ["getDocument", "setData", "updateData", "delete", "addSnapshotListener"],
        examples: [
            .nearMiss(model(["FirebaseFirestore"], members: "let profile: DocumentReference", "profile.updateData([\"seen\": true]) { _ in self.done = true }")),
            .triggering(model(["FirebaseFirestore"], members: "let profile: ProfileStore", "profile.updateData([\"seen\": true]) { _ in ↓self.done = true }")),
        ])
    public static let firestoreReferenceMethods = MainQueueCallback(
        library: "Firestore", modules: firestoreModules, methods: ["getDocuments", "getDocument", "addSnapshotListener"], anyReceiver: true,
        note: "names only Firestore's references and queries have",
        examples: [
            .nearMiss(model(["FirebaseFirestore"], "Refs.rooms().order(by: \"name\").getDocuments { snapshot, _ in self.count = snapshot?.count ?? 0 }")),
            .triggering(model(["FirebaseFirestore"], "Refs.rooms().order(by: \"name\").fetch { snapshot, _ in ↓self.count = snapshot?.count ?? 0 }")),
        ])
    public static let firestoreDocumentMethods = MainQueueCallback(
        library: "Firestore", modules: firestoreModules, methods: ["addDocument", "setData", "updateData", "delete", "commit"],
        receiverNames: ["collection", "document", "firestore", "batch", "collectionGroup"],
        note: "names other APIs share: on a chain through a collection, document, batch or the instance",
        examples: [
            .nearMiss(model(["FirebaseFirestore"], "store.collection(\"notes\").document(id).delete { _ in self.count -= 1 }")),
            .triggering(model(["FirebaseFirestore"], "cache.entry(id).delete { _ in ↓self.count -= 1 }")),
        ])
    public static let firestorePublisher = MainQueueCallback(
        library: "Firestore", modules: firestoreModules + ["FirebaseFirestoreCombineSwift"], methods: ["snapshotPublisher"], anyReceiver: true,
        delivery: .publisher, note: "wraps a snapshot listener",
        examples: [
            .nearMiss(model(["FirebaseFirestoreCombineSwift"], members: "private var bag = Set<AnyCancellable>()",
                            "db.collection(\"notes\").snapshotPublisher()\n    .sink(receiveCompletion: { _ in }, receiveValue: { s in self.count = s.count })\n    .store(in: &bag)")),
            .triggering(model(["FirebaseFirestoreCombineSwift"], members: "private var bag = Set<AnyCancellable>()",
                              "db.collection(\"notes\").snapshotPublisher()\n    .receive(on: DispatchQueue.global())\n    .sink(receiveCompletion: { _ in }, receiveValue: { s in ↓self.count = s.count })\n    .store(in: &bag)")),
        ])

    static let authModules = ["FirebaseAuth", "Firebase"]

    public static let firebaseAuth = MainQueueCallback(
        library: "Firebase Auth", type: "Auth", modules: authModules,
        methods: ["signIn", "createUser", "signInAnonymously", "sendPasswordReset", "sendEmailVerification", "addStateDidChangeListener",
                  "addIDTokenDidChangeListener", "reload", "getIDToken", "getIDTokenResult"],
        receiverNames: ["auth", "currentUser"], sharedInstance: "auth()", note: "completion blocks and listeners",
        examples: [
            .nearMiss(model(["FirebaseAuth"], "Auth.auth().signIn(withEmail: email, password: password) { result, _ in self.done = result != nil }")),
            .triggering(model(["FirebaseAuth"], "Auth.auth().signIn(withEmail: email, password: password) { result, _ in\n    DispatchQueue.global().async { ↓self.done = result != nil }\n}")),
        ])
    public static let firebaseUser = MainQueueCallback(
        library: "Firebase Auth", modules: authModules, methods: ["commitChanges", "updatePassword", "reauthenticate", "sendEmailVerification"],
        anyReceiver: true, note: "names only its `User` and `UserProfileChangeRequest` have",
        examples: [
            .nearMiss(model(["FirebaseAuth"], "let request = user.createProfileChangeRequest()\nrequest.commitChanges { error in self.done = error == nil }")),
            .triggering(model(["FirebaseAuth"], "draft.saveChanges { error in ↓self.done = error == nil }")),
        ])
    public static let firebaseStorage = MainQueueCallback(
        library: "Firebase Storage", modules: ["FirebaseStorage", "Firebase"],
        methods: ["putData", "putFile", "getData", "getMetadata", "updateMetadata", "downloadURL", "listAll"], anyReceiver: true,
        note: "on its `callbackQueue`, the main queue unless changed",
        examples: [
            .nearMiss(model(["FirebaseStorage"], "ref.getData(maxSize: 1 << 20) { data, _ in self.done = data != nil }")),
            .triggering(model(["FirebaseStorage"], "getData(maxSize: 1 << 20) { data, _ in ↓self.done = data != nil }")),
        ])

    // MARK: Other libraries

    public static let googleSignIn = MainQueueCallback(
        library: "Google Sign-In", type: "GIDSignIn", modules: ["GoogleSignIn"],
        methods: ["signIn", "restorePreviousSignIn", "disconnect", "addScopes", "refreshTokensIfNeeded"], sharedInstance: "sharedInstance",
        examples: [
            // Held in a stored property, in a file that names nothing else of the table.
            .nearMiss(model(["GoogleSignIn"], members: "private let signIn: GIDSignIn = .sharedInstance",
                            "signIn.restorePreviousSignIn { user, _ in self.done = user != nil }")),
            .triggering(model(members: "private let signIn: GIDSignIn = .sharedInstance",
                              "signIn.restorePreviousSignIn { user, _ in ↓self.done = user != nil }")),
        ])
    public static let googleUser = MainQueueCallback(
        library: "Google Sign-In", type: "GIDGoogleUser", modules: ["GoogleSignIn"], methods: ["addScopes", "refreshTokensIfNeeded"],
        examples: [
            .nearMiss(model(["GoogleSignIn"], members: "let user: GIDGoogleUser", "user.refreshTokensIfNeeded { _, _ in self.done = true }")),
            .triggering(model(["GoogleSignIn"], members: "let user: AccountSession", "user.refreshTokensIfNeeded { _, _ in ↓self.done = true }")),
        ])
    public static let alamofire = MainQueueCallback(
        library: "Alamofire", modules: ["Alamofire"],
        methods: ["response", "responseData", "responseString", "responseJSON", "responseDecodable", "responseStream", "responseStreamString",
                  "responseStreamDecodable", "downloadProgress", "uploadProgress"],
        anyReceiver: true, unlessArgument: "queue", note: "response and progress handlers (not `validate`'s closure)",
        examples: [
            .nearMiss(model(["Alamofire"], "AF.request(url).responseData { response in self.done = response.error == nil }")),
            .triggering(model(["Alamofire"], "AF.request(url).responseData(queue: .global()) { response in ↓self.done = response.error == nil }")),
        ])
    public static let promiseKit = MainQueueCallback(
        library: "PromiseKit", modules: ["PromiseKit"], methods: ["done", "then", "get", "ensure", "ensureThen", "catch", "recover", "finally"],
        anyReceiver: true, unlessArgument: "on",
        examples: [
            .nearMiss(model(["PromiseKit"], "fetchCount().done { count in self.count = count }.cauterize()")),
            .triggering(model(["PromiseKit"], "fetchCount().done(on: .global()) { count in ↓self.count = count }.cauterize()")),
        ])
    public static let promises = MainQueueCallback(
        library: "Promises", modules: ["Promises"], methods: ["then", "catch", "always", "recover", "validate"],
        anyReceiver: true, unlessArgument: "on", note: "Google's",
        examples: [
            .nearMiss(model(["Promises"], "fetchCount().then { count in self.count = count }")),
            .triggering(model(["Promises"], "fetchCount().then(on: .global()) { count in ↓self.count = count }")),
        ])
    public static let socketIO = MainQueueCallback(
        library: "Socket.IO", modules: ["SocketIO"], methods: ["on", "once", "onAny", "timingOut"], anyReceiver: true,
        unlessFileMentions: "handleQueue", note: "on its manager's `handleQueue`, the main queue unless set",
        examples: [
            .nearMiss(model(["SocketIO"], "socket.on(\"count\") { data, _ in self.count = data.count }")),
            .triggering(model(["SocketIO"], members: "let manager = SocketManager(socketURL: url, config: [.handleQueue(DispatchQueue(label: \"io\"))])",
                              "manager.defaultSocket.on(\"count\") { data, _ in ↓self.count = data.count }")),
        ])
    public static let grdbObservation = MainQueueCallback(
        library: "GRDB", methods: ["start"], anyReceiver: true, unlessArgument: "scheduling", mainArguments: ["immediate"], requiredArgument: "in",
        closureLabels: ["onChange", "onError"], note: "`ValueObservation.start(in:onError:onChange:)`; `.immediate` is the main queue too",
        examples: [
            .nearMiss(model(members: "private var observer: AnyDatabaseCancellable?",
                            "observer = ValueObservation.tracking { try Note.fetchCount($0) }\n    .start(in: db, onError: { _ in }, onChange: { self.count = $0 })")),
            .triggering(model(members: "private var observer: AnyDatabaseCancellable?",
                              "observer = ValueObservation.tracking { try Note.fetchCount($0) }\n    .start(in: db, scheduling: .async(onQueue: queue), onError: { _ in }, onChange: { ↓self.count = $0 })")),
        ])
    public static let grdbPublisher = MainQueueCallback(
        library: "GRDB", modules: ["GRDB"], methods: ["publisher"], receiverNames: ["ValueObservation", "tracking"],
        unlessArgument: "scheduling", mainArguments: ["immediate"], requiredArgument: "in", delivery: .publisher,
        note: "`ValueObservation.tracking { … }.publisher(in:)`",
        examples: [
            .nearMiss(model(["GRDB"], members: "private var bag = Set<AnyCancellable>()",
                            "ValueObservation.tracking { try Note.fetchCount($0) }\n    .publisher(in: reader, scheduling: .immediate)\n    .sink(receiveCompletion: { _ in }, receiveValue: { self.count = $0 })\n    .store(in: &bag)")),
            .triggering(model(["GRDB"], members: "private var bag = Set<AnyCancellable>()",
                              "ValueObservation.tracking { try Note.fetchCount($0) }\n    .publisher(in: reader, scheduling: .async(onQueue: queue))\n    .sink(receiveCompletion: { _ in }, receiveValue: { ↓self.count = $0 })\n    .store(in: &bag)")),
        ])
    public static let realm = MainQueueCallback(
        library: "Realm", modules: ["RealmSwift", "Realm"], methods: ["observe"], anyReceiver: true, unlessArgument: "on",
        runs: .registeringThread, note: "changes are delivered on the run loop of the thread that registered them",
        examples: [
            .nearMiss(model(["RealmSwift"], members: "private var token: NotificationToken?", "token = items.observe { _ in self.count += 1 }")),
            .triggering(model(["RealmSwift"], members: "private var token: NotificationToken?",
                              "DispatchQueue.global().async {\n    self.token = items.observe { _ in ↓self.count += 1 }\n}")),
        ])

    /// The table as the docs show it.
    public static var table: KnowledgeTable {
        KnowledgeTable(
            id: "main_queue_callbacks", title: "Callbacks that run on the main queue",
            summary: """
            A closure given to one of these calls runs on the main queue (or where the calling code runs, for Realm), so a \
            model's write inside it is on the main actor. The library's module must be imported (or re-exported by a file \
            of the project); the receiver is an instance of the type (its name, a property, parameter or local holding one), \
            any receiver when the names are the library's own, or a chain through the names given. Writing the argument in \
            the last column moves the callback to another queue. Add your own SDK's rows under `main_queue_callbacks` in \
            `.mvilint.json`.
            """,
            configurationKey: "main_queue_callbacks",
            columns: ["library", "module", "receiver", "methods", "unless", "runs on"],
            rows: rows.map(\.documentation), exampleRule: "main_actor_mutation")
    }
}
