/// Questions rules ask about code inside bodies: closure nesting, call labels, local names.

extension SourceFile {
    /// Whether token `i` names a method called on the type itself: `clear()` or `self.clear()`
    /// (not `other.self.clear()`), and with `weakSelf` also `self?.clear()`. The `(` follows the
    /// name directly.
    public func callsOwnMethod(at i: Int, weakSelf: Bool) -> Bool {
        guard kind(i) == .identifier, kind(i + 1) == .leftParen, !tokens[i + 1].hasSpaceBefore else { return false }
        guard kind(i - 1) == .period else { return true }
        let receiver = weakSelf && isText(i - 2, "?") ? i - 3 : i - 2
        return isWord(receiver, "self") && kind(receiver - 1) != .period
    }

    /// Whether token `token` lies inside a closure literal that opens within `range` (the braces
    /// of a declaration, such as a computed property's accessor block, are not closures).
    public func isInsideClosure(_ token: Int, within range: TokenRange) -> Bool {
        let analysis = bodyAnalysis
        guard token >= 0, token < analysis.innermost.count else { return false }
        var c = Int(analysis.innermost[token])
        var steps = 0
        // Walk outwards without allocating; parents open before their children.
        while c >= 0, steps < 10_000 {
            let open = analysis.closures[c].open
            if open < range.lowerBound { return false }
            if open < range.upperBound { return true }
            c = analysis.closures[c].parent ?? -1
            steps += 1
        }
        return false
    }

    /// The closures that open within `range`, in source order.
    public func closures(in range: TokenRange) -> [ClosureInfo] {
        let all = bodyAnalysis.closures
        return closureIndices(in: range).map { all[$0] }
    }

    /// Indices in `bodyAnalysis.closures` of the closures that open within `range`.
    public func closureIndices(in range: TokenRange) -> Range<Int> {
        let all = bodyAnalysis.closures
        // Closures are recorded in the order of their `{`, so the first one is found by bisection.
        var lo = 0, hi = all.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if all[mid].open < range.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        var end = lo
        while end < all.count, all[end].open < range.upperBound { end += 1 }
        return lo..<end
    }

    /// Whether the `Timer.publish(every:on:in:)` whose `Timer` is token `i` runs on the main run
    /// loop (its `on:` argument names `main`); nil when no such call with an `on:` argument starts there.
    public func timerPublishRunsOnMain(at i: Int) -> Bool? {
        guard isWord(i, "Timer"), kind(i + 1) == .period, isWord(i + 2, "publish"), kind(i + 3) == .leftParen,
              let close = partner(i + 3), let on = (i + 4..<close).first(where: { isWord($0, "on") && kind($0 + 1) == .colon }) else { return nil }
        var j = on + 2
        while j < close {
            switch kind(j) {
            case .leftParen, .leftBracket, .leftBrace: j = max(j + 1, (partner(j) ?? j) + 1); continue
            case .comma: return (on + 2..<j).contains { isWord($0, "main") }
            default: j += 1
            }
        }
        return (on + 2..<close).contains { isWord($0, "main") }
    }

    /// The `(` of the call whose argument list holds token `i` (nil outside any, or past a brace).
    public func enclosingArgumentListOpen(of i: Int) -> Int? {
        var j = i - 1, steps = 0
        while j >= 0, steps < 256 {
            steps += 1
            switch kind(j) {
            case .leftParen: return j
            case .leftBrace, .leftBracket: return nil
            case .rightParen, .rightBracket, .rightBrace: j = (partner(j) ?? j) - 1
            default: j -= 1
            }
        }
        return nil
    }

    /// The argument labels of the call whose `(` is at `open`, in order; an unlabelled argument
    /// contributes no entry. Only labels at the call's own depth count (`f(a: g(b: 1))` → `a`).
    public func argumentLabels(ofCallAt open: Int) -> [String] {
        guard kind(open) == .leftParen, let close = partner(open), close > open else { return [] }
        var labels: [String] = []
        var j = open + 1
        var atArgumentStart = true
        while j < close {
            let k = kind(j)
            if atArgumentStart, k == .identifier || k == .keyword, kind(j + 1) == .colon { labels.append(name(j)) }
            atArgumentStart = false
            if k == .comma { atArgumentStart = true }
            if k == .leftParen || k == .leftBracket || k == .leftBrace, let p = partner(j), p > j { j = p + 1; continue }
            j += 1
        }
        return labels
    }

    /// Names that code in `range` binds locally and that may shadow a property: `let`/`var`
    /// bindings (`if let x`, `case .some(let x)`, tuple patterns included), `for x in`, `catch let x`
    /// and closure parameters. Scopes are ignored, which errs towards treating a name as local.
    /// The shorthand `if let x {` / `guard let x else` and `@Bindable var x = x` / `let x = self.x`
    /// rebind the same value and are not counted.
    public func localNames(in range: TokenRange) -> Set<String> {
        if let cached = _localNames[range] { return cached }
        let names = findLocalNames(in: range)
        _localNames[range] = names
        return names
    }

    private func findLocalNames(in range: TokenRange) -> Set<String> {
        var names = Set<String>()
        let lo = max(0, range.lowerBound), hi = min(range.upperBound, tokens.count)
        guard lo < hi else { return names }
        for i in lo..<hi where tokens[i].kind == .keyword && tokens[i].length == 3 {
            if isText(i, "let") || isText(i, "var") || isText(i, "for") {
                var j = i + 1
                if isWord(j, "case") || isWord(j, "try") || isWord(j, "await") { j += 1 }
                if kind(j) == .identifier, !isWord(j, "_"), !isShorthandUnwrap(name: j), !isRebindingOfSameName(j) { names.insert(name(j)) }
                // `let (a, b) = …`, `for (i, x) in …`
                if kind(j) == .leftParen, let close = partner(j), close > j, close - j < 64 {
                    for k in (j + 1)..<close where kind(k) == .identifier && (kind(k + 1) == .comma || kind(k + 1) == .rightParen) {
                        names.insert(name(k))
                    }
                }
            }
        }
        // Only each closure's `{` and `in` are needed: read them in place rather than copying
        // every closure's record.
        let analysis = bodyAnalysis
        for ci in closureIndices(in: lo..<hi) {
            guard let inToken = analysis.closures[ci].inToken else { continue }
            let c = (open: analysis.closures[ci].open, inToken: inToken)
            // Every plain name in the signature, except types (after `:` or `->`) and attribute names.
            var j = c.open + 1
            var afterColon = false
            while j < inToken {
                let k = kind(j)
                if k == .colon || k == .arrow { afterColon = true } else if k == .comma || k == .leftParen { afterColon = false }
                if k == .leftBracket, let p = partner(j), p < inToken { j = p + 1; continue }
                if k == .identifier, !afterColon, kind(j - 1) != .at, !isWord(j, "_") { names.insert(name(j)) }
                j += 1
            }
        }
        return names
    }

    /// `if let x {`, `guard var x else`, `if let x, …`: the name token `j` of an optional-binding
    /// shorthand, which refers to the unwrapped value of the same name.
    private func isShorthandUnwrap(name j: Int) -> Bool {
        let before = j - 2
        guard isWord(before, "if") || isWord(before, "guard") || isWord(before, "while") || kind(before) == .comma else { return false }
        return kind(j + 1) == .leftBrace || kind(j + 1) == .comma || isWord(j + 1, "else")
    }

    /// `var x = x`, `let x = self.x` (optionally `if let x = x`): the name token `j` of a binding
    /// whose whole initial value is the property of the same name.
    private func isRebindingOfSameName(_ j: Int) -> Bool {
        guard kind(j + 1) == .equal else { return false }
        var v = j + 2
        if isWord(v, "self"), kind(v + 1) == .period { v += 2 }
        guard kind(v) == .identifier, name(v) == name(j) else { return false }
        let after = v + 1
        return kind(after) == .eof || tokens[after].isAtLineStart || kind(after) == .semicolon || kind(after) == .rightBrace
            || kind(after) == .leftBrace || kind(after) == .comma || isWord(after, "else")
    }
}
