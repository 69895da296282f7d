/// Helpers for merging the project facts that rules collect (`ProjectFact`).
import MVILintCore

/// The names for which every item so named qualifies, where whether an item qualifies may depend
/// on the names already found (one helper built on another): a fixed point, reached in a few
/// rounds for the shallow chains of real projects (at most 8).
func namesWhereAllQualify<T>(_ items: [T], name: (T) -> String,
                             qualifies: (_ item: T, _ name: String, _ group: [T], _ found: Set<String>) -> Bool) -> Set<String> {
    guard !items.isEmpty else { return [] }
    let byName = Dictionary(grouping: items, by: name)
    var result = Set<String>()
    var changed = true
    for _ in 0..<8 where changed {
        changed = false
        for (n, group) in byName where !result.contains(n) {
            if group.allSatisfy({ qualifies($0, n, group, result) }) { result.insert(n); changed = true }
        }
    }
    return result
}
