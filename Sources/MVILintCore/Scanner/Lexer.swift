/// The hand-written lexer: UTF-8 bytes to tokens, comments and line starts, in one pass.
///
/// It never throws, never recurses and always advances: nesting of string interpolation and
/// block comments lives on explicit stacks, and bytes that form no token become `.unknown`.

public enum Lexer {
    public static func lex(_ string: String) -> LexedSource { lex(Array(string.utf8)) }

    public static func lex(_ bytes: [UInt8]) -> LexedSource {
        bytes.withUnsafeBufferPointer { lex($0) }
    }

    public static func lex(_ bytes: UnsafeBufferPointer<UInt8>) -> LexedSource {
        var scanner = LexScanner(bytes)
        scanner.run()
        return LexedSource(tokens: scanner.tokens, comments: scanner.comments, lineStarts: scanner.lineStarts)
    }

    /// Reserved words reported as `.keyword`. Contextual keywords stay identifiers.
    public static let reservedKeywords: [String] = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    ]

    /// Keywords bucketed by length for allocation-free lookup.
    static let keywordsByLength: [[[UInt8]]] = {
        var buckets = [[[UInt8]]](repeating: [], count: 16)
        for k in reservedKeywords { buckets[k.utf8.count].append(Array(k.utf8)) }
        return buckets
    }()
}

/// Character classes used by the scanner's table.
private enum CharClass {
    static let identStart: UInt8 = 1
    static let identBody: UInt8 = 2
    static let digit: UInt8 = 4
    static let operatorChar: UInt8 = 8
    static let space: UInt8 = 16

    static let table: [UInt8] = {
        var t = [UInt8](repeating: 0, count: 256)
        for c in UInt8(ascii: "a")...UInt8(ascii: "z") { t[Int(c)] = identStart | identBody }
        for c in UInt8(ascii: "A")...UInt8(ascii: "Z") { t[Int(c)] = identStart | identBody }
        t[Int(UInt8(ascii: "_"))] = identStart | identBody
        for c in UInt8(ascii: "0")...UInt8(ascii: "9") { t[Int(c)] = identBody | digit }
        for c in "/=-+!*%<>&|^~?".utf8 { t[Int(c)] = operatorChar }
        for c in [UInt8(ascii: " "), 9, 11, 12] { t[Int(c)] = space }
        return t
    }()
}

struct LexScanner {
    let b: UnsafeBufferPointer<UInt8>
    let n: Int
    var p = 0
    var line: Int32 = 1
    var tokens: [Token] = []
    var comments: [Comment] = []
    var lineStarts: [Int32] = [0]
    /// Flags collected from the trivia before the next token.
    var pending = TokenFlags(rawValue: 3)
    let table = CharClass.table
    let keywords = Lexer.keywordsByLength

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        b = bytes
        n = bytes.count
        tokens.reserveCapacity(n / 4 + 16)
    }

    @inline(__always) func at(_ i: Int) -> UInt8 { i < n && i >= 0 ? b[i] : 0 }
    @inline(__always) func cls(_ c: UInt8) -> UInt8 { table[Int(c)] }

    /// Records a line break that ends at `next` (the offset of the new line's first byte).
    @inline(__always) mutating func newline(startingAt next: Int) {
        line &+= 1
        lineStarts.append(Int32(truncatingIfNeeded: next))
    }

    /// Consumes a line break at `p` if there is one (CRLF counts once). Returns whether it did.
    @inline(__always) mutating func consumeNewline() -> Bool {
        let c = at(p)
        if c == 10 { p += 1; newline(startingAt: p); return true }
        if c == 13 {
            p += at(p + 1) == 10 ? 2 : 1
            newline(startingAt: p)
            return true
        }
        return false
    }

    mutating func emit(_ kind: TokenKind, from start: Int, line startLine: Int32, flags extra: TokenFlags = TokenFlags(rawValue: 0)) {
        if pending.rawValue & 1 != 0, !tokens.isEmpty {
            let last = tokens.count - 1
            tokens[last].flags = TokenFlags(rawValue: tokens[last].flags.rawValue | TokenFlags.spaceAfter.rawValue)
        }
        tokens.append(Token(kind: kind, flags: TokenFlags(rawValue: pending.rawValue | extra.rawValue), start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: p), line: startLine))
        pending = TokenFlags(rawValue: 0)
    }

    mutating func run() {
        if n >= 2 && b[0] == UInt8(ascii: "#") && b[1] == UInt8(ascii: "!") {
            while p < n && b[p] != 10 && b[p] != 13 { p += 1 }
            emit(.shebang, from: 0, line: 1)
        }
        while p < n {
            let c = b[p]
            let start = p
            let startLine = line
            let k = cls(c)
            if k & CharClass.space != 0 { p += 1; pending = TokenFlags(rawValue: pending.rawValue | 1); continue }
            if c == 10 || c == 13 { _ = consumeNewline(); pending = TokenFlags(rawValue: pending.rawValue | 3); continue }
            if k & CharClass.identStart != 0 { scanIdentifier(start, startLine); continue }
            if k & CharClass.digit != 0 { scanNumber(start, startLine); continue }
            switch c {
            case UInt8(ascii: "/"):
                if at(p + 1) == UInt8(ascii: "/") { scanLineComment(); continue }
                if at(p + 1) == UInt8(ascii: "*") { scanBlockComment(); continue }
                if regexCanStart(), let end = bareRegexEnd(from: p) {
                    p = end
                    emit(.regexLiteral, from: start, line: startLine)
                    continue
                }
                scanOperator(start, startLine)
            case UInt8(ascii: "\""):
                scanString(hashes: 0, start, startLine)
            case UInt8(ascii: "#"):
                var h = 0
                while at(p + h) == UInt8(ascii: "#") { h += 1 }
                if at(p + h) == UInt8(ascii: "\"") {
                    p += h
                    scanString(hashes: h, start, startLine)
                } else if at(p + h) == UInt8(ascii: "/") {
                    p += h + 1
                    scanRawRegex(hashes: h, start, startLine)
                } else if h == 1, cls(at(p + 1)) & CharClass.identStart != 0 || at(p + 1) >= 0x80 {
                    p += 1
                    skipIdentifierBody()
                    emit(.poundKeyword, from: start, line: startLine)
                } else {
                    p += 1
                    emit(.unknown, from: start, line: startLine)
                }
            case UInt8(ascii: "`"):
                var q = p + 1
                while q < n, b[q] != UInt8(ascii: "`"), b[q] != 10, b[q] != 13 { q += 1 }
                if q < n, b[q] == UInt8(ascii: "`"), q > p + 1 {
                    p = q + 1
                    emit(.identifier, from: start, line: startLine)
                } else {
                    p += 1
                    emit(.unknown, from: start, line: startLine)
                }
            case UInt8(ascii: "$"):
                p += 1
                skipIdentifierBody()
                emit(.dollarIdentifier, from: start, line: startLine)
            case UInt8(ascii: "("): p += 1; emit(.leftParen, from: start, line: startLine)
            case UInt8(ascii: ")"): p += 1; emit(.rightParen, from: start, line: startLine)
            case UInt8(ascii: "["): p += 1; emit(.leftBracket, from: start, line: startLine)
            case UInt8(ascii: "]"): p += 1; emit(.rightBracket, from: start, line: startLine)
            case UInt8(ascii: "{"): p += 1; emit(.leftBrace, from: start, line: startLine)
            case UInt8(ascii: "}"): p += 1; emit(.rightBrace, from: start, line: startLine)
            case UInt8(ascii: ","): p += 1; emit(.comma, from: start, line: startLine)
            case UInt8(ascii: ":"): p += 1; emit(.colon, from: start, line: startLine)
            case UInt8(ascii: ";"): p += 1; emit(.semicolon, from: start, line: startLine)
            case UInt8(ascii: "@"): p += 1; emit(.at, from: start, line: startLine)
            case UInt8(ascii: "\\"): p += 1; emit(.backslash, from: start, line: startLine)
            case UInt8(ascii: "."):
                if at(p + 1) == UInt8(ascii: ".") {
                    scanOperator(start, startLine)
                } else {
                    p += 1
                    emit(.period, from: start, line: startLine)
                }
            default:
                if k & CharClass.operatorChar != 0 {
                    scanOperator(start, startLine)
                } else if c >= 0x80, utf8Length(at: p) > 0 {
                    scanIdentifier(start, startLine)
                } else {
                    // Bytes that form no token: group a run of them.
                    p += 1
                    while p < n, b[p] >= 0x80, utf8Length(at: p) == 0 { p += 1 }
                    emit(.unknown, from: start, line: startLine)
                }
            }
        }
        pending = TokenFlags(rawValue: pending.rawValue | 1)
        emit(.eof, from: n, line: line)
    }

    // MARK: Identifiers and numbers

    /// Length of the well-formed UTF-8 sequence at `i`, 0 when malformed or ASCII.
    @inline(__always) func utf8Length(at i: Int) -> Int {
        let c = at(i)
        func cont(_ j: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> Bool { let x = at(j); return j < n && x >= lo && x <= hi }
        switch c {
        case 0xC2...0xDF: return cont(i + 1) ? 2 : 0
        case 0xE0: return cont(i + 1, 0xA0, 0xBF) && cont(i + 2) ? 3 : 0
        case 0xED: return cont(i + 1, 0x80, 0x9F) && cont(i + 2) ? 3 : 0
        case 0xE1...0xEF: return cont(i + 1) && cont(i + 2) ? 3 : 0
        case 0xF0: return cont(i + 1, 0x90, 0xBF) && cont(i + 2) && cont(i + 3) ? 4 : 0
        case 0xF1...0xF3: return cont(i + 1) && cont(i + 2) && cont(i + 3) ? 4 : 0
        case 0xF4: return cont(i + 1, 0x80, 0x8F) && cont(i + 2) && cont(i + 3) ? 4 : 0
        default: return 0
        }
    }

    @inline(__always) mutating func skipIdentifierBody() {
        while p < n {
            let c = b[p]
            if cls(c) & CharClass.identBody != 0 { p += 1; continue }
            if c >= 0x80 {
                let l = utf8Length(at: p)
                if l > 0 { p += l; continue }
            }
            break
        }
    }

    mutating func scanIdentifier(_ start: Int, _ startLine: Int32) {
        if b[p] >= 0x80 { p += max(1, utf8Length(at: p)) } else { p += 1 }
        skipIdentifierBody()
        emit(isKeyword(start, p - start) ? .keyword : .identifier, from: start, line: startLine)
    }

    func isKeyword(_ start: Int, _ length: Int) -> Bool {
        guard length >= 2, length < keywords.count else { return false }
        outer: for k in keywords[length] {
            var i = 0
            while i < length { if k[i] != b[start + i] { continue outer }; i += 1 }
            return true
        }
        return false
    }

    mutating func scanNumber(_ start: Int, _ startLine: Int32) {
        var kind = TokenKind.integerLiteral
        func isHex(_ c: UInt8) -> Bool { (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102) || c == 95 }
        if b[p] == UInt8(ascii: "0"), at(p + 1) == UInt8(ascii: "x") {
            p += 2
            while p < n, isHex(b[p]) { p += 1 }
            if at(p) == UInt8(ascii: "."), isHex(at(p + 1)), at(p + 1) != 95 {
                // A hex fraction needs an exponent; `0x1.description` is member access.
                var q = p + 1
                while q < n, isHex(b[q]) { q += 1 }
                if at(q) == UInt8(ascii: "p") || at(q) == UInt8(ascii: "P") { p = q; kind = .floatLiteral }
            }
            if at(p) == UInt8(ascii: "p") || at(p) == UInt8(ascii: "P") {
                kind = .floatLiteral
                p += 1
                if at(p) == UInt8(ascii: "+") || at(p) == UInt8(ascii: "-") { p += 1 }
                while p < n, cls(b[p]) & CharClass.digit != 0 || b[p] == 95 { p += 1 }
            }
        } else if b[p] == UInt8(ascii: "0"), at(p + 1) == UInt8(ascii: "b") || at(p + 1) == UInt8(ascii: "o") {
            p += 2
            while p < n, cls(b[p]) & CharClass.digit != 0 || b[p] == 95 { p += 1 }
        } else {
            while p < n, cls(b[p]) & CharClass.digit != 0 || b[p] == 95 { p += 1 }
            if at(p) == UInt8(ascii: "."), cls(at(p + 1)) & CharClass.digit != 0 {
                kind = .floatLiteral
                p += 1
                while p < n, cls(b[p]) & CharClass.digit != 0 || b[p] == 95 { p += 1 }
            }
            if at(p) == UInt8(ascii: "e") || at(p) == UInt8(ascii: "E") {
                var q = p + 1
                if at(q) == UInt8(ascii: "+") || at(q) == UInt8(ascii: "-") { q += 1 }
                if cls(at(q)) & CharClass.digit != 0 {
                    kind = .floatLiteral
                    p = q
                    while p < n, cls(b[p]) & CharClass.digit != 0 || b[p] == 95 { p += 1 }
                }
            }
        }
        // Trailing identifier characters (`12abc`) stay in the (invalid) literal.
        skipIdentifierBody()
        emit(kind, from: start, line: startLine)
    }

    // MARK: Comments

    mutating func scanLineComment() {
        let start = p
        let isDoc = at(p + 2) == UInt8(ascii: "/") && at(p + 3) != UInt8(ascii: "/")
        while p < n, b[p] != 10, b[p] != 13 { p += 1 }
        comments.append(Comment(kind: isDoc ? .docLine : .line, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: p), line: line))
        pending = TokenFlags(rawValue: pending.rawValue | 1)
    }

    mutating func scanBlockComment() {
        let start = p, startLine = line
        let isDoc = at(p + 2) == UInt8(ascii: "*") && at(p + 3) != UInt8(ascii: "/")
        p += 2
        var depth = 1
        while p < n, depth > 0 {
            let c = b[p]
            if c == UInt8(ascii: "/"), at(p + 1) == UInt8(ascii: "*") { depth += 1; p += 2; continue }
            if c == UInt8(ascii: "*"), at(p + 1) == UInt8(ascii: "/") { depth -= 1; p += 2; continue }
            if consumeNewline() { pending = TokenFlags(rawValue: pending.rawValue | 2); continue }
            p += 1
        }
        comments.append(Comment(kind: isDoc ? .docBlock : .block, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: p), line: startLine))
        pending = TokenFlags(rawValue: pending.rawValue | 1)
    }

    // MARK: Operators and regex literals

    mutating func scanOperator(_ start: Int, _ startLine: Int32) {
        let first = b[p]
        if first == UInt8(ascii: ".") {
            // Dot operators (`...`, `..<`): may contain dots after the first.
            p += 1
            while p < n, b[p] == UInt8(ascii: ".") || cls(b[p]) & CharClass.operatorChar != 0 {
                if b[p] == UInt8(ascii: "/"), at(p + 1) == UInt8(ascii: "/") || at(p + 1) == UInt8(ascii: "*") { break }
                p += 1
            }
        } else {
            p += 1
            // Postfix `?`/`!` right after an expression stand alone (`a?.b`, `x!`, `a?[0]`).
            let leftBound = pending.rawValue & 1 == 0 && endsExpression(tokens.last)
            if !(leftBound && (first == UInt8(ascii: "?") || first == UInt8(ascii: "!")) && !continuesAsInfix()) {
                while p < n, cls(b[p]) & CharClass.operatorChar != 0 {
                    if b[p] == UInt8(ascii: "/"), at(p + 1) == UInt8(ascii: "/") || at(p + 1) == UInt8(ascii: "*") { break }
                    p += 1
                }
            }
        }
        let len = p - start
        if len == 1 && first == UInt8(ascii: "=") {
            emit(.equal, from: start, line: startLine)
        } else if len == 2 && first == UInt8(ascii: "-") && b[start + 1] == UInt8(ascii: ">") {
            emit(.arrow, from: start, line: startLine)
        } else {
            emit(.operator, from: start, line: startLine)
        }
    }

    /// After a left-bound `?` or `!`: whether the operator run continues as an infix operator
    /// such as `!=`, `??`, `?=` (then it is lexed whole).
    func continuesAsInfix() -> Bool {
        let c = at(p)
        return c == UInt8(ascii: "=") || (b[p - 1] == UInt8(ascii: "?") && c == UInt8(ascii: "?"))
    }

    func endsExpression(_ t: Token?) -> Bool {
        guard let t = t else { return false }
        switch t.kind {
        case .identifier, .dollarIdentifier, .integerLiteral, .floatLiteral, .stringLiteral, .regexLiteral, .rightParen, .rightBracket, .rightBrace:
            return true
        case .keyword:
            return true
        case .operator:
            // `a!!`, `a?!`: chained postfix marks.
            let last = b[Int(t.end) - 1]
            return t.end - t.start == 1 && (last == UInt8(ascii: "?") || last == UInt8(ascii: "!"))
        default:
            return false
        }
    }

    /// Bare `/…/` regex literals are recognised only where an expression can start (after an
    /// operator, an opening bracket, `,`, `:`, `=`, `return`, `case`…), when the next byte is not
    /// whitespace, and when a closing `/` follows on the same line. Anywhere else `/` is division.
    ///
    /// | before `/`          | example             | lexed as |
    /// |---------------------|---------------------|----------|
    /// | identifier, `)`, literal | `a / b`, `f() /2` | operator |
    /// | `=`, `(`, `,`, `:`   | `let r = /a+/`      | regex    |
    /// | `/` then space       | `x = / 2`           | operator |
    /// | no closing `/` on the line | `let x = /a`   | operator |
    func regexCanStart() -> Bool {
        let next = at(p + 1)
        if next == UInt8(ascii: " ") || next == 9 || next == 10 || next == 13 || next == 0 || next == UInt8(ascii: "=") { return false }
        guard let last = tokens.last else { return true }
        switch last.kind {
        case .leftParen, .leftBracket, .leftBrace, .comma, .colon, .semicolon, .equal, .arrow:
            return true
        case .operator:
            return pending.rawValue & 1 != 0 || !endsExpression(last)
        case .keyword:
            let s = Int(last.start), len = Int(last.end - last.start)
            for word in ["return", "case", "in", "where", "if", "guard", "while", "throw", "try", "else", "is", "as"] where word.utf8.count == len {
                if word.utf8.elementsEqual(UnsafeBufferPointer(rebasing: b[s..<(s + len)])) { return true }
            }
            return false
        default:
            return false
        }
    }

    /// End offset (after the closing `/`) of a bare regex starting at `start`, or nil.
    func bareRegexEnd(from start: Int) -> Int? {
        var q = start + 1
        var inClass = 0
        while q < n {
            let c = b[q]
            if c == 10 || c == 13 { return nil }
            if c == UInt8(ascii: "\\") { q += 2; continue }
            if c == UInt8(ascii: "[") { inClass += 1 } else if c == UInt8(ascii: "]") && inClass > 0 { inClass -= 1 } else if c == UInt8(ascii: "/") && inClass == 0 {
                // `a /b/ c` would be odd: reject a regex whose last byte before `/` is a space.
                if b[q - 1] == UInt8(ascii: " ") { return nil }
                return q + 1
            }
            q += 1
        }
        return nil
    }

    mutating func scanRawRegex(hashes h: Int, _ start: Int, _ startLine: Int32) {
        var flags: TokenFlags = [.raw]
        while true {
            if p >= n { flags.insert(.unterminated); break }
            let c = b[p]
            if c == UInt8(ascii: "\\") { p += 1; if p < n, !consumeNewline() { p += 1 }; continue }
            if c == UInt8(ascii: "/"), closingHashes(at: p + 1, h) { p += 1 + h; break }
            if consumeNewline() { continue }
            p += 1
        }
        emit(.regexLiteral, from: start, line: startLine, flags: flags)
    }

    @inline(__always) func closingHashes(at i: Int, _ h: Int) -> Bool {
        var k = 0
        while k < h { if at(i + k) != UInt8(ascii: "#") { return false }; k += 1 }
        return true
    }

    // MARK: Strings

    private enum Frame {
        case string(hashes: Int, multiline: Bool)
        case interpolation(depth: Int)
    }

    /// Scans a string literal whose opening quote is at `p` (after `hashes` `#`), interpolations
    /// included, to any nesting depth.
    mutating func scanString(hashes h0: Int, _ start: Int, _ startLine: Int32) {
        var flags: TokenFlags = h0 > 0 ? [.raw] : []
        var stack: [Frame] = []
        openString(hashes: h0, into: &stack, flags: &flags)
        while let top = stack.last {
            if p >= n { flags.insert(.unterminated); break }
            switch top {
            case .string(let h, let multiline):
                let c = b[p]
                if c == UInt8(ascii: "\\"), closingHashes(at: p + 1, h) {
                    let q = p + 1 + h
                    if at(q) == UInt8(ascii: "(") {
                        p = q + 1
                        flags.insert(.interpolated)
                        stack.append(.interpolation(depth: 0))
                    } else {
                        p = q
                        if p < n, !consumeNewline() { p += 1 }
                    }
                } else if c == UInt8(ascii: "\"") {
                    if multiline {
                        if at(p + 1) == UInt8(ascii: "\""), at(p + 2) == UInt8(ascii: "\""), closingHashes(at: p + 3, h) {
                            p += 3 + h
                            stack.removeLast()
                        } else {
                            p += 1
                        }
                    } else if closingHashes(at: p + 1, h) {
                        p += 1 + h
                        stack.removeLast()
                    } else {
                        p += 1
                    }
                } else if c == 10 || c == 13 {
                    if multiline {
                        _ = consumeNewline()
                    } else {
                        // A single-line string ends, unterminated, at the line break.
                        flags.insert(.unterminated)
                        stack.removeLast()
                        // Also abandon the interpolation that contained it, if any.
                        if case .interpolation? = stack.last { stack.removeLast() }
                    }
                } else {
                    p += 1
                }
            case .interpolation(let depth):
                let c = b[p]
                switch c {
                case UInt8(ascii: "("):
                    p += 1
                    stack[stack.count - 1] = .interpolation(depth: depth + 1)
                case UInt8(ascii: ")"):
                    p += 1
                    if depth == 0 { stack.removeLast() } else { stack[stack.count - 1] = .interpolation(depth: depth - 1) }
                case UInt8(ascii: "\""):
                    openString(hashes: 0, into: &stack, flags: &flags)
                case UInt8(ascii: "#"):
                    var h = 0
                    while at(p + h) == UInt8(ascii: "#") { h += 1 }
                    if at(p + h) == UInt8(ascii: "\"") {
                        p += h
                        openString(hashes: h, into: &stack, flags: &flags)
                    } else {
                        p += h
                    }
                case UInt8(ascii: "/"):
                    if at(p + 1) == UInt8(ascii: "*") {
                        var d = 1
                        p += 2
                        while p < n, d > 0 {
                            if b[p] == UInt8(ascii: "/"), at(p + 1) == UInt8(ascii: "*") { d += 1; p += 2; continue }
                            if b[p] == UInt8(ascii: "*"), at(p + 1) == UInt8(ascii: "/") { d -= 1; p += 2; continue }
                            if consumeNewline() { continue }
                            p += 1
                        }
                    } else if at(p + 1) == UInt8(ascii: "/") {
                        while p < n, b[p] != 10, b[p] != 13 { p += 1 }
                    } else {
                        p += 1
                    }
                case 10, 13:
                    _ = consumeNewline()
                default:
                    p += 1
                }
            }
        }
        emit(.stringLiteral, from: start, line: startLine, flags: flags)
    }

    /// Consumes the opening quote(s) at `p` and pushes the string frame.
    private mutating func openString(hashes h: Int, into stack: inout [Frame], flags: inout TokenFlags) {
        if at(p + 1) == UInt8(ascii: "\""), at(p + 2) == UInt8(ascii: "\"") {
            p += 3
            if stack.isEmpty { flags.insert(.multiline) }
            stack.append(.string(hashes: h, multiline: true))
        } else {
            p += 1
            stack.append(.string(hashes: h, multiline: false))
        }
    }
}
