/// The rule protocol, rule metadata, examples and findings.

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
}

/// Whether a rule offers fixes.
public enum FixAvailability: String, Sendable { case never, sometimes, always }

/// One documented example of a rule. `↓` marks where each finding is reported.
public struct RuleExample: Sendable {
    public enum Kind: Sendable { case triggering, nonTriggering }
    public var kind: Kind
    /// File name → source; several files when the project index matters.
    public var files: [(name: String, source: String)]
    public var isFocused = false
    public var isHiddenFromDocs = false
    /// Where the example was written, so that a failing example points at it.
    public var file: StaticString
    public var line: UInt

    public static func triggering(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> RuleExample {
        RuleExample(kind: .triggering, files: [("Example.swift", source)], file: file, line: line)
    }
    public static func nonTriggering(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> RuleExample {
        RuleExample(kind: .nonTriggering, files: [("Example.swift", source)], file: file, line: line)
    }
    public static func triggering(files: KeyValuePairs<String, String>, file: StaticString = #filePath, line: UInt = #line) -> RuleExample {
        RuleExample(kind: .triggering, files: files.map { ($0.key, $0.value) }, file: file, line: line)
    }
    public static func nonTriggering(files: KeyValuePairs<String, String>, file: StaticString = #filePath, line: UInt = #line) -> RuleExample {
        RuleExample(kind: .nonTriggering, files: files.map { ($0.key, $0.value) }, file: file, line: line)
    }
    /// Runs only focused examples while debugging.
    public func focused() -> RuleExample { var e = self; e.isFocused = true; return e }
    /// Keeps a pathological case out of generated docs.
    public func hiddenFromDocs() -> RuleExample { var e = self; e.isHiddenFromDocs = true; return e }
}

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
    public var category: RuleCategory
    /// Default severity per profile.
    public var defaults: [Profile: Severity]
    public var fix: FixAvailability
    /// Whether the rule needs the project-wide index (all rules may read it).
    public var needsIndex: Bool
    public var examples: [RuleExample]
    /// The rule's configurable options with their defaults.
    public var options: [RuleOption]

    public init(id: String, title: String, summary: String, rationale: String, category: RuleCategory, defaults: [Profile: Severity], fix: FixAvailability = .never, needsIndex: Bool = true, options: [RuleOption] = [], examples: [RuleExample]) {
        self.id = id; self.title = title; self.summary = summary; self.rationale = rationale
        self.category = category; self.defaults = defaults; self.fix = fix; self.needsIndex = needsIndex
        self.options = options; self.examples = examples
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

/// One reported problem. Lines and columns are 1-based; columns count characters.
public struct Finding: Sendable, Hashable {
    public var ruleID: String
    public var severity: Severity
    public var path: String
    public var location: SourceLocation
    public var message: String
    public var notes: [FindingNote]

    public init(ruleID: String, severity: Severity, path: String, location: SourceLocation, message: String, notes: [FindingNote] = []) {
        self.ruleID = ruleID; self.severity = severity; self.path = path; self.location = location
        self.message = message; self.notes = notes
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

    /// Reports a finding at token `token` of the current file.
    public mutating func report(at token: Int, _ message: String, notes: [FindingNote] = []) {
        sink.append(Finding(ruleID: ruleID, severity: severity, path: file.path, location: file.location(ofToken: token), message: message, notes: notes))
    }

    public var findings: [Finding] { sink }
}

/// A lint rule. One type per rule, one file per type, registered in `Rules/AllRules.swift`.
public protocol Rule {
    static var info: RuleInfo { get }
    init()
    /// Checks one file against the read-only project index.
    func check(_ context: inout RuleContext)
}
