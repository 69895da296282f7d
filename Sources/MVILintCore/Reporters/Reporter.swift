/// The reporter protocol, the context reporters receive, and the registry of reporters.

/// What a reporter may need besides the findings.
public struct ReportContext: Sendable {
    /// The tool's name, `mvilintName`.
    public var toolName: String
    /// The tool's version, as `mvilint --version` prints it (`mvilintVersion`).
    public var toolVersion: String
    /// Metadata of the rules that were available for the run, in catalogue order.
    public var rules: [RuleInfo]
    /// The root of the git work tree holding the project, else the project root (absolute, no
    /// trailing `/`): fingerprints hash paths relative to it, so that they do not depend on
    /// where the command ran. Nil: fingerprints hash absolute paths.
    public var baseDirectory: String?
    /// The directory the command ran in (absolute): reporters print paths relative to it
    /// (`displayPath`, see `ReportPaths`). Nil: paths print as they are, absolute.
    public var currentDirectory: String?
    /// The text of the lines findings are on, by finding path then 1-based line; stable
    /// fingerprints hash it. A missing line hashes as an empty line.
    public var lineTexts: [String: [Int: String]]
    /// The project's home page; SARIF links the tool and each rule's documentation under it.
    public var homepage: String
    /// The project's architecture graph with the findings placed on it, for reporters that
    /// draw it (`Reporter.usesGraph`); nil for the others, which do not pay for building it.
    public var graph: ArchitectureGraph? = nil
    /// Where the repository's files can be browsed at the linted revision (ending with `/`), for
    /// links to `path#Lline`: set from GitHub Actions' variables by the command line; nil
    /// for links relative to the report.
    public var sourceLinkBase: String? = nil

    /// Where mvilint's repository lives; rule documentation is under `docs/rules/` there.
    public static let defaultHomepage = "https://github.com/mvilint/mvilint"

    public init(toolName: String = mvilintName, toolVersion: String = mvilintVersion, rules: [RuleInfo] = [], baseDirectory: String? = nil,
                currentDirectory: String? = nil, lineTexts: [String: [Int: String]] = [:], homepage: String = ReportContext.defaultHomepage) {
        self.toolName = toolName; self.toolVersion = toolVersion; self.rules = rules
        self.baseDirectory = baseDirectory; self.currentDirectory = currentDirectory
        self.lineTexts = lineTexts; self.homepage = homepage
    }
}

/// Turns the result of a lint run into text. A pure function: no I/O, no state.
///
/// Every reporter follows two conventions (docs/output-formats.md): it names files through
/// `context.displayPath(_:)` (relative to the current directory; only `xcode` prints absolute
/// paths), and it shows the input errors of `result.diagnostics` in its own form
/// (`LintResult.reportEntries` merges them with the findings in report order).
public protocol Reporter {
    /// The value of `--reporter` that selects it.
    static var id: String { get }
    /// One line describing the format.
    static var summary: String { get }
    /// The whole report; empty, or ending with a newline.
    static func report(_ result: LintResult, context: ReportContext) -> String
    /// Whether the report reads `ReportContext.lineTexts` (the command line reads those lines
    /// only for reporters that do).
    static var usesLineTexts: Bool { get }
    /// How many lines before and after each finding's line `ReportContext.lineTexts` also holds
    /// (code excerpts); 0 by default.
    static var lineTextRadius: Int { get }
    /// Whether the report draws the architecture graph (`ReportContext.graph`): the command line
    /// then keeps the project index after linting and builds the graph from it.
    static var usesGraph: Bool { get }
}

extension Reporter {
    public static var usesLineTexts: Bool { false }
    public static var lineTextRadius: Int { 0 }
    public static var usesGraph: Bool { false }
}

/// Every reporter, by id.
public enum Reporters {
    /// All reporters; the first one is the default.
    public static let all: [any Reporter.Type] = [
        XcodeReporter.self, JSONReporter.self, SARIFReporter.self, GitHubReporter.self, CheckstyleReporter.self,
        JUnitReporter.self, GitLabReporter.self, SummaryReporter.self, CSVReporter.self, SonarQubeReporter.self,
        CodeClimateReporter.self, HTMLReporter.self, MarkdownReporter.self,
    ]

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
