/// A small line-based unified diff (Myers' algorithm) for `--fix --dry-run`.

/// Unified diffs in the format `patch` and `git apply` read.
///
/// Decisions:
/// - Lines are compared with their line break, so a missing final newline shows as a change
///   with the usual `\ No newline at end of file` marker.
/// - Common leading and trailing lines are trimmed first; the rest is diffed with Myers' greedy
///   algorithm, whose trace costs memory quadratic in the number of differing lines. Past
///   `maximumDistance` differing lines, the changed middle is shown as one replacement: still
///   a correct patch, only a less minimal one.
public enum UnifiedDiff {
    public static let maximumDistance = 2_000

    enum Op: Equatable {
        case equal(old: Int, new: Int)
        case delete(old: Int)
        case insert(new: Int)
    }

    /// The diff of `old` to `new` with `context` lines around changes; empty when they are equal.
    public static func make(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let a = lines(old), b = lines(new)
        let ops = operations(a, b)
        guard ops.contains(where: { if case .equal = $0 { return false } else { return true } }) else { return "" }
        var out = "--- \(oldName)\n+++ \(newName)\n"
        var i = 0
        while i < ops.count {
            guard !isEqual(ops[i]) else { i += 1; continue }
            // A hunk: from `context` lines before this change to `context` lines after the last
            // change that is at most 2 × context equal lines away from the previous one.
            let start = max(0, i - context)
            var end = i
            var j = i
            while j < ops.count {
                if !isEqual(ops[j]) { end = j; j += 1; continue }
                var run = j
                while run < ops.count, isEqual(ops[run]) { run += 1 }
                if run == ops.count || run - j > 2 * context { break }
                j = run
            }
            let stop = min(ops.count, end + 1 + context)
            let slice = ops[start..<stop]
            let oldCount = slice.filter { if case .insert = $0 { return false } else { return true } }.count
            let newCount = slice.filter { if case .delete = $0 { return false } else { return true } }.count
            let oldFirst = firstIndex(slice, old: true, a: a.count, b: b.count, ops: ops, at: start)
            let newFirst = firstIndex(slice, old: false, a: a.count, b: b.count, ops: ops, at: start)
            out += "@@ -\(range(oldFirst, oldCount)) +\(range(newFirst, newCount)) @@\n"
            for op in slice {
                switch op {
                case .equal(let o, _): out += render(" ", a[o])
                case .delete(let o): out += render("-", a[o])
                case .insert(let n): out += render("+", b[n])
                }
            }
            i = stop
        }
        return out
    }

    /// Lines with their terminating `\n` (the last one may lack it).
    static func lines(_ text: String) -> [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        var i = text.startIndex
        while i < text.endIndex {
            let next = text.index(after: i)
            // `\r\n` is one Character in Swift; both end a line here.
            if text[i] == "\n" || text[i] == "\r\n" { result.append(text[start..<next]); start = next }
            i = next
        }
        if start < text.endIndex { result.append(text[start...]) }
        return result
    }

    /// The edit script from `a` to `b`.
    static func operations(_ a: [Substring], _ b: [Substring]) -> [Op] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var ops: [Op] = (0..<prefix).map { .equal(old: $0, new: $0) }
        let aMid = Array(a[prefix..<(a.count - suffix)]), bMid = Array(b[prefix..<(b.count - suffix)])
        for op in myers(aMid, bMid) {
            switch op {
            case .equal(let o, let n): ops.append(.equal(old: o + prefix, new: n + prefix))
            case .delete(let o): ops.append(.delete(old: o + prefix))
            case .insert(let n): ops.append(.insert(new: n + prefix))
            }
        }
        for k in 0..<suffix { ops.append(.equal(old: a.count - suffix + k, new: b.count - suffix + k)) }
        return ops
    }

    /// Myers' O((N+M)·D) greedy diff with a trace of the furthest-reaching paths per distance.
    static func myers(_ a: [Substring], _ b: [Substring]) -> [Op] {
        let n = a.count, m = b.count
        if n == 0 { return (0..<m).map { .insert(new: $0) } }
        if m == 0 { return (0..<n).map { .delete(old: $0) } }
        let limit = min(n + m, maximumDistance)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * offset + 1)
        var trace: [[Int]] = []
        var found: Int?
        search: for d in 0...limit {
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n, y >= m {
                    trace.append(Array(v[(offset - d)...(offset + d)]))
                    found = d
                    break search
                }
            }
            trace.append(Array(v[(offset - d)...(offset + d)]))
        }
        guard let distance = found else {
            return (0..<n).map { .delete(old: $0) } + (0..<m).map { .insert(new: $0) }
        }
        var ops: [Op] = []
        var x = n, y = m
        var d = distance
        while d > 0 {
            let previous = trace[d - 1]
            func at(_ k: Int) -> Int { previous[k + d - 1] }
            let k = x - y
            let prevK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1
            let prevX = at(prevK), prevY = prevX - prevK
            while x > prevX, y > prevY { ops.append(.equal(old: x - 1, new: y - 1)); x -= 1; y -= 1 }
            if x == prevX { ops.append(.insert(new: y - 1)) } else { ops.append(.delete(old: x - 1)) }
            x = prevX; y = prevY
            d -= 1
        }
        while x > 0, y > 0 { ops.append(.equal(old: x - 1, new: y - 1)); x -= 1; y -= 1 }
        return ops.reversed()
    }

    private static func isEqual(_ op: Op) -> Bool {
        if case .equal = op { return true }
        return false
    }

    /// The 0-based index of the first old (or new) line the hunk starting at `ops[start]` covers,
    /// or the count of lines before it when it covers none.
    private static func firstIndex(_ slice: ArraySlice<Op>, old: Bool, a: Int, b: Int, ops: [Op], at start: Int) -> Int {
        for op in slice {
            switch op {
            case .equal(let o, let n): return old ? o : n
            case .delete(let o): if old { return o }
            case .insert(let n): if !old { return n }
            }
        }
        // No line of this side in the hunk: count that side's lines before it.
        var count = 0
        for op in ops[..<start] {
            switch op {
            case .equal: count += 1
            case .delete: if old { count += 1 }
            case .insert: if !old { count += 1 }
            }
        }
        return count - 1
    }

    /// `start,count` with a 1-based start; for an empty range, the line after which it lies.
    private static func range(_ first: Int, _ count: Int) -> String {
        count == 0 ? "\(first + 1),0" : "\(first + 1),\(count)"
    }

    private static func render(_ sign: String, _ line: Substring) -> String {
        if line.hasSuffix("\n") || line.hasSuffix("\r\n") { return sign + line }
        return sign + line + "\n\\ No newline at end of file\n"
    }
}
