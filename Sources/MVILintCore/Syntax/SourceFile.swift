/// One scanned and parsed file: bytes, tokens, bracket matches and declarations, computed once.

/// A source position. `line` and `column` are 1-based; the column counts characters
/// (extended grapheme clusters, as Swift's `Character`) from the start of the line, so a tab or an
/// emoji counts as one column.
public struct SourceLocation: Hashable, Comparable, Sendable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// A parsed file shared by every rule. Read-only once built.
public final class SourceFile: @unchecked Sendable {
    /// Path as given to the engine (absolute for files found on disk).
    public let path: String
    public let bytes: [UInt8]
    public let tokens: [Token]
    public let comments: [Comment]
    public let lineStarts: [Int32]
    /// For every bracket token (`(`, `[`, `{` and their closers), the index of its partner;
    /// -1 for other tokens and for unbalanced brackets.
    public let match: [Int32]
    public private(set) var tree: SourceTree = SourceTree()
    /// Cache behind `bodyAnalysis`.
    var _bodyAnalysis: BodyAnalysis? = nil

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        let lexed = Lexer.lex(bytes)
        self.tokens = lexed.tokens
        self.comments = lexed.comments
        self.lineStarts = lexed.lineStarts
        self.match = SourceFile.matchBrackets(lexed.tokens)
        var parser = Parser(file: self)
        self.tree = parser.parse()
    }

    public convenience init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    // MARK: Token text

    @inlinable public func kind(_ i: Int) -> TokenKind { i >= 0 && i < tokens.count ? tokens[i].kind : .eof }

    /// The token's source text (allocates; prefer `isText` in hot paths).
    public func text(_ i: Int) -> String {
        guard i >= 0, i < tokens.count else { return "" }
        let t = tokens[i]
        return String(decoding: bytes[Int(t.start)..<Int(t.end)], as: UTF8.self)
    }

    /// The identifier's name without backticks.
    public func name(_ i: Int) -> String {
        var s = text(i)
        if s.hasPrefix("`"), s.hasSuffix("`"), s.count >= 2 { s = String(s.dropFirst().dropLast()) }
        return s
    }

    /// Whether token `i` spells exactly `s` (byte comparison, no allocation).
    public func isText(_ i: Int, _ s: StaticString) -> Bool {
        guard i >= 0, i < tokens.count else { return false }
        let t = tokens[i]
        let n = s.utf8CodeUnitCount
        guard Int(t.end - t.start) == n else { return false }
        return s.withUTF8Buffer { buf in
            var k = 0, o = Int(t.start)
            while k < n { if bytes[o + k] != buf[k] { return false }; k += 1 }
            return true
        }
    }

    /// Whether token `i` is an identifier or keyword spelling `s`.
    public func isWord(_ i: Int, _ s: StaticString) -> Bool {
        let k = kind(i)
        return (k == .identifier || k == .keyword) && isText(i, s)
    }

    /// Source text of a token range, tokens joined by their original trivia collapsed to one space
    /// where there was whitespace, comments dropped.
    public func text(of range: TokenRange, compact: Bool = false) -> String {
        var out = ""
        var first = true
        for i in range where i >= 0 && i < tokens.count && tokens[i].kind != .eof {
            if !first && !compact && tokens[i].hasSpaceBefore { out += " " }
            out += text(i)
            first = false
        }
        return out
    }

    /// The text of the whole line `line` (1-based), without its line break.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = Int(lineStarts[line - 1])
        var end = line < lineStarts.count ? Int(lineStarts[line]) : bytes.count
        while end > start, bytes[end - 1] == 10 || bytes[end - 1] == 13 { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    // MARK: Positions

    public func location(ofOffset offset: Int) -> SourceLocation {
        let off = max(0, min(offset, bytes.count))
        // Binary search for the line.
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if Int(lineStarts[mid]) <= off { lo = mid } else { hi = mid - 1 }
        }
        let lineStart = lineStarts.isEmpty ? 0 : Int(lineStarts[lo])
        let prefix = String(decoding: bytes[lineStart..<off], as: UTF8.self)
        return SourceLocation(line: lo + 1, column: prefix.count + 1)
    }

    public func location(ofToken i: Int) -> SourceLocation {
        guard i >= 0, i < tokens.count else { return location(ofOffset: bytes.count) }
        return location(ofOffset: Int(tokens[i].start))
    }

    public func line(ofToken i: Int) -> Int {
        guard i >= 0, i < tokens.count else { return lineStarts.count }
        return Int(tokens[i].line)
    }

    // MARK: Brackets

    /// Partner of the bracket at `i`, or nil.
    @inlinable public func partner(_ i: Int) -> Int? {
        guard i >= 0, i < match.count else { return nil }
        let m = match[i]
        return m >= 0 ? Int(m) : nil
    }

    static func matchBrackets(_ tokens: [Token]) -> [Int32] {
        var match = [Int32](repeating: -1, count: tokens.count)
        var stack: [Int32] = []
        stack.reserveCapacity(64)
        for i in tokens.indices {
            switch tokens[i].kind {
            case .leftParen, .leftBracket, .leftBrace:
                stack.append(Int32(i))
            case .rightParen, .rightBracket, .rightBrace:
                let want: TokenKind = tokens[i].kind == .rightParen ? .leftParen : tokens[i].kind == .rightBracket ? .leftBracket : .leftBrace
                // Recover from a mismatched closer: pop to the nearest opener of the same kind
                // if there is one, else ignore the stray closer.
                // The search is bounded so that hostile input stays linear.
                var pos = stack.count - 1
                let lowest = max(0, stack.count - 64)
                while pos >= lowest && tokens[Int(stack[pos])].kind != want { pos -= 1 }
                if pos >= lowest {
                    let open = stack[pos]
                    stack.removeSubrange(pos...)
                    match[Int(open)] = Int32(i)
                    match[i] = open
                }
            default:
                break
            }
        }
        return match
    }
}
