/// The reporter protocol, the context reporters receive, and the registry of reporters.

/// What a reporter may need besides the findings.
public struct ReportContext: Sendable {
    /// The tool's name, `mvilint`.
    public var toolName: String
    /// The tool's version, as `mvilint --version` prints it.
    public var toolVersion: String
    /// Metadata of the rules that were available for the run, in catalogue order.
    public var rules: [RuleInfo]

    public init(toolName: String = "mvilint", toolVersion: String, rules: [RuleInfo] = []) {
        self.toolName = toolName; self.toolVersion = toolVersion; self.rules = rules
    }
}

/// Turns the result of a lint run into text. A pure function: no I/O, no state.
public protocol Reporter {
    /// The value of `--reporter` that selects it.
    static var id: String { get }
    /// One line describing the format.
    static var summary: String { get }
    /// The whole report; empty, or ending with a newline.
    static func report(_ result: LintResult, context: ReportContext) -> String
}

/// Every reporter, by id.
public enum Reporters {
    /// All reporters; the first one is the default.
    public static let all: [any Reporter.Type] = [XcodeReporter.self, JSONReporter.self]

    /// The default reporter (`xcode`).
    public static var `default`: any Reporter.Type { all[0] }

    /// The reporter whose id is `id`, if any.
    public static func named(_ id: String) -> (any Reporter.Type)? {
        all.first { $0.id == id }
    }

    /// The ids of all reporters, in order.
    public static var ids: [String] { all.map { $0.id } }
}

extension Severity {
    /// The word reporters print for this severity (`warning` for `off`, which never reaches them).
    var reportedName: String { self == .error ? "error" : "warning" }
}
