/// The comparable facts both sides extract from a file, and the file-by-file comparison.

/// What a fact is about; agreement is reported per category.
enum Category: String, CaseIterable {
    case types, properties, functions, literals, comments
}

/// One named property of a fact (`inherits`, `attrs`, `storage`, …).
struct Field: Equatable {
    var name: String
    var value: String
}

/// One declaration, literal or comment, as one side sees it.
struct Fact {
    var category: Category
    /// 1-based line of the declaration's name (or of the literal's or comment's first byte).
    var line: Int
    /// What the fact is: `struct Foo`, `property count`, `func load`, `string@120`.
    var identity: String
    /// Compared one by one; order matters only for display.
    var fields: [Field]

    func describe(only names: Set<String>? = nil) -> String {
        let shown = fields.filter { names?.contains($0.name) ?? true }
        return ([identity] + shown.map { "\($0.name)=\($0.value)" }).joined(separator: " ")
    }
}

/// A fact the two sides do not agree on.
struct Disagreement {
    var category: Category
    var line: Int
    var ours: String
    var theirs: String
}

/// Agreement counts of one category: facts compared and facts both sides agree on.
struct Tally {
    var agreed = 0
    var total = 0
    mutating func add(_ other: Tally) { agreed += other.agreed; total += other.total }
}

/// Compares the facts of one file. A fact of one side is paired with the other side's fact of the
/// same category, identity and line; facts left over are then paired by category and identity
/// alone (so a wrong line shows as one disagreement, not two), and the rest are missing.
func compare(ours: [Fact], theirs: [Fact]) -> (disagreements: [Disagreement], tallies: [Category: Tally]) {
    var tallies: [Category: Tally] = [:]
    var disagreements: [Disagreement] = []
    var theirsUsed = [Bool](repeating: false, count: theirs.count)
    var oursLeft: [Int] = []

    var byKey: [String: [Int]] = [:]
    for (i, f) in theirs.enumerated() { byKey["\(f.category)|\(f.identity)|\(f.line)", default: []].append(i) }
    func take(_ key: String, from table: inout [String: [Int]]) -> Int? {
        guard var list = table[key] else { return nil }
        while let first = list.first, theirsUsed[first] { list.removeFirst() }
        guard let found = list.first else { table[key] = nil; return nil }
        list.removeFirst()
        table[key] = list
        return found
    }
    func record(_ o: Fact?, _ t: Fact?) {
        let category = (o ?? t)!.category
        var tally = tallies[category] ?? Tally()
        tally.total += 1
        if let o = o, let t = t, o.line == t.line, o.fields == t.fields {
            tally.agreed += 1
        } else if let o = o, let t = t {
            // Show only what differs, plus the identity.
            var differing = Set(o.fields.map(\.name)).symmetricDifference(t.fields.map(\.name))
            for f in o.fields where !t.fields.contains(f) { differing.insert(f.name) }
            let lineNote = o.line == t.line ? "" : " line=\(o.line)"
            let theirLineNote = o.line == t.line ? "" : " line=\(t.line)"
            disagreements.append(Disagreement(category: category, line: min(o.line, t.line),
                                              ours: o.describe(only: differing) + lineNote,
                                              theirs: t.describe(only: differing) + theirLineNote))
        } else if let o = o {
            disagreements.append(Disagreement(category: category, line: o.line, ours: o.describe(), theirs: "none"))
        } else if let t = t {
            disagreements.append(Disagreement(category: category, line: t.line, ours: "none", theirs: t.describe()))
        }
        tallies[category] = tally
    }

    for (i, o) in ours.enumerated() {
        if let j = take("\(o.category)|\(o.identity)|\(o.line)", from: &byKey) {
            theirsUsed[j] = true
            record(o, theirs[j])
        } else {
            oursLeft.append(i)
        }
    }
    var byIdentity: [String: [Int]] = [:]
    for (i, f) in theirs.enumerated() where !theirsUsed[i] { byIdentity["\(f.category)|\(f.identity)", default: []].append(i) }
    for i in oursLeft {
        let o = ours[i]
        if let j = take("\(o.category)|\(o.identity)", from: &byIdentity) {
            theirsUsed[j] = true
            record(o, theirs[j])
        } else {
            record(o, nil)
        }
    }
    for (j, t) in theirs.enumerated() where !theirsUsed[j] { record(nil, t) }
    disagreements.sort { ($0.line, $0.category.rawValue) < ($1.line, $1.category.rawValue) }
    return (disagreements, tallies)
}

/// `[a, b]`, the display form of a list field.
func list(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }

/// Removes every whitespace character (type names are compared without layout).
func squeezed(_ s: String) -> String { String(s.filter { !$0.isWhitespace }) }

/// `name` without surrounding backticks.
func unticked(_ s: String) -> String {
    if s.count >= 2, s.hasPrefix("`"), s.hasSuffix("`") { return String(s.dropFirst().dropLast()) }
    return s
}
