/// A table of what mvilint knows, as the rule docs show it and the example test runs it.

/// What mvilint knows about one kind of framework or library behaviour (callbacks that run on
/// the main queue, SDK classes isolated to the main actor, …), as a table: each row names the
/// APIs and carries examples (a triggering one and a near miss), which the shared example test
/// runs against `exampleRule`, and the rule docs list the rows in a "What mvilint knows" section.
/// The rows themselves are typed values in the files of this folder; this is their rendering.
public struct KnowledgeTable: Sendable {
    /// snake_case, unique: `main_queue_callbacks`.
    public var id: String
    public var title: String
    /// What a row means and how a rule uses it, in a few sentences.
    public var summary: String
    /// The `.mvilint.json` key whose entries add rows, if users can add any.
    public var configurationKey: String?
    public var columns: [String]
    public var rows: [KnowledgeRow]
    /// The rule whose check the rows' examples run against.
    public var exampleRule: String
    /// Set while `exampleRule` does not read the table yet: what will make it report the rows'
    /// triggering examples. Until then only their near misses run (they must stay silent).
    public var triggeringExamplesAwait: String?

    public init(id: String, title: String, summary: String, configurationKey: String? = nil, columns: [String], rows: [KnowledgeRow],
                exampleRule: String, triggeringExamplesAwait: String? = nil) {
        self.id = id; self.title = title; self.summary = summary; self.configurationKey = configurationKey
        self.columns = columns; self.rows = rows; self.exampleRule = exampleRule; self.triggeringExamplesAwait = triggeringExamplesAwait
    }

    /// The rows' examples that run against `exampleRule` now.
    public var runnableExamples: [RuleExample] {
        rows.flatMap(\.examples).filter { triggeringExamplesAwait == nil || $0.kind == .nonTriggering }
    }
}

/// One row of a `KnowledgeTable`: its cells as the docs show them, and its examples.
public struct KnowledgeRow: Sendable {
    public var cells: [String]
    /// Made when asked: a lint run never asks.
    public var examples: [RuleExample] { makeExamples() }
    private let makeExamples: @Sendable () -> [RuleExample]
    public init(cells: [String], examples: @autoclosure @escaping @Sendable () -> [RuleExample]) {
        self.cells = cells; self.makeExamples = examples
    }
}

/// Every knowledge table, for the checks that keep them honest (each row has a triggering example
/// and a near miss, and each table's example rule lists it).
public enum KnowledgeTables {
    public static var all: [KnowledgeTable] {
        [MainQueueCallbacks.table, MainPostedNotifications.table, ClosureCallingFunctions.table, SwiftUIEvents.table,
         SwiftUIViews.table, MainActorSDKTypes.table, DataLayerAPIs.table]
    }

    /// `names` as a cell: code-formatted, comma-separated.
    static func cell(_ names: [String]) -> String { names.map { "`\($0)`" }.joined(separator: ", ") }
}
