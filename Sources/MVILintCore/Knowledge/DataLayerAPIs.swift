/// The I/O APIs that mark a type as the data layer, with their examples.

/// APIs that do I/O, over the network or on a database or persistent store: a type of the project
/// whose own methods use one (holds one, or calls it) is of the data layer. `types` are the
/// classes code holds or calls; a row of a module without types stands for every type of it.
public struct DataLayerAPI: Sendable {
    public enum Kind: String, Sendable, CaseIterable { case network, database }
    public var name: String
    /// Nil for a configured row that does not say.
    public var kind: Kind?
    /// The module a file imports for the names to mean these APIs; nil for the SDK's Foundation.
    public var module: String?
    public var types: [String]
    /// Modules that re-export `module` (`Firebase` for `FirebaseFirestore`): a file that imports
    /// one of them sees the types too.
    public var umbrellaModules: [String] = []
    /// Members of the API's objects distinctive enough to tell a use where the type is not named
    /// (`viewContext` of a Core Data container that a holder of the project keeps): a member read
    /// after a `.` in a file that imports the module counts as a use of the API.
    public var members: [String] = []
    /// A triggering example and a near miss, for `no_usecase_in_view` (see `DataLayerAPIs.table`),
    /// made when asked (only the tests and the docs ask).
    public var examples: [RuleExample] { makeExamples() }
    private var makeExamples: @Sendable () -> [RuleExample]
    /// Added by the project's configuration (`data_layer_types`).
    public var isConfigured = false

    public init(name: String, kind: Kind?, module: String?, types: [String], umbrellaModules: [String] = [], members: [String] = [],
                examples: @autoclosure @escaping @Sendable () -> [RuleExample] = []) {
        self.name = name; self.kind = kind; self.module = module; self.types = types
        self.umbrellaModules = umbrellaModules; self.members = members; self.makeExamples = examples
    }

    /// The module and the modules that re-export it; empty for the SDK's Foundation.
    public var modules: [String] { module.map { [$0] + umbrellaModules } ?? [] }

    /// A row of the project's configuration: a type name, or a module (every type of it, or those given).
    public static func configured(module: String?, types: [String], kind: Kind?) -> DataLayerAPI {
        var row = DataLayerAPI(name: module ?? types.joined(separator: ", "), kind: kind, module: module, types: types)
        row.isConfigured = true
        return row
    }

    var documentation: KnowledgeRow {
        let what = types.isEmpty ? "every type of the module" : KnowledgeTables.cell(types + members.map { "." + $0 })
        return KnowledgeRow(cells: [name, kind?.rawValue ?? "", modules.isEmpty ? "(SDK)" : KnowledgeTables.cell(modules), what],
                     examples: makeExamples())
    }
}

/// SwiftUI's own ways to reach a store, which belong to the view layer: a view that uses them is
/// not holding the data layer.
public struct ViewLayerStoreAccess: Sendable {
    public var name: String
    /// Property wrappers (`Query`) or environment key paths (`modelContext`).
    public var propertyWrappers: [String] = []
    public var environmentKeys: [String] = []
    /// Near misses, made when asked.
    public var examples: [RuleExample] { makeExamples() }
    private let makeExamples: @Sendable () -> [RuleExample]

    public init(name: String, propertyWrappers: [String] = [], environmentKeys: [String] = [], examples: @autoclosure @escaping @Sendable () -> [RuleExample]) {
        self.name = name; self.propertyWrappers = propertyWrappers; self.environmentKeys = environmentKeys; self.makeExamples = examples
    }
}

public enum DataLayerAPIs {
    public static let rows: [DataLayerAPI] = [
        urlSession, webSocket, alamofire, moya, apollo, starscream,
        coreData, swiftData, grdb, realm, sqlite, sqliteC, firestore, cloudKit,
    ]

    /// SwiftUI's own store access, which is not the data layer.
    public static let viewLayer: [ViewLayerStoreAccess] = [swiftDataQuery, coreDataFetchRequest, environmentContexts]

    /// Every type of the rows.
    public static let types: Set<String> = Set(rows.flatMap(\.types))

    /// Modules of Apple's SDKs that re-export no library of the table: a file that imports only
    /// these (and those of the table's rows it names) is searched for the SDK's rows and those
    /// modules' rows alone.
    public static let platformModules: Set<String> = [
        "Foundation", "SwiftUI", "UIKit", "AppKit", "Combine", "Observation", "os", "OSLog", "Dispatch", "Darwin",
        "CoreGraphics", "CoreImage", "QuartzCore", "CoreText", "CoreLocation", "MapKit", "AVFoundation", "AVKit",
        "Photos", "PhotosUI", "WidgetKit", "AppIntents", "StoreKit", "UserNotifications", "Charts", "WebKit",
        "SafariServices", "LocalAuthentication", "HealthKit", "Security", "CryptoKit", "UniformTypeIdentifiers",
        "Network", "CoreML", "Vision", "Speech", "GameKit", "ActivityKit", "CoreHaptics", "CoreMotion", "EventKit",
        "Contacts", "MessageUI", "LinkPresentation", "QuickLook", "PDFKit", "SceneKit", "SpriteKit", "RealityKit",
        "ARKit", "CoreData", "SwiftData", "CloudKit", "SQLite3",
    ]

    /// SwiftUI's content protocols (a toolbar's items, menu commands, a style, a shape, a wrapped
    /// UIKit or AppKit view) and the App Intents that a `Button(intent:)` runs: a type adopting one
    /// is user interface or a system entry point, and is never of the data layer, whatever its code loads.
    public static let userInterfaceProtocols: Set<String> = [
        "ToolbarContent", "CustomizableToolbarContent", "Commands", "Shape", "InsettableShape", "ButtonStyle",
        "PrimitiveButtonStyle", "LabelStyle", "ToggleStyle", "TextFieldStyle", "ProgressViewStyle", "GaugeStyle",
        "TableColumnContent", "TableRowContent", "Gesture", "Layout", "TransitionProtocol", "Transition",
        "UIViewRepresentable", "NSViewRepresentable", "UIViewControllerRepresentable", "NSViewControllerRepresentable",
        "AppIntent", "LiveActivityIntent", "AudioPlaybackIntent", "ForegroundContinuableIntent", "WidgetConfigurationIntent",
    ]

    /// A view that holds `holder` (a project type declared in `holderCode`).
    static func view(holding holder: String, _ holderCode: String, marker: Bool) -> KeyValuePairs<String, String> {
        [
            "FeedLoader.swift": holderCode,
            "FeedView.swift": """
            struct FeedView: View {
                @State private var \(marker ? "↓" : "")loader = \(holder)()
                var body: some View { Text("Feed") }
            }
            """,
        ]
    }

    /// A type of the project whose method uses the API (`call`), held by a view: reported once
    /// the data layer is recognised by what its types do; a view that uses only an entity
    /// delivered by it is a near miss.
    static func examples(_ imports: String, _ call: String) -> [RuleExample] {
        let loader = "\(imports.isEmpty ? "" : "import \(imports)\n")final class FeedLoader {\n    func load() async throws {\n        \(call)\n    }\n}"
        return [
            .triggering(files: view(holding: "FeedLoader", loader, marker: true)),
            .nearMiss(files: [
                "FeedLoader.swift": loader,
                "FeedView.swift": "struct FeedView: View {\n    let items: [FeedItem]\n    var body: some View { Text(\"\\(items.count)\") }\n}",
            ]),
        ]
    }

    public static let urlSession = DataLayerAPI(name: "URLSession", kind: .network, module: nil,
        types: ["URLSession", "URLSessionTask", "URLSessionDataTask", "URLSessionDownloadTask", "URLSessionUploadTask"],
        examples: examples("", "_ = try await URLSession.shared.data(from: url)"))
    public static let webSocket = DataLayerAPI(name: "URLSession web sockets", kind: .network, module: nil, types: ["URLSessionWebSocketTask"],
        examples: examples("", "let socket = URLSession.shared.webSocketTask(with: url)\nsocket.resume()"))
    public static let alamofire = DataLayerAPI(name: "Alamofire", kind: .network, module: "Alamofire",
        types: ["AF", "Session", "DataRequest", "DownloadRequest", "UploadRequest", "DataStreamRequest"],
        examples: examples("Alamofire", "_ = try await AF.request(url).serializingData().value"))
    public static let moya = DataLayerAPI(name: "Moya", kind: .network, module: "Moya", types: ["MoyaProvider"],
        examples: examples("Moya", "_ = MoyaProvider<FeedAPI>().request(.items) { _ in }"))
    public static let apollo = DataLayerAPI(name: "Apollo", kind: .network, module: "Apollo", types: ["ApolloClient"],
        examples: examples("Apollo", "_ = ApolloClient(url: url).fetch(query: FeedQuery()) { _ in }"))
    public static let starscream = DataLayerAPI(name: "Starscream", kind: .network, module: "Starscream", types: ["WebSocket"],
        examples: examples("Starscream", "WebSocket(request: URLRequest(url: url)).connect()"))
    public static let coreData = DataLayerAPI(name: "Core Data", kind: .database, module: "CoreData",
        types: ["NSManagedObjectContext", "NSPersistentContainer", "NSPersistentCloudKitContainer", "NSPersistentStoreCoordinator"],
        members: ["viewContext", "newBackgroundContext", "performBackgroundTask"],
        examples: examples("CoreData", "try PersistenceController.shared.container.viewContext.save()"))
    public static let swiftData = DataLayerAPI(name: "SwiftData", kind: .database, module: "SwiftData", types: ["ModelContext", "ModelContainer", "ModelActor"],
        examples: examples("SwiftData", "try ModelContext(container).save()"))
    public static let grdb = DataLayerAPI(name: "GRDB", kind: .database, module: "GRDB",
        types: ["DatabaseQueue", "DatabasePool", "DatabaseWriter", "DatabaseReader"],
        examples: examples("GRDB", "try DatabaseQueue(path: path).write { try $0.execute(sql: \"DELETE FROM item\") }"))
    public static let realm = DataLayerAPI(name: "Realm", kind: .database, module: "RealmSwift", types: ["Realm"],
        examples: examples("RealmSwift", "let realm = try Realm()\ntry realm.write { realm.deleteAll() }"))
    public static let sqlite = DataLayerAPI(name: "SQLite.swift", kind: .database, module: "SQLite", types: ["Connection"],
        examples: examples("SQLite", "try Connection(path).run(\"DELETE FROM item\")"))
    public static let sqliteC = DataLayerAPI(name: "SQLite (C)", kind: .database, module: "SQLite3", types: ["OpaquePointer"],
        examples: examples("SQLite3", "var db: OpaquePointer?\n_ = sqlite3_open(path, &db)"))
    public static let firestore = DataLayerAPI(name: "Firestore", kind: .database, module: "FirebaseFirestore",
        types: ["Firestore", "CollectionReference", "DocumentReference", "Query"], umbrellaModules: ["Firebase"],
        examples: examples("FirebaseFirestore", "_ = try await Firestore.firestore().collection(\"items\").getDocuments()"))
    public static let cloudKit = DataLayerAPI(name: "CloudKit", kind: .database, module: "CloudKit", types: ["CKContainer", "CKDatabase"],
        examples: examples("CloudKit", "_ = try await CKContainer.default().privateCloudDatabase.allRecordZones()"))

    // MARK: Not the data layer

    public static let swiftDataQuery = ViewLayerStoreAccess(name: "SwiftData's `@Query`", propertyWrappers: ["Query"], examples: [
        .nearMiss("struct ItemsView: View {\n    @Query private var items: [Item]\n    var body: some View { Text(\"\\(items.count)\") }\n}"),
    ])
    public static let coreDataFetchRequest = ViewLayerStoreAccess(
        name: "Core Data's `@FetchRequest`", propertyWrappers: ["FetchRequest", "SectionedFetchRequest"], examples: [
            .nearMiss("struct ItemsView: View {\n    @FetchRequest(sortDescriptors: []) private var items: FetchedResults<Item>\n    var body: some View { Text(\"\\(items.count)\") }\n}"),
        ])
    public static let environmentContexts = ViewLayerStoreAccess(
        name: "the environment's contexts", environmentKeys: ["modelContext", "managedObjectContext"], examples: [
            .nearMiss("struct ItemsView: View {\n    @Environment(\\.modelContext) private var context\n    var body: some View { Button(\"Clear\") { try? context.delete(model: Item.self) } }\n}"),
        ])

    /// The table as the docs show it.
    public static var table: KnowledgeTable {
        var rows = self.rows.map(\.documentation)
        for v in viewLayer {
            let what = KnowledgeTables.cell(v.propertyWrappers.map { "@" + $0 } + v.environmentKeys.map { "@Environment(\\." + $0 + ")" })
            rows.append(KnowledgeRow(cells: [v.name, "not the data layer", "`SwiftUI`", what], examples: v.examples))
        }
        return KnowledgeTable(
            id: "data_layer_apis", title: "APIs that make a type part of the data layer",
            summary: """
            A type of the project whose own methods use one of these APIs (network requests, web sockets, databases and \
            persistent stores) does I/O: it belongs to the data layer. SwiftUI's own store access (`@Query`, \
            `@FetchRequest`, `@Environment(\\.modelContext)`) belongs to the view layer. Add your own types or modules under \
            `data_layer_types` in `.mvilint.json`; type names also count as domain or data types by name.
            """,
            configurationKey: "data_layer_types",
            columns: ["API", "kind", "modules", "types and members"], rows: rows, exampleRule: "no_usecase_in_view",
            triggeringExamplesAwait: nil)
    }
}
