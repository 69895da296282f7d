/// The project's architecture as mvilint sees it: types by layer, who owns, observes, composes and depends on whom, and the findings on each.

/// A graph of the project's architectural types and their relations, with the findings that
/// concern each node and edge. `GraphBuilder` makes it from the project index; `GraphView`
/// narrows or collapses it; `GraphFormat` prints it (Mermaid, DOT, JSON); the HTML report lays
/// it out itself (`LayeredLayout`).
public struct ArchitectureGraph: Sendable {
    /// The version of the JSON form (`docs/graph.md`): keys are only ever added within one version.
    public static let schemaVersion = 1

    /// What a node stands for.
    public enum Role: String, Sendable, CaseIterable {
        /// An `App` or `Scene`: a composition root.
        case app
        case view
        /// A view model or store: an observable model, or a type named as one.
        case model
        /// An intent or action type a model handles (`HomeIntent` for `HomeStore`).
        case intent
        /// The state type a model holds (`HomeState`).
        case state
        case useCase
        case repository
        /// Another type of a configured or data layer (a client, a service, a data source).
        case service
        /// Several types drawn as one (`--collapse`).
        case group
    }

    /// How one type relates to another.
    public enum EdgeKind: String, Sendable, CaseIterable {
        /// A view creates and keeps the model (`@StateObject`, `@State`).
        case owns
        /// A view observes a model passed in (`@ObservedObject`, `@Bindable`, a plain property).
        case observes
        /// A view reads an environment object (`@EnvironmentObject`, `@Environment(T.self)`).
        case environment
        /// A view puts an object into the environment of the views it constructs.
        case provides
        /// A view constructs another (the view graph).
        case composes
        /// A stored property of one type holds another (model → use case → repository → client).
        case depends
        /// A type conforms to a protocol of the graph.
        case conforms
        /// An intent type is sent to the model that handles it.
        case intent
        /// A model holds its state type.
        case state
        /// A reference that only a finding shows (`OrdersRepository.shared` in a view).
        case uses
        /// Several relations between two groups (`--collapse`).
        case aggregated
    }

    /// A finding as the graph shows it.
    public struct FindingRef: Sendable, Hashable {
        public var ruleID: String
        public var severity: Severity
        public var message: String
        /// Absolute path, as the finding has it.
        public var path: String
        public var line: Int
        public var column: Int
        public init(_ f: Finding) {
            ruleID = f.ruleID; severity = f.severity; message = f.message; path = f.path; line = f.line; column = f.column
        }
    }

    public struct Node: Sendable {
        /// Unique within the graph: the type's name, or `module:NAME`/`folder:PATH` for a group.
        public var id: String
        /// What is drawn: the type name, or the group's name.
        public var name: String
        public var role: Role
        /// The layer it is drawn in (`app`, a layer of the layer graph, or `other`).
        public var layer: String
        /// `struct`, `class`, `enum`, `actor` or `protocol`; `group` for a group.
        public var kind: String
        /// `@Observable`, `ObservableObject`, `@MainActor`, `= Store` (a typealias) …
        public var traits: [String]
        /// Where the type is declared (absolute), when known.
        public var path: String?
        public var line: Int?
        /// For a group: how many types it stands for, by role.
        public var members: [Role: Int] = [:]
        public var findings: [FindingRef] = []
    }

    public struct Edge: Sendable {
        public var from: String
        public var to: String
        public var kind: EdgeKind
        /// The stored property or the provided type behind the edge, when there is one.
        public var label: String?
        /// For a collapsed graph: how many relations the edge stands for, by kind.
        public var count = 1
        public var kinds: [EdgeKind: Int] = [:]
        public var findings: [FindingRef] = []
    }

    /// Nodes in drawing order: by layer order, then name.
    public var nodes: [Node]
    public var edges: [Edge]
    /// Layer names from left to right (those with no node are left out).
    public var layers: [String]
    /// Findings that no node or edge of the graph is about (a free function, a rule about
    /// suppression comments), and those of nodes left out by a view of the graph.
    public var unplaced: [FindingRef]
    /// How the graph was narrowed (`--focus`, `--only-violations`, `--collapse`), in words; empty for the whole graph.
    public var scope: [String] = []

    public init(nodes: [Node], edges: [Edge], layers: [String], unplaced: [FindingRef]) {
        self.nodes = nodes; self.edges = edges; self.layers = layers; self.unplaced = unplaced
    }

    /// The index of the node with `id`.
    public func nodeIndex(_ id: String) -> Int? { nodes.firstIndex { $0.id == id } }

    /// Every finding placed on a node or an edge.
    public var placedFindings: [FindingRef] { nodes.flatMap(\.findings) + edges.flatMap(\.findings) }

    /// Whether the node or edge has a finding.
    public static func isViolating(_ findings: [FindingRef]) -> Bool { !findings.isEmpty }

    /// The distinct rule ids of `findings`, sorted.
    public static func ruleIDs(_ findings: [FindingRef]) -> [String] { Array(Set(findings.map(\.ruleID))).sorted() }
}
