/// Helpers shared by reporters: relative paths, stable fingerprints, URI and XML escaping.

extension ReportContext {
    /// `path` relative to `baseDirectory` when it lies inside it; otherwise `path` unchanged.
    public func relativePath(_ path: String) -> String {
        guard let base = baseDirectory, !base.isEmpty else { return path }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        // Compared byte by byte: `String.hasPrefix` works on characters, and a combining mark
        // after the `/` would merge with it.
        guard path.utf8.count > prefix.utf8.count, path.utf8.starts(with: prefix.utf8) else { return path }
        return String(decoding: path.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
    }

    /// A stable identity for each finding of `findings` (given in report order), as 64 hex
    /// digits: a SHA-256 of the rule id, the relative path, the text of the finding's line with
    /// whitespace runs collapsed and ends trimmed, and how many earlier findings share those
    /// three. Edits elsewhere in the file (lines added above, re-indentation) and moving the
    /// checkout keep it; changing the offending line or renaming the file changes it.
    public func fingerprints(_ findings: [Finding]) -> [String] {
        var seen: [String: Int] = [:]
        return findings.map { finding in
            let line = ReportContext.normalizedLine(lineTexts[finding.path]?[finding.line] ?? "")
            let key = ["mvilint-fingerprint-1", finding.ruleID, relativePath(finding.path), line].joined(separator: "\u{1F}")
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            return SHA256.hex(key + "\u{1F}" + String(occurrence))
        }
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

extension String {
    /// Padded with spaces to `width` characters (tables of the summary reporter and of the help).
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
