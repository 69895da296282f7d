/// The rule protocol, rule metadata and findings (examples are in `Knowledge/RuleExample.swift`).

/// How serious a finding is. `off` disables a rule.
public enum Severity: String, Comparable, Sendable, CaseIterable {
    case off, warning, error
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    private var rank: Int { self == .off ? 0 : self == .warning ? 1 : 2 }
}

/// A set of rule defaults. A profile only changes defaults.
public enum Profile: String, Sendable, CaseIterable {
    /// Model-View-ViewModel (the default).
    case mvvm
    /// Model-View-Intent: views talk to their model only by sending intents.
    case mvi
}

public enum RuleCategory: String, Sendable {
    case architecture, concurrency, lifecycle, state
    /// Findings about the linter's own annotations (suppression comments).
    case hygiene
}

/// Whether a rule offers fixes.
public enum FixAvailability: String, Sendable { case never, sometimes, always }

/// A value of a rule option.
public enum OptionValue: Sendable, Equatable, CustomStringConvertible {
    case bool(Bool)
    case int(Int)
    case string(String)
    case strings([String])

    public var description: String {
        switch self {
        case .bool(let b): return String(b)
        case .int(let i): return String(i)
        case .string(let s): return "\"\(s)\""
        case .strings(let list): return "[" + list.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        }
    }
}

/// A documented, typed option of a rule (configured under `rules.<id>.<key>`).
public struct RuleOption: Sendable {
    public var key: String
    public var defaultValue: OptionValue
    /// One line: what the option changes.
    public var description: String
    public init(_ key: String, default defaultValue: OptionValue, _ description: String) {
        self.key = key; self.defaultValue = defaultValue; self.description = description
    }
}

/// A rule's metadata.
public struct RuleInfo: Sendable {
    /// Identifier, exactly as in the rule catalogue (snake_case).
    public var id: String
    public var title: String
    /// One line: what the rule reports.
    public var summary: String
    /// Why it matters, in a few sentences.
    public var rationale: String
    /// The decisions the rule makes where its summary is silent (exemptions, what counts as
    /// what), for the rule's page and `mvilint explain --full`; empty when there are none.
    public var details: String
    public var category: RuleCategory
    /// Default severity per profile.
    public var defaults: [Profile: Severity]
    public var fix: FixAvailability
    /// Whether the rule needs the project-wide index (all rules may read it).
    public var needsIndex: Bool
    public var examples: [RuleExample]
    /// The rule's configurable options with their defaults.
    public var options: [RuleOption]
    /// The tables of what mvilint knows about frameworks and libraries that the rule reads
    /// (`KnowledgeTable`): listed on the rule's page, their rows' examples run against the rule
    /// named by each table's `exampleRule`.
    public var knowledge: [KnowledgeTable]

    public init(id: String, title: String, summary: String, rationale: String, details: String = "", category: RuleCategory, defaults: [Profile: Severity], fix: FixAvailability = .never, needsIndex: Bool = true, options: [RuleOption] = [], knowledge: [KnowledgeTable] = [], examples: [RuleExample]) {
        self.id = id; self.title = title; self.summary = summary; self.rationale = rationale; self.details = details
        self.category = category; self.defaults = defaults; self.fix = fix; self.needsIndex = needsIndex
        self.options = options; self.knowledge = knowledge; self.examples = examples
    }

    /// The rule's own examples and those of the rows of its knowledge tables that run against it.
    public var allExamples: [RuleExample] {
        examples + knowledge.filter { $0.exampleRule == id }.flatMap(\.runnableExamples)
    }

    public func defaultSeverity(for profile: Profile) -> Severity { defaults[profile] ?? .off }
}

/// A note attached to a finding, with its own location (e.g. "model declared here").
public struct FindingNote: Sendable, Hashable {
    public var path: String
    public var location: SourceLocation
    public var message: String
    public init(path: String, location: SourceLocation, message: String) {
        self.path = path; self.location = location; self.message = message
    }
}

/// How far a fix can be trusted without review.
public enum FixSafety: String, Sendable, Hashable {
    /// The project still compiles after the fix and behaves as before, apart from the reported
    /// problem; `--fix` applies it. A rule offers a fix as safe only where no code of the project
    /// would stop compiling (a write from outside a model, a call that passes a view's property):
    /// elsewhere the finding comes without a fix.
    case safe
    /// The fix may change behaviour beyond the reported problem (for example the isolation of a
    /// whole class), and code elsewhere may need changes to compile; `--fix` applies it only
    /// together with `--unsafe-fixes`.
    case unsafe
}

/// A replacement of a range of a file's bytes (UTF-8 offsets into `SourceFile.bytes`); an empty
/// range inserts `replacement` at that offset.
public struct TextEdit: Sendable, Hashable {
    public var range: Range<Int>
    public var replacement: String
    public init(range: Range<Int>, replacement: String) { self.range = range; self.replacement = replacement }
    /// Inserts `text` at byte `offset`.
    public static func insert(_ text: String, at offset: Int) -> TextEdit { TextEdit(range: offset..<offset, replacement: text) }
}

/// A correction attached to a finding. Its edits apply to the finding's file and do not overlap.
public struct Fix: Sendable, Hashable {
    /// What the fix does, as an imperative sentence without trailing period ("Make the setter `private(set)`").
    public var title: String
    public var safety: FixSafety
    /// The edits, sorted by offset.
    public var edits: [TextEdit]
    public init(title: String, safety: FixSafety = .safe, edits: [TextEdit]) {
        self.title = title; self.safety = safety
        self.edits = edits.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
    }
}

/// One reported problem. Lines and columns are 1-based; columns count characters.
public struct Finding: Sendable, Hashable {
    public var ruleID: String
    public var severity: Severity
    public var path: String
    public var location: SourceLocation
    public var message: String
    public var notes: [FindingNote]
    /// A correction that `--fix` can apply, if the rule offers one for this finding.
    public var fix: Fix?

    public init(ruleID: String, severity: Severity, path: String, location: SourceLocation, message: String, notes: [FindingNote] = [], fix: Fix? = nil) {
        self.ruleID = ruleID; self.severity = severity; self.path = path; self.location = location
        self.message = message; self.notes = notes; self.fix = fix
    }

    public var line: Int { location.line }
    public var column: Int { location.column }

    /// Order used by every reporter: path, line, column, rule.
    public static func reportOrder(_ a: Finding, _ b: Finding) -> Bool {
        if a.path != b.path { return a.path < b.path }
        if a.location != b.location { return a.location < b.location }
        if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
        return a.message < b.message
    }
}

/// What a rule sees while checking one file.
public struct RuleContext {
    public let file: SourceFile
    public let project: ProjectIndex
    public let severity: Severity
    public let ruleID: String
    /// Options set by the user for this rule; unset keys fall back to the rule's defaults.
    public let configuredOptions: [String: OptionValue]
    public let settings: ProjectSettings
    var sink: [Finding] = []

    public init(file: SourceFile, project: ProjectIndex, ruleID: String, severity: Severity, options: [String: OptionValue] = [:], settings: ProjectSettings = ProjectSettings()) {
        self.file = file; self.project = project; self.ruleID = ruleID; self.severity = severity
        self.configuredOptions = options; self.settings = settings
    }

    /// The value of option `key`: the user's, else the default declared in `info`.
    public func option(_ key: String, in info: RuleInfo) -> OptionValue? {
        configuredOptions[key] ?? info.options.first { $0.key == key }?.defaultValue
    }
    public func strings(_ key: String, in info: RuleInfo) -> [String] {
        if case .strings(let v)? = option(key, in: info) { return v }
        return []
    }
    public func bool(_ key: String, in info: RuleInfo) -> Bool {
        if case .bool(let v)? = option(key, in: info) { return v }
        return false
    }

    /// Reports a finding at token `token` of the current file, with an optional fix.
    public mutating func report(at token: Int, _ message: String, notes: [FindingNote] = [], fix: Fix? = nil) {
        sink.append(Finding(ruleID: ruleID, severity: severity, path: file.path, location: file.location(ofToken: token), message: message, notes: notes, fix: fix))
    }

    public var findings: [Finding] { sink }
}

/// A lint rule. One type per rule, one file per type, registered in `Rules/AllRules.swift`.
public protocol Rule {
    static var info: RuleInfo { get }
    init()
    /// Checks one file against the read-only project index.
    func check(_ context: inout RuleContext)
    /// Words whose bytes the engine looks for in every lint file, for `mayReport(in:)` to ask
    /// `FileScope.contains` (at most a few per rule; the default is none).
    static var scopeWords: [String] { get }
    /// Whether `check` can report anything in the file that `scope` describes. The engine does
    /// not run the rule on a file for which it answers false, nor check at all a file for which
    /// no enabled rule can (`FileScope`). The answer must never be false where `check` would
    /// report; the default, true, checks every file.
    static func mayReport(in scope: FileScope) -> Bool
    /// The project-wide facts that the rule collects for itself (`ProjectFact`) and reads with
    /// `context.project.fact(_:)`. They are collected only while a rule that lists them is
    /// enabled; the default is none.
    static var facts: [any ProjectFact.Type] { get }
}

extension Rule {
    public static var scopeWords: [String] { [] }
    public static func mayReport(in scope: FileScope) -> Bool { true }
    public static var facts: [any ProjectFact.Type] { [] }
}
