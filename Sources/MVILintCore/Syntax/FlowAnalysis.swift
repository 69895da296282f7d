/// Statement structure of a function or closure body, for questions about control flow.

/// The statements between a pair of braces (or of a synthetic block such as an `else if` branch).
public struct StatementBlock: Sendable {
    /// The tokens the block covers: strictly inside the braces, or the nested statement.
    public var range: TokenRange
    public var statements: [Statement]
}

/// One `catch` clause of a `do` statement.
public struct CatchClause: Sendable {
    /// Tokens between `catch` and `{`; empty for a bare `catch`.
    public var pattern: TokenRange
    public var body: StatementBlock
    /// A bare `catch`, or `catch let name` without a type or `where`: it catches every error.
    public var catchesAll: Bool
}

/// What kind of statement a `Statement` is, with its parts.
public enum StatementKind: Sendable {
    /// An expression, assignment or local `let`/`var` (anything that is not control flow).
    case expression
    /// A nested `func` or type declaration.
    case declaration
    /// `if cond { } else …`; an `else if` is a synthetic block holding the nested `if`.
    case ifStatement(condition: TokenRange, then: StatementBlock, otherwise: StatementBlock?)
    case guardStatement(condition: TokenRange, otherwise: StatementBlock)
    /// `do { } catch … { }`; `catches` is empty for a plain `do` scope.
    case doStatement(body: StatementBlock, catches: [CatchClause])
    case deferStatement(StatementBlock)
    /// `return` with an optional value (the statement's tokens after the keyword).
    case returnStatement
    case throwStatement
    case breakStatement
    case continueStatement
    case fallthroughStatement
    /// `for`, `while` or `repeat`, possibly labelled; the body when it could be found.
    case loop(body: StatementBlock?)
    /// `switch subject { … }`, kept whole.
    case switchStatement
    /// A compiler directive line (`#if`, `#elseif`, `#else`, `#endif`).
    case directive
    /// A statement nested too deeply to split, kept whole.
    case opaque
}

/// One statement: its kind and every token it covers.
public struct Statement: Sendable {
    public var kind: StatementKind
    public var range: TokenRange
}

extension SourceFile {
    /// The statements of a body whose tokens are `range` (inside the braces of a function,
    /// accessor or closure; pass the tokens after `in` for a closure with a signature).
    ///
    /// The blocks of `if`, `guard`, `do`/`catch` and `defer` are nested; loops and `switch` are
    /// kept whole (with a loop's body where it is cheap to find) so that a flow analysis can give up
    /// on them. Best effort and bounded: malformed input yields plain expression statements.
    public func statements(in range: TokenRange) -> [Statement] {
        var splitter = StatementSplitter(file: self)
        return splitter.split(max(0, range.lowerBound)..<min(range.upperBound, tokens.count), depth: 0)
    }

    /// Whether the `{` at `i` opens a closure literal (rather than a block or a declaration body).
    public func isClosureOpen(_ i: Int) -> Bool {
        guard kind(i) == .leftBrace else { return false }
        let analysis = bodyAnalysis
        guard i < analysis.innermost.count else { return false }
        let c = Int(analysis.innermost[i])
        return c >= 0 && analysis.closures[c].open == i
    }
}

/// Splits token ranges into statements. Statements nested deeper than `maxDepth` are kept whole (`opaque`).
struct StatementSplitter {
    let file: SourceFile
    /// Each level costs three stack frames, about 11 KB in a debug build; 24 levels fit the 512 KB
    /// stack of a secondary thread (Dispatch workers on macOS) with room to spare.
    static let maxDepth = 24

    init(file: SourceFile) { self.file = file }

    mutating func split(_ range: TokenRange, depth: Int) -> [Statement] {
        var out: [Statement] = []
        var i = range.lowerBound
        let hi = range.upperBound
        var guardSteps = 0
        while i < hi, guardSteps < 100_000 {
            guardSteps += 1
            if file.kind(i) == .semicolon || file.kind(i) == .eof { i += 1; continue }
            let s = statement(at: i, end: hi, depth: depth)
            out.append(s)
            i = max(s.range.upperBound, i + 1)
        }
        return out
    }

    /// Index after the bracket group opened at `i`, clamped to `end`.
    func after(_ i: Int, end: Int) -> Int {
        if let p = file.partner(i), p > i { return min(p + 1, end) }
        return min(i + 1, end)
    }

    /// The first `{` at bracket depth 0 from `i` that opens a block (not a closure), or nil.
    func blockOpen(from i: Int, end: Int) -> Int? {
        var j = i
        while j < end {
            switch file.kind(j) {
            case .leftBrace:
                if file.isClosureOpen(j) { j = after(j, end: end); continue }
                return j
            case .leftParen, .leftBracket:
                j = after(j, end: end)
            case .rightBrace, .rightParen, .rightBracket, .semicolon, .eof:
                return nil
            default:
                j += 1
            }
        }
        return nil
    }

    mutating func block(open: Int, end: Int, depth: Int) -> StatementBlock? {
        guard let close = file.partner(open), close > open, close < end else { return nil }
        let inner = (open + 1)..<close
        return StatementBlock(range: inner, statements: split(inner, depth: depth + 1))
    }

    /// The statement starting at `i`. Compound statements are split by helpers of their own, so
    /// that the frames on the recursion path stay small (the depth is bounded, the stack may be
    /// a 512 KB secondary thread's).
    mutating func statement(at i: Int, end: Int, depth: Int) -> Statement {
        let k = file.kind(i)
        guard depth < StatementSplitter.maxDepth else {
            return Statement(kind: .opaque, range: i..<max(i + 1, expressionEnd(from: i, end: end)))
        }
        if k == .poundKeyword { return directive(at: i, end: end) }
        // A labelled statement: `outer: for …`.
        if k == .identifier, file.kind(i + 1) == .colon, file.kind(i + 2) == .keyword || file.kind(i + 2) == .identifier,
           StatementSplitter.labelledKeywords.contains(file.text(i + 2)) {
            return labelled(at: i, end: end, depth: depth)
        }
        var compound: Statement? = nil
        if k == .keyword || k == .identifier {
            switch file.text(i) {
            case "if": compound = ifStatement(at: i, end: end, depth: depth)
            case "guard": compound = guardStatement(at: i, end: end, depth: depth)
            case "do": compound = doStatement(at: i, end: end, depth: depth)
            case "defer": compound = deferStatement(at: i, end: end, depth: depth)
            case "for", "while", "repeat": compound = loopStatement(at: i, end: end, depth: depth)
            case "switch": compound = switchStatement(at: i, end: end)
            case "return", "throw": compound = exitStatement(at: i, end: end)
            case "break", "continue", "fallthrough": compound = jumpStatement(at: i, end: end)
            case "func", "struct", "class", "enum", "protocol", "extension", "actor", "typealias": compound = declaration(at: i, end: end)
            default: break
            }
        }
        return compound ?? Statement(kind: .expression, range: i..<expressionEnd(from: i, end: end))
    }

    static let labelledKeywords: Set<String> = ["for", "while", "repeat", "do", "if", "switch"]

    func directive(at i: Int, end: Int) -> Statement {
        guard file.isText(i, "#if") || file.isText(i, "#elseif") || file.isText(i, "#else") || file.isText(i, "#endif") else {
            return Statement(kind: .expression, range: i..<expressionEnd(from: i, end: end))
        }
        var j = i + 1
        let line = file.tokens[i].line
        while j < end, file.tokens[j].line == line { j = file.kind(j) == .leftParen ? after(j, end: end) : j + 1 }
        return Statement(kind: .directive, range: i..<j)
    }

    /// A labelled `do` or `if` can be left with `break label`, so it is kept whole like a loop.
    mutating func labelled(at i: Int, end: Int, depth: Int) -> Statement {
        let inner = statement(at: i + 2, end: end, depth: depth)
        switch inner.kind {
        case .doStatement, .ifStatement: return Statement(kind: .loop(body: nil), range: i..<inner.range.upperBound)
        default: return Statement(kind: inner.kind, range: i..<inner.range.upperBound)
        }
    }

    mutating func guardStatement(at i: Int, end: Int, depth: Int) -> Statement? {
        var j = i + 1
        while j < end, !file.isWord(j, "else") {
            let kj = file.kind(j)
            if kj == .leftParen || kj == .leftBracket || kj == .leftBrace { j = after(j, end: end); continue }
            if kj == .rightBrace || kj == .semicolon { break }
            j += 1
        }
        guard file.isWord(j, "else"), file.kind(j + 1) == .leftBrace, let b = block(open: j + 1, end: end, depth: depth) else { return nil }
        return Statement(kind: .guardStatement(condition: (i + 1)..<j, otherwise: b), range: i..<(b.range.upperBound + 1))
    }

    mutating func doStatement(at i: Int, end: Int, depth: Int) -> Statement? {
        guard let open = blockOpen(from: i + 1, end: end), let body = block(open: open, end: end, depth: depth) else { return nil }
        var j = body.range.upperBound + 1
        var catches: [CatchClause] = []
        while file.isWord(j, "catch") {
            guard let o = blockOpen(from: j + 1, end: end), let b = block(open: o, end: end, depth: depth) else { return nil }
            let pattern = (j + 1)..<o
            catches.append(CatchClause(pattern: pattern, body: b, catchesAll: catchesAll(pattern)))
            j = b.range.upperBound + 1
        }
        return Statement(kind: .doStatement(body: body, catches: catches), range: i..<j)
    }

    mutating func deferStatement(at i: Int, end: Int, depth: Int) -> Statement? {
        guard file.kind(i + 1) == .leftBrace, let b = block(open: i + 1, end: end, depth: depth) else { return nil }
        return Statement(kind: .deferStatement(b), range: i..<(b.range.upperBound + 1))
    }

    mutating func loopStatement(at i: Int, end: Int, depth: Int) -> Statement? {
        if file.isText(i, "repeat") {
            guard file.kind(i + 1) == .leftBrace else { return nil }
            let b = block(open: i + 1, end: end, depth: depth)
            var j = after(i + 1, end: end)
            if file.isWord(j, "while") { j = expressionEnd(from: j + 1, end: end) }
            return Statement(kind: .loop(body: b), range: i..<j)
        }
        guard let open = blockOpen(from: i + 1, end: end) else { return nil }
        let b = block(open: open, end: end, depth: depth)
        return Statement(kind: .loop(body: b), range: i..<after(open, end: end))
    }

    func switchStatement(at i: Int, end: Int) -> Statement? {
        guard let open = blockOpen(from: i + 1, end: end) else { return nil }
        return Statement(kind: .switchStatement, range: i..<after(open, end: end))
    }

    func exitStatement(at i: Int, end: Int) -> Statement {
        let isReturn = file.isText(i, "return")
        var j = i + 1
        // A bare `return` ends at the line break or the closing brace.
        let bare = j >= end || file.tokens[j].isAtLineStart || file.kind(j) == .rightBrace || file.kind(j) == .semicolon
        if !(isReturn && bare) { j = expressionEnd(from: i + 1, end: end) }
        return Statement(kind: isReturn ? .returnStatement : .throwStatement, range: i..<max(j, i + 1))
    }

    func jumpStatement(at i: Int, end: Int) -> Statement {
        if file.isText(i, "fallthrough") { return Statement(kind: .fallthroughStatement, range: i..<(i + 1)) }
        var j = i + 1
        if j < end, file.kind(j) == .identifier, !file.tokens[j].isAtLineStart { j += 1 }
        return Statement(kind: file.isText(i, "break") ? .breakStatement : .continueStatement, range: i..<j)
    }

    func declaration(at i: Int, end: Int) -> Statement? {
        if file.isText(i, "actor") && file.kind(i + 1) != .identifier { return nil }
        var j = i + 1
        while j < end {
            let kj = file.kind(j)
            if kj == .leftBrace { j = after(j, end: end); break }
            if kj == .leftParen || kj == .leftBracket { j = after(j, end: end); continue }
            if kj == .rightBrace || kj == .semicolon || (j > i + 1 && file.tokens[j].isAtLineStart && kj != .period && kj != .arrow && !file.isWord(j, "where") && !file.isWord(j, "throws") && !file.isWord(j, "async")) { break }
            j += 1
        }
        return Statement(kind: .declaration, range: i..<j)
    }

    /// `if … { } [else if … { }]* [else { }]`.
    mutating func ifStatement(at i: Int, end: Int, depth: Int) -> Statement? {
        guard let open = blockOpen(from: i + 1, end: end), let then = block(open: open, end: end, depth: depth) else { return nil }
        var j = then.range.upperBound + 1
        var otherwise: StatementBlock? = nil
        if file.isWord(j, "else") {
            if file.isWord(j + 1, "if"), depth + 1 < StatementSplitter.maxDepth, let nested = ifStatement(at: j + 1, end: end, depth: depth + 1) {
                otherwise = StatementBlock(range: nested.range, statements: [nested])
                j = nested.range.upperBound
            } else if file.kind(j + 1) == .leftBrace, let b = block(open: j + 1, end: end, depth: depth) {
                otherwise = b
                j = b.range.upperBound + 1
            } else {
                return nil
            }
        }
        return Statement(kind: .ifStatement(condition: (i + 1)..<open, then: then, otherwise: otherwise), range: i..<j)
    }

    /// A bare `catch`, or `catch let e` / `catch var e` with nothing else.
    func catchesAll(_ pattern: TokenRange) -> Bool {
        if pattern.isEmpty { return true }
        if pattern.count == 2, file.isWord(pattern.lowerBound, "let") || file.isWord(pattern.lowerBound, "var"), file.kind(pattern.lowerBound + 1) == .identifier { return true }
        return false
    }

    /// End (exclusive) of the expression statement starting at `start`: a `;`, an unmatched
    /// closer, or a line break after which the expression does not continue.
    func expressionEnd(from start: Int, end: Int) -> Int {
        var j = start
        while j < end {
            let k = file.kind(j)
            switch k {
            case .semicolon, .rightParen, .rightBracket, .rightBrace, .eof:
                return j
            default:
                break
            }
            if j > start, file.tokens[j].isAtLineStart, !continues(j) { return j }
            if k == .poundKeyword, j > start, file.tokens[j].isAtLineStart { return j }
            if k == .leftParen || k == .leftBracket || k == .leftBrace { j = after(j, end: end); continue }
            j += 1
        }
        return min(j, end)
    }

    /// Whether the line-start token `j` continues the expression before it.
    func continues(_ j: Int) -> Bool {
        let k = file.kind(j)
        if k == .period || k == .equal || k == .arrow || k == .leftBrace { return true }
        if k == .operator {
            if file.isText(j, "?") || file.isText(j, "??") { return true }
            // A binary operator has space on both sides; `!flag` or `-x` at a line start begins a new statement.
            if file.hasSpaceAfter(j) && !file.isText(j, "!") { return true }
        }
        if file.isWord(j, "as") || file.isWord(j, "is") || file.isWord(j, "else") { return true }
        let p = file.kind(j - 1)
        if p == .equal || p == .arrow || p == .colon || p == .comma || p == .leftParen || p == .leftBracket || p == .period { return true }
        if p == .operator && file.tokens[j - 1].hasSpaceBefore { return true }
        if file.isWord(j - 1, "try") || file.isWord(j - 1, "await") || file.isWord(j - 1, "return") || file.isWord(j - 1, "throw") || file.isWord(j - 1, "as") || file.isWord(j - 1, "is") { return true }
        return false
    }
}
