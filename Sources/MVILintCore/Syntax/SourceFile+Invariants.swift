/// Structural invariants of a scanned and parsed file, checked by the fuzz target and its regression tests.

extension SourceFile {
    /// Every way in which the tokens, comments, line table, bracket matches, declarations and
    /// closure analysis of this file break their documented contracts; empty when they hold.
    /// Linear in the size of the file.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        func fail(_ message: String) { if problems.count < 20 { problems.append(message) } }
        let n = Int32(truncatingIfNeeded: bytes.count)

        // Line table: starts at 0, strictly increasing, inside the file.
        if lineStarts.first != 0 { fail("lineStarts[0] is not 0") }
        for k in lineStarts.indices.dropFirst() where lineStarts[k] <= lineStarts[k - 1] || lineStarts[k] > n {
            fail("lineStarts[\(k)] = \(lineStarts[k]) is out of order or past the end")
        }

        // Tokens: exactly one `.eof`, last and empty at the end; the others non-empty, in order,
        // not overlapping, with lines that agree with the line table.
        if tokens.last?.kind != .eof { fail("the last token is not .eof") }
        var previousEnd: Int32 = 0
        var previousLine: Int32 = 1
        for (i, t) in tokens.enumerated() {
            if t.kind == .eof {
                if i != tokens.count - 1 { fail("token \(i) is an .eof before the end") }
                if t.start != n || t.end != n { fail(".eof spans \(t.start)..<\(t.end), not \(n)") }
            } else if t.start < previousEnd || t.end <= t.start || t.end > n {
                fail("token \(i) spans \(t.start)..<\(t.end) after \(previousEnd) in \(n) bytes")
            }
            if t.line < previousLine || t.line < 1 || Int(t.line) > lineStarts.count {
                fail("token \(i) has line \(t.line) after line \(previousLine) of \(lineStarts.count)")
            } else if lineStarts[Int(t.line) - 1] > t.start || (Int(t.line) < lineStarts.count && lineStarts[Int(t.line)] <= t.start && t.kind != .eof) {
                fail("token \(i) at \(t.start) is not on its line \(t.line)")
            }
            previousEnd = max(previousEnd, t.end)
            previousLine = max(previousLine, t.line)
        }

        // Comments: in order, non-empty, and never inside a token.
        var tokenIndex = 0
        var commentEnd: Int32 = 0
        for (k, c) in comments.enumerated() {
            if c.start < commentEnd || c.end <= c.start || c.end > n { fail("comment \(k) spans \(c.start)..<\(c.end)"); continue }
            commentEnd = c.end
            while tokenIndex < tokens.count && tokens[tokenIndex].end <= c.start { tokenIndex += 1 }
            if tokenIndex < tokens.count, tokens[tokenIndex].kind != .eof, tokens[tokenIndex].start < c.end {
                fail("comment \(k) at \(c.start)..<\(c.end) overlaps token \(tokenIndex)")
            }
        }

        // Bracket matches: symmetric, opener before closer, kinds paired.
        if match.count != tokens.count { fail("match has \(match.count) entries for \(tokens.count) tokens") }
        for (i, m) in match.enumerated() where m >= 0 {
            let j = Int(m)
            guard j < match.count, Int(match[j]) == i else { fail("match[\(i)] = \(j) is not symmetric"); continue }
            let (open, close) = i < j ? (tokens[i].kind, tokens[j].kind) : (tokens[j].kind, tokens[i].kind)
            if !((open == .leftParen && close == .rightParen) || (open == .leftBracket && close == .rightBracket) || (open == .leftBrace && close == .rightBrace)) {
                fail("tokens \(min(i, j)) and \(max(i, j)) are matched but are \(open) and \(close)")
            }
        }

        // Declarations: token indices in range and bodies in order.
        let count = tokens.count
        func valid(_ i: Int) -> Bool { i >= 0 && i < count }
        func checkBody(_ what: String, _ open: Int?, _ close: Int?) {
            if let o = open, !valid(o) { fail("\(what) opens at token \(o) of \(count)") }
            if let c = close, !valid(c) { fail("\(what) closes at token \(c) of \(count)") }
            if let o = open, let c = close, o > c { fail("\(what) opens at \(o) after it closes at \(c)") }
        }
        func checkHeader(_ what: String, _ h: DeclHeader) {
            for a in h.attributes where !valid(a.nameToken) || !valid(a.atToken) { fail("\(what): attribute \(a.name) has a token out of range") }
            for m in h.modifiers where !valid(m.token) { fail("\(what): modifier \(m.name) has a token out of range") }
        }
        func checkMembers(_ members: [Member], depth: Int) {
            guard depth < 10_000 else { fail("declarations nest deeper than 10000"); return }
            for m in members {
                switch m {
                case .type(let t):
                    if !valid(t.nameToken) { fail("type \(t.name) has name token \(t.nameToken) of \(count)") }
                    checkHeader("type \(t.name)", t.header)
                    checkBody("type \(t.name)", t.bodyOpen, t.bodyClose)
                    checkMembers(t.members, depth: depth + 1)
                case .variable(let v):
                    if !valid(v.nameToken) { fail("property \(v.name) has name token \(v.nameToken) of \(count)") }
                    checkHeader("property \(v.name)", v.header)
                    checkBody("property \(v.name)", v.accessorOpen, v.accessorClose)
                    if let r = v.initializer, r.lowerBound < 0 || r.upperBound > count { fail("property \(v.name) has initializer \(r)") }
                case .function(let f):
                    if !valid(f.nameToken) { fail("function \(f.name) has name token \(f.nameToken) of \(count)") }
                    checkHeader("function \(f.name)", f.header)
                    checkBody("function \(f.name)", f.bodyOpen, f.bodyClose)
                    for p in parameters(of: f) where !valid(p.nameToken) { fail("parameter \(p.name) of \(f.name) has a token out of range") }
                case .typeAlias(let a):
                    if !valid(a.nameToken) { fail("typealias \(a.name) has name token \(a.nameToken) of \(count)") }
                case .other(let r):
                    if r.lowerBound < 0 || r.upperBound > count { fail("declaration range \(r) of \(count)") }
                }
            }
        }
        checkMembers(tree.declarations, depth: 0)
        for (k, t) in tree.allTypes.enumerated() where k > 0 && t.nameToken < tree.allTypes[k - 1].nameToken {
            fail("allTypes is not in source order at \(t.name)")
        }

        // Closures: inside the file, properly nested, and every token's innermost closure contains it.
        let analysis = bodyAnalysis
        if analysis.innermost.count != count { fail("innermost has \(analysis.innermost.count) entries for \(count) tokens") }
        for (k, c) in analysis.closures.enumerated() {
            if !valid(c.open) || c.close < c.open || c.close > count { fail("closure \(k) spans \(c.open)...\(c.close)") }
            if let p = c.parent, p >= k || p < 0 { fail("closure \(k) has parent \(p)") }
        }
        for (i, c) in analysis.innermost.enumerated() where c >= 0 {
            guard Int(c) < analysis.closures.count else { fail("token \(i) is in closure \(c) of \(analysis.closures.count)"); break }
            let closure = analysis.closures[Int(c)]
            if i < closure.open || i > closure.close { fail("token \(i) is outside its innermost closure \(closure.open)...\(closure.close)"); break }
        }
        return problems
    }
}
