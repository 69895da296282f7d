/// Reading postfix chains (`Foo(…) { … }.modifier(…)`) and telling constructions from other calls.

extension ViewGraphBuilder {
    /// Whether the member `name` at `i` ends the condition of an `if`, `while` or `switch`
    /// (`if model.isLoading {`), so that the `{` after it opens the statement's block: Swift
    /// allows no trailing closure there. Read backwards over the member chain (names, periods,
    /// `?`, `!`, balanced brackets) to the keyword, without the closure analysis; false when
    /// anything else comes first.
    func endsCondition(member i: Int) -> Bool {
        var j = i - 1
        var steps = 0
        while j >= 0, steps < 64 {
            steps += 1
            let k = file.kind(j)
            if k == .period || k == .identifier || file.isWord(j, "self") {
                j -= 1
            } else if k == .rightParen || k == .rightBracket, let open = file.partner(j), open < j {
                j = open - 1
            } else if k == .operator, file.isText(j, "?") || file.isText(j, "!") {
                j -= 1
            } else {
                break
            }
        }
        return file.isWord(j, "if") || file.isWord(j, "while") || file.isWord(j, "switch")
    }

    /// `Foo(…)`, `Foo { … }`, `Foo<T>(…)`, `Foo.init(…)`, not after a `.`, nor a type written
    /// before a body (`var footer: some View { … }`, `struct Wrapper: View { … }` declared in a
    /// function or a preview, whose braces are not a closure's).
    /// `some` or `any` before a type (`some View`), not a member of that name ending the line
    /// before (`let query = Query.any` and then `Host { … }`).
    func isExistentialKeyword(_ j: Int) -> Bool {
        (file.isWord(j, "some") || file.isWord(j, "any")) && file.kind(j - 1) != .period && !file.tokens[j + 1].isAtLineStart
    }

    func isConstruction(_ i: Int) -> Bool {
        guard file.kind(i) == .identifier, file.kind(i - 1) != .period, file.kind(i - 1) != .at, file.beginsWithCapital(i),
              !isExistentialKeyword(i - 1), file.kind(i - 1) != .arrow, !isInInheritanceClause(i) else { return false }
        var n = i + 1
        if file.isText(n, "<"), !file.tokens[n].hasSpaceBefore, let close = (n..<min(file.tokens.count, n + 32)).first(where: { file.isText($0, ">") }) { n = close + 1 }
        if file.kind(n) == .period, file.isWord(n + 1, "init") { n += 2 }
        return (file.kind(n) == .leftParen && !file.tokens[n].hasSpaceBefore) || isClosureOpen(n)
    }

    /// `View` in `struct Wrapper: View {` or `struct Wrapper: Sendable, View {`: a supertype.
    func isInInheritanceClause(_ i: Int) -> Bool {
        var j = i - 1
        while file.kind(j) == .comma, file.kind(j - 1) == .identifier, j > i - 32 { j -= 2 }
        guard file.kind(j) == .colon, file.kind(j - 1) == .identifier else { return false }
        let k = j - 2
        return file.isWord(k, "struct") || file.isWord(k, "class") || file.isWord(k, "enum") || file.isWord(k, "actor")
            || file.isWord(k, "extension") || file.isWord(k, "protocol")
    }

    /// The chain starting at `i`; nil when nothing follows a plain name (a bare value).
    func chain(at i: Int, limit: Int) -> Chain? {
        guard file.kind(i) == .identifier || file.isWord(i, "self") else { return nil }
        let isType = file.beginsWithCapital(i)
        var j = i + 1
        var constructed: String? = nil
        if isType, isConstruction(i) {
            constructed = file.name(i)
            if file.isText(j, "<"), let close = (j..<min(limit, j + 32)).first(where: { file.isText($0, ">") }) { j = close + 1 }
            if file.kind(j) == .period, file.isWord(j + 1, "init") { j += 2 }
        }
        if file.kind(j) == .leftParen, !file.tokens[j].hasSpaceBefore { j = after(j, limit) }
        j = skipTrailingClosures(from: j, limit: limit)
        let baseEnd = j
        let (components, end) = modifierComponents(from: j, limit: limit)
        // A bare name (`homeStore`) is not a chain; a call of an implicit-self member is.
        if constructed == nil && components.isEmpty && baseEnd == i + 1 { return nil }
        return Chain(start: i, end: end, constructed: constructed, baseEnd: baseEnd, memberBase: !isType, components: components)
    }

    /// `( … ).environment(x)`: the chain whose base is the parenthesised expression at `open`, or
    /// nil when no member follows it.
    func parenthesisedChain(at open: Int, limit: Int) -> Chain? {
        guard file.kind(open) == .leftParen, let close = file.partner(open), close > open, close < limit else { return nil }
        let (components, end) = modifierComponents(from: close + 1, limit: limit)
        guard !components.isEmpty else { return nil }
        return Chain(start: open, end: end, constructed: nil, baseEnd: close + 1, memberBase: false, components: components)
    }

    /// The `.name(…) { … }` components from `start`, and where they end.
    func modifierComponents(from start: Int, limit: Int) -> ([(name: String, token: Int, arguments: TokenRange?)], Int) {
        var j = start
        var components: [(name: String, token: Int, arguments: TokenRange?)] = []
        var steps = 0
        while j < limit, steps < 512 {
            steps += 1
            let k = file.kind(j)
            if k == .period, file.kind(j + 1) == .identifier || file.kind(j + 1) == .keyword {
                let nameToken = j + 1
                j += 2
                var args: TokenRange? = nil
                if file.kind(j) == .leftParen, !file.tokens[j].hasSpaceBefore, let close = file.partner(j), close < limit {
                    args = (j + 1)..<close
                    j = close + 1
                }
                j = skipTrailingClosures(from: j, limit: limit)
                components.append((file.name(nameToken), nameToken, args))
                continue
            }
            if (k == .leftBracket || k == .leftParen) && !file.tokens[j].hasSpaceBefore { j = after(j, limit); continue }
            if k == .operator, file.isText(j, "?") || file.isText(j, "!"), !file.tokens[j].hasSpaceBefore { j += 1; continue }
            // A postfix `#if` (`.environmentObject(a)` then `#if os(macOS) .environmentObject(b) #endif`):
            // the members of every branch, and those after `#endif`, belong to the chain. A
            // directive that no member follows ends it where it stands.
            if k == .poundKeyword, var n = file.conditionalDirectiveEnd(j, end: limit) {
                while n < limit, let next = file.conditionalDirectiveEnd(n, end: limit) { n = next }
                if file.kind(n) == .period { j = n; continue }
            }
            break
        }
        return (components, j)
    }

    func after(_ i: Int, _ limit: Int) -> Int {
        if let p = file.partner(i), p > i { return min(p + 1, limit) }
        return min(i + 1, limit)
    }

    /// Past trailing closures, including labelled extra ones (`} label: { … }`).
    func skipTrailingClosures(from start: Int, limit: Int) -> Int {
        var j = start
        while j < limit {
            if isClosureOpen(j) { j = after(j, limit); continue }
            if file.kind(j - 1) == .rightBrace, file.kind(j) == .identifier, file.kind(j + 1) == .colon, isClosureOpen(j + 2) { j = after(j + 2, limit); continue }
            break
        }
        return j
    }
}
