/// Values compared by reflection: fingerprints that leave positions out, and the names they stand for.

/// Comparison of plain values by reflection (`Mirror`), for values whose types do not conform to
/// `Equatable` and whose fields may change: every stored field is compared.
enum Reflection {
    /// One comparable part of a value: its fingerprint, and the names it stands for.
    struct Unit: Hashable {
        var fingerprint: String
        var names: [String]
    }

    /// The elements of a collection, set or dictionary field; the value itself otherwise.
    static func elements(of value: Any) -> [Any] {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .collection?, .set?, .dictionary?: return mirror.children.map(\.value)
        case .optional?: return mirror.children.first.map { elements(of: $0.value) } ?? []
        default: return [value]
        }
    }

    /// A text that two values share exactly when they are equal, leaving out what `position`
    /// recognises as a source position (collected in `positions`); `first` receives the first
    /// string met. Sets and dictionaries are compared whatever their iteration order. Nesting
    /// is bounded.
    static func fingerprint(_ value: Any, position: (Any) -> String?, positions: inout [String], first: inout String?, depth: Int = 0) -> String {
        if let p = position(value) {
            positions.append(p)
            return "@"
        }
        if let s = value as? String {
            if first == nil { first = s }
            return "\"\(s.utf8.count):\(s)\""
        }
        guard depth < 64 else { return "…" }
        let mirror = Mirror(reflecting: value)
        if mirror.children.isEmpty {
            return mirror.displayStyle == .optional ? "nil" : String(describing: value)
        }
        if mirror.displayStyle == .set || mirror.displayStyle == .dictionary {
            // In the order of the elements' texts, positions included.
            var parts = mirror.children.map { child -> (String, [String]) in
                var own: [String] = []
                let text = fingerprint(child.value, position: position, positions: &own, first: &first, depth: depth + 1)
                return (text, own)
            }
            parts.sort { $0.0 < $1.0 }
            for p in parts { positions += p.1 }
            return "{" + parts.map(\.0).joined(separator: ",") + "}"
        }
        let parts = mirror.children.map { child -> String in
            (child.label ?? "") + "=" + fingerprint(child.value, position: position, positions: &positions, first: &first, depth: depth + 1)
        }
        switch mirror.displayStyle {
        case .enum?:
            return String(describing: mirror.subjectType) + "(" + parts.joined(separator: ",") + ")"
        default:
            break
        }
        return "{" + parts.joined(separator: ",") + "}"
    }

    /// Every string in a value, nested ones included (nesting bounded).
    static func strings(in value: Any, depth: Int = 0) -> [String] {
        if let s = value as? String { return [s] }
        guard depth < 64 else { return [] }
        return Mirror(reflecting: value).children.flatMap { strings(in: $0.value, depth: depth + 1) }
    }

    /// The identifier-like words of a string (`Store.state` → `Store`, `state`).
    static func identifierWords(_ s: String, into words: inout [String]) {
        var current = ""
        for scalar in s.unicodeScalars {
            if scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
    }

    /// The units in one list and not the other, counted with repeats.
    static func symmetricDifference(_ a: [Unit], _ b: [Unit]) -> [Unit] {
        var counts: [Unit: Int] = [:]
        for u in a { counts[u, default: 0] += 1 }
        for u in b { counts[u, default: 0] -= 1 }
        return counts.filter { $0.value != 0 }.map(\.key)
    }
}
