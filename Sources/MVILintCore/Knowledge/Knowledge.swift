/// What a lint run knows: the built-in tables, extended by the project's configuration.

/// The tables that users extend in `.mvilint.json` (never replace), merged with the built-in
/// rows, with the lookups that rules make of them worked out once per run. The engine hands it
/// to the facts it collects (`ProjectFact`), the index and the rules (`ProjectSettings.knowledge`).
/// A class, so that handing it on (settings are copied into every rule's context) copies nothing.
public final class Knowledge: Sendable {
    /// Built-in rows, then the configured ones (`main_queue_callbacks`).
    public let mainQueueCallbacks: [MainQueueCallback]
    /// Built-in rows, then the configured ones (`data_layer_types`).
    public let dataLayerAPIs: [DataLayerAPI]
    /// The type names that the configuration puts in the data layer (`data_layer_types`): they
    /// also count as domain or data types by name.
    public let configuredDataLayerTypes: [String]
    /// Protocols whose conformers are views, besides SwiftUI's own (`view_like_protocols`).
    public let viewLikeProtocols: [String]

    /// Indices into `mainQueueCallbacks` by method, for calls handing over a closure.
    private let closureRows: [String: [Int]]
    /// Indices into `mainQueueCallbacks` by method, for calls returning a publisher.
    private let publisherRows: [String: [Int]]
    /// The methods of `closureRows` and `publisherRows`, compared as bytes.
    public let callbackMethodWords: WordSet
    public let publisherMethodWords: WordSet
    /// The receiver classes of the rows (`MKLocalSearch`, `GIDSignIn`, …).
    public let callbackReceiverTypes: Set<String>
    /// Whether a file names one of `callbackReceiverTypes`: only then may a property or local
    /// hold one.
    public let callbackReceiverSearch: IdentifierSearch
    /// The receiver classes whose rows say how code reaches their shared instance.
    public let sharedInstanceTypeWords: WordSet
    /// The modules of those rows.
    public let sharedInstanceModules: Set<String>
    /// The types and distinctive members of `dataLayerAPIs`: a file that names none of them has
    /// no type that uses one.
    public let dataLayerSearch: IdentifierSearch
    /// The same for the rows of the SDK's Foundation (no module), and for each module's rows.
    public let dataLayerSDKSearch: IdentifierSearch
    public let dataLayerModuleSearch: [String: IdentifierSearch]
    /// Indices into `dataLayerAPIs` by type name, and by member name.
    private let dataLayerTypeRows: [String: [Int]]
    private let dataLayerMemberRows: [String: [Int]]
    /// The rows of `dataLayerAPIs` that name no type (a configured module: every type of it).
    public let dataLayerModuleRows: [DataLayerAPI]

    /// The built-in tables alone.
    public static let builtIn = Knowledge()

    public init(mainQueueCallbacks extraCallbacks: [MainQueueCallback] = [], dataLayerAPIs extraDataLayer: [DataLayerAPI] = [],
                configuredDataLayerTypes: [String] = [], viewLikeProtocols: [String] = []) {
        let callbacks = MainQueueCallbacks.rows + extraCallbacks
        mainQueueCallbacks = callbacks
        dataLayerAPIs = DataLayerAPIs.rows + extraDataLayer
        self.configuredDataLayerTypes = configuredDataLayerTypes
        self.viewLikeProtocols = viewLikeProtocols
        var closures: [String: [Int]] = [:], publishers: [String: [Int]] = [:]
        for (k, row) in callbacks.enumerated() {
            for m in row.methods {
                if row.delivery == .closure { closures[m, default: []].append(k) } else { publishers[m, default: []].append(k) }
            }
        }
        closureRows = closures
        publisherRows = publishers
        callbackMethodWords = WordSet(Array(closures.keys))
        publisherMethodWords = WordSet(Array(publishers.keys))
        let types = Set(callbacks.compactMap(\.type))
        callbackReceiverTypes = types
        callbackReceiverSearch = IdentifierSearch(Array(types))
        sharedInstanceTypeWords = WordSet(callbacks.filter { $0.sharedInstance != nil }.compactMap(\.type))
        sharedInstanceModules = Set(callbacks.filter { $0.sharedInstance != nil }.flatMap(\.modules))
        var typeRows: [String: [Int]] = [:], memberRows: [String: [Int]] = [:]
        for (k, row) in dataLayerAPIs.enumerated() {
            for t in row.types { typeRows[t, default: []].append(k) }
            for m in row.members { memberRows[m, default: []].append(k) }
        }
        dataLayerTypeRows = typeRows
        dataLayerMemberRows = memberRows
        dataLayerSearch = IdentifierSearch(Array(typeRows.keys) + Array(memberRows.keys))
        dataLayerSDKSearch = IdentifierSearch(dataLayerAPIs.filter { $0.module == nil }.flatMap { $0.types + $0.members })
        var byModule: [String: [String]] = [:]
        for row in dataLayerAPIs { for m in row.modules { byModule[m, default: []] += row.types + row.members } }
        dataLayerModuleSearch = byModule.mapValues(IdentifierSearch.init)
        dataLayerModuleRows = dataLayerAPIs.filter { $0.types.isEmpty && $0.module != nil }
    }

    /// The rows of `dataLayerAPIs` that list the type `name`, in table order.
    public func dataLayerRows(forType name: String) -> [DataLayerAPI] {
        dataLayerTypeRows[name].map { $0.map { dataLayerAPIs[$0] } } ?? []
    }

    /// The rows of `dataLayerAPIs` that list the member `name`, in table order.
    public func dataLayerRows(forMember name: String) -> [DataLayerAPI] {
        dataLayerMemberRows[name].map { $0.map { dataLayerAPIs[$0] } } ?? []
    }

    /// The rows whose closure-taking methods include `method`, in table order.
    public func callbacks(named method: String) -> [MainQueueCallback] {
        closureRows[method].map { $0.map { mainQueueCallbacks[$0] } } ?? []
    }

    /// The rows whose publisher-returning methods include `method`, in table order.
    public func publishers(named method: String) -> [MainQueueCallback] {
        publisherRows[method].map { $0.map { mainQueueCallbacks[$0] } } ?? []
    }

    /// The row of receiver class `type` that says how code reaches its shared instance.
    public func sharedInstanceRow(of type: String) -> MainQueueCallback? {
        mainQueueCallbacks.first { $0.type == type && $0.sharedInstance != nil }
    }

    /// The rows of `library` with a receiver class.
    public func typedRows(of library: String) -> [MainQueueCallback] {
        mainQueueCallbacks.filter { $0.library == library && $0.type != nil }
    }
}
