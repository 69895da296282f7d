/// Examples of rules and of the rows of knowledge tables: the tests and the docs of both.

/// One documented example of a rule, or of a row of a knowledge table. `↓` marks where each
/// finding is reported.
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
    /// For a fix example (always triggering): file name → the expected source after every fix
    /// of the rule has been applied. `↓` markers there mark the findings that remain because
    /// they have no fix.
    public var fixedFiles: [(name: String, source: String)]? = nil
    /// The message expected at each `↓` marker, in the order of the markers (file by file in the
    /// order written, then by line and column); nil when the example states none.
    public var messages: [String]? = nil

    public init(kind: Kind, files: [(name: String, source: String)], file: StaticString, line: UInt,
                fixedFiles: [(name: String, source: String)]? = nil) {
        self.kind = kind; self.files = files; self.file = file; self.line = line; self.fixedFiles = fixedFiles
    }

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
    /// A near miss of a knowledge table's row: code that the row keeps from being reported
    /// (a non-triggering example).
    public static func nearMiss(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> RuleExample {
        nonTriggering(source, file: file, line: line)
    }
    public static func nearMiss(files: KeyValuePairs<String, String>, file: StaticString = #filePath, line: UInt = #line) -> RuleExample {
        nonTriggering(files: files, file: file, line: line)
    }
    /// A triggering example whose fixes must turn `before` into `after`; the fixed code must relint
    /// with findings exactly at the markers in `after` (none, usually) and stay unchanged by a
    /// second round of fixes.
    public static func fix(before: String, after: String, file: StaticString = #filePath, line: UInt = #line) -> RuleExample {
        RuleExample(kind: .triggering, files: [("Example.swift", before)], file: file, line: line, fixedFiles: [("Example.swift", after)])
    }
    /// A fix example over several files: the fixes of the rule must turn `files` into `fixed`
    /// (the same names, in the same order), as `fix(before:after:)` does for one file.
    public static func fix(files: KeyValuePairs<String, String>, fixed: KeyValuePairs<String, String>,
                           file: StaticString = #filePath, line: UInt = #line) -> RuleExample {
        RuleExample(kind: .triggering, files: files.map { ($0.key, $0.value) }, file: file, line: line,
                    fixedFiles: fixed.map { ($0.key, $0.value) })
    }
    /// Runs only focused examples while debugging.
    public func focused() -> RuleExample { var e = self; e.isFocused = true; return e }
    /// Keeps a pathological case out of generated docs.
    public func hiddenFromDocs() -> RuleExample { var e = self; e.isHiddenFromDocs = true; return e }
    /// States the message expected at each marker, in the order of the markers; the example test
    /// checks them.
    public func messages(_ list: [String]) -> RuleExample { var e = self; e.messages = list; return e }
    /// States the one message expected at the example's only marker.
    public func expecting(message: String) -> RuleExample { messages([message]) }
}
