/// Helpers shared by reporters: the paths they print, stable fingerprints, URI and XML escaping.

/// How reporters print paths (the one convention every reporter follows, `xcode` excepted).
///
/// A path inside the current directory is printed relative to it (`Sources/App/Model.swift`,
/// as SwiftLint does), so that a report can be read, opened and `git apply`-ed from where the
/// command ran; a path outside it stays absolute. In CI, where the job runs at the repository
/// root, relative paths are relative to the repository, as GitHub, GitLab and code-scanning
/// services expect. The `xcode` reporter prints absolute paths (Xcode and editors resolve them
/// from anywhere). Fingerprints do not use display paths: see `ReportContext.fingerprints`.
public enum ReportPaths {
    /// `path` relative to `directory` when it lies inside it; otherwise `path` unchanged.
    /// Compared byte by byte: `String.hasPrefix` works on characters, and a combining mark
    /// after the `/` would merge with it.
    public static func relative(_ path: String, to directory: String?) -> String {
        guard let base = directory, !base.isEmpty else { return path }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        guard path.utf8.count > prefix.utf8.count, path.utf8.starts(with: prefix.utf8) else { return path }
        return String(decoding: path.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
    }

    /// The path a report prints for `path` when run from `currentDirectory` (see `ReportPaths`).
    public static func display(_ path: String, currentDirectory: String?) -> String {
        relative(path, to: currentDirectory)
    }
}

extension ReportContext {
    /// The path to print for `path`: the convention of `ReportPaths` (relative to the current
    /// directory when inside it, absolute otherwise). Every reporter except `xcode` names files
    /// through this function, in findings, notes and input errors alike.
    public func displayPath(_ path: String) -> String {
        ReportPaths.display(path, currentDirectory: currentDirectory)
    }

    @available(*, deprecated, renamed: "displayPath", message: "reporters print paths through displayPath (see ReportPaths)")
    public func relativePath(_ path: String) -> String { displayPath(path) }

    /// `path` relative to `baseDirectory` (the repository root; absolute outside it): what does
    /// not depend on where the command ran. Fingerprints hash it, links into the repository
    /// (`sourceLinkBase`) and module names of the graph are made from it; reports print
    /// `displayPath` instead.
    public func repositoryPath(_ path: String) -> String {
        ReportPaths.relative(path, to: baseDirectory)
    }

    /// A stable identity for each finding of `findings` (given in report order), as 64 hex
    /// digits: a SHA-256 of the rule id, the path relative to the repository root (not the
    /// display path: a run from a subdirectory keeps it), the text of the finding's line with
    /// whitespace runs collapsed and ends trimmed, and how many earlier findings share those
    /// three. Edits elsewhere in the file (lines added above, re-indentation) and moving the
    /// checkout keep it; changing the offending line or renaming the file changes it.
    public func fingerprints(_ findings: [Finding]) -> [String] {
        var seen: [String: Int] = [:]
        return findings.map { finding in
            let line = ReportContext.normalizedLine(lineTexts[finding.path]?[finding.line] ?? "")
            let key = ["mvilint-fingerprint-1", finding.ruleID, repositoryPath(finding.path), line].joined(separator: "\u{1F}")
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            return SHA256.hex(key + "\u{1F}" + String(occurrence))
        }
    }

    /// A stable identity for an input error: a SHA-256 of its path relative to the repository
    /// root and its message.
    public func inputErrorFingerprint(_ diagnostic: InputDiagnostic) -> String {
        SHA256.hex(["mvilint-input-error-1", repositoryPath(diagnostic.path), diagnostic.message].joined(separator: "\u{1F}"))
    }

    /// `text` with every run of whitespace turned into one space and both ends trimmed.
    static func normalizedLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The metadata of rule `id` and its index in `rules`.
    func rule(_ id: String) -> (index: Int, info: RuleInfo)? {
        guard let index = rules.firstIndex(where: { $0.id == id }) else { return nil }
        return (index, rules[index])
    }
}

/// Escaping for the text formats reporters write: URI paths, `file://` URIs and XML.
enum Escaping {
    /// Characters that stay literal in a URI path (RFC 3986 unreserved, sub-delims, `@`, `/`);
    /// ASCII only, so every other byte of the UTF-8 form is percent-encoded. `:` is encoded so
    /// that a relative reference can never be read as a scheme.
    private static let uriPathCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=@/".utf8)

    /// `path` percent-encoded for use as a URI path or relative reference.
    static func uriPath(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            if uriPathCharacters.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    /// A `file://` URI for an absolute path (a trailing `/` when `directory`).
    static func fileURI(_ absolutePath: String, directory: Bool = false) -> String {
        var path = absolutePath.hasPrefix("/") ? absolutePath : "/" + absolutePath
        if directory, !path.hasSuffix("/") { path += "/" }
        return "file://" + uriPath(path)
    }

    /// `text` escaped for XML 1.0 character data and attribute values. Line breaks and tabs
    /// become character references (so they survive attribute normalisation); other control
    /// characters, which XML 1.0 cannot represent, become U+FFFD.
    static func xml(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default:
                let v = scalar.value
                if v < 0x20 || v == 0xFFFE || v == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}

/// One entry of a report: a finding, or an input that could not be linted (a file that cannot
/// be read, is binary or is not UTF-8; a path that does not exist). Every reporter shows input
/// errors in its own form, so that a CI that reads only the report still sees them.
public enum ReportEntry {
    case finding(Finding)
    case inputError(InputDiagnostic)

    /// The name that stands for an input error where a format wants a rule or check name
    /// (GitHub's `title`, Checkstyle's `source`, GitLab's `check_name`).
    public static let inputErrorName = "input_error"

    /// The findings (in report order already) and the input errors of a run, in report order:
    /// by path, a file's input errors first (they are placed at line 1, column 1).
    public static func merged(_ findings: [Finding], _ diagnostics: [InputDiagnostic]) -> [ReportEntry] {
        let inputs = sortedInputErrors(diagnostics)
        var out: [ReportEntry] = []
        out.reserveCapacity(findings.count + inputs.count)
        var i = 0
        for f in findings {
            while i < inputs.count, inputs[i].path <= f.path {
                out.append(.inputError(inputs[i]))
                i += 1
            }
            out.append(.finding(f))
        }
        while i < inputs.count {
            out.append(.inputError(inputs[i]))
            i += 1
        }
        return out
    }

    /// Input errors in report order: by path, then message.
    public static func sortedInputErrors(_ diagnostics: [InputDiagnostic]) -> [InputDiagnostic] {
        diagnostics.sorted { ($0.path, $0.message) < ($1.path, $1.message) }
    }

    /// The path the entry is about.
    public var path: String {
        switch self {
        case .finding(let f): return f.path
        case .inputError(let d): return d.path
        }
    }
}

extension LintResult {
    /// Findings and input errors in report order (see `ReportEntry.merged`).
    public var reportEntries: [ReportEntry] {
        ReportEntry.merged(findings.sorted(by: Finding.reportOrder), diagnostics)
    }
}

extension String {
    /// Padded with spaces to `width` characters (tables of the summary reporter and of the help).
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
