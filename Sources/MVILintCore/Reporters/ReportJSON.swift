/// A tiny JSON value with ordered keys and a deterministic pretty printer for reporters.

/// A JSON value whose objects keep their keys in the order given, so that a report's text is
/// the same on every platform and Foundation version (unlike `JSONEncoder`, whose spacing and
/// escaping of `/` differ between them).
public indirect enum ReportJSON: Equatable, Sendable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([ReportJSON])
    case object([(String, ReportJSON)])

    public static func == (a: ReportJSON, b: ReportJSON) -> Bool {
        switch (a, b) {
        case let (.string(x), .string(y)): return x == y
        case let (.int(x), .int(y)): return x == y
        case let (.bool(x), .bool(y)): return x == y
        case (.null, .null): return true
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)): return x.map(\.0) == y.map(\.0) && x.map(\.1) == y.map(\.1)
        default: return false
        }
    }

    /// Pretty-printed with two-space indentation and `"key": value`; empty arrays and objects
    /// print as `[]` and `{}`. Ends without a newline.
    public func rendered() -> String {
        var out = ""
        write(into: &out, indent: 0)
        return out
    }

    private func write(into out: inout String, indent: Int) {
        switch self {
        case .string(let s): JSONString.quote(s, into: &out)
        case .int(let i): out += String(i)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                item.write(into: &out, indent: indent + 2)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (i, member) in members.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                JSONString.quote(member.0, into: &out)
                out += ": "
                member.1.write(into: &out, indent: indent + 2)
                out += i == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
    }
}
