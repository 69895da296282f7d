/// Generic argument lists versus the less-than operator, where an expression or attribute can hold either.

extension Parser {
    /// Index of the token that closes the generic argument list opened by the `<` at `open`, or
    /// nil when that `<` is the less-than operator. This is the one place that decides it, after
    /// the rule of the Swift grammar: a `<` that touches the name before it opens generic
    /// arguments when the tokens up to the matching `>` can form types and the `>` is followed by
    /// a token that cannot continue a comparison.
    ///
    /// | source                                  | generic | why                                            |
    /// |-----------------------------------------|---------|------------------------------------------------|
    /// | `PassthroughSubject<String, Never>()`   | yes     | type tokens, `>` then `(`                      |
    /// | `Task<Void, Never> { }`                 | yes     | `>` then `{`                                   |
    /// | `Array<Int>.self`, `[Set<Int>]()`       | yes     | `>` then `.` or `]`                            |
    /// | `Foo<Bar<Int>>()`, `Foo<Int>?.none`     | yes     | `>>` and `>?` are read character by character  |
    /// | `@ReducerBuilder<State, Action>` + line break | yes | `>` ends the line                           |
    /// | `(a: Int) -> Void` inside, `[K: V]`     | yes     | brackets are skipped whole                     |
    /// | `a < b`, `a <b`                         | no      | space before `<`                               |
    /// | `a<b`                                   | no      | no matching `>`                                |
    /// | `f(a<b, c>d)`                           | no      | `>` then an identifier                         |
    /// | `a<b && c>(d)`, `x<"s">()`              | no      | `&&` and a literal are not type tokens         |
    /// | `a<b>=c`, `a<b>>c`                      | no      | the closing operator continues (`>=`, `>>`)    |
    ///
    /// After an attribute name (`inAttribute`) a touching `<` cannot be an operator, so any
    /// token may follow the `>`: `@FocusState<Field?> var focus`.
    func genericArgumentsEnd(at open: Int, end: Int, inAttribute: Bool = false) -> Int? {
        guard kind(open) == .operator, isText(open, "<"), !tokens[open].hasSpaceBefore, open > 0 else { return nil }
        let before = kind(open - 1)
        guard before == .identifier || before == .keyword || (before == .operator && isText(open - 1, ">")) else { return nil }
        var depth = 1
        var j = open + 1
        // Bounded so that hostile input (thousands of `<`) stays linear.
        let limit = min(end, open + 256)
        while j < limit {
            switch kind(j) {
            case .identifier, .keyword, .integerLiteral, .period, .comma, .arrow, .at:
                j += 1
            case .leftParen, .leftBracket:
                guard let p = file.partner(j), p > j, p < end else { return nil }
                j = p + 1
            case .operator:
                // `&` of a composition, `~` of `~Copyable`, `...` of a variadic parameter type.
                if isText(j, "&") || isText(j, "~") || isText(j, "...") { j += 1; continue }
                let t = tokens[j]
                var o = Int(t.start)
                while o < Int(t.end) {
                    let c = file.bytes[o]
                    if c == UInt8(ascii: "<") {
                        depth += 1
                    } else if c == UInt8(ascii: ">") {
                        depth -= 1
                        if depth == 0 {
                            // Only postfix `?`/`!` may follow the closing `>` in the same token.
                            var rest = o + 1
                            while rest < Int(t.end), file.bytes[rest] == UInt8(ascii: "?") || file.bytes[rest] == UInt8(ascii: "!") { rest += 1 }
                            guard rest == Int(t.end), inAttribute || endsGenericArguments(j + 1) else { return nil }
                            return j
                        }
                    } else if !(c == UInt8(ascii: "?") || c == UInt8(ascii: "!")) {
                        return nil
                    }
                    o += 1
                }
                j += 1
            default:
                return nil
            }
        }
        return nil
    }

    /// Whether token `i`, right after a closing `>`, shows that the `>` closed generic arguments.
    private func endsGenericArguments(_ i: Int) -> Bool {
        if atLineStart(i) { return true }
        // A touching postfix `?` or `!`: `Foo<Int>?.none` (the lexer never joins them to `>`).
        if kind(i) == .operator, isText(i, "?") || isText(i, "!"), !tokens[i].hasSpaceBefore { return true }
        switch kind(i) {
        case .leftParen, .rightParen, .leftBracket, .rightBracket, .leftBrace, .rightBrace, .period, .comma, .semicolon, .colon, .eof:
            return true
        default:
            return false
        }
    }
}
