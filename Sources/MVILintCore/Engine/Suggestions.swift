/// "Did you mean …?" suggestions for mistyped options, rule ids, reporters and commands.

enum Suggestions {
    /// The edit distance (insertions, deletions, substitutions) between two strings, by character.
    static func levenshtein(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The candidate closest to `input`, if it is close enough to be a plausible typo: at most
    /// a third of the candidate's length away (and at least 2 edits are always tolerated).
    /// Ties go to the earlier candidate.
    static func closest(to input: String, among candidates: [String]) -> String? {
        var best: (String, Int)?
        for candidate in candidates {
            let d = levenshtein(input.lowercased(), candidate.lowercased())
            guard d <= max(2, candidate.count / 3) else { continue }
            if best == nil || d < best!.1 { best = (candidate, d) }
        }
        return best?.0
    }

    /// ` Did you mean 'x'?` for the closest candidate, or an empty string.
    static func didYouMean(_ input: String, among candidates: [String]) -> String {
        guard let s = closest(to: input, among: candidates), s != input else { return "" }
        return " Did you mean '\(s)'?"
    }
}
