/// Token kinds and the token value produced by `Lexer`.

/// The kind of a token. Comments and whitespace are not tokens: they are the trivia between
/// two tokens (`source[previous.end..<token.start]`), and comments are also listed in
/// `LexedSource.comments`.
public enum TokenKind: UInt8, Sendable {
    /// A plain or backticked identifier, including contextual keywords (`get`, `set`, `some`,
    /// `any`, `async`, `await`, `nonisolated`, `private`…): the parser decides by position.
    case identifier
    /// A reserved keyword (`class`, `struct`, `func`, `var`, `let`, `if`, `self`, `true`, …).
    case keyword
    /// `$0`, `$name`, `$`-prefixed identifiers.
    case dollarIdentifier
    case integerLiteral
    case floatLiteral
    /// A whole string literal, single-line, multi-line or raw, interpolations included.
    case stringLiteral
    /// A whole regex literal: `/…/`, `#/…/#`.
    case regexLiteral
    /// An operator such as `+`, `==`, `?`, `!`, `..<`, `&`, `<`, `>`, `->` is `.arrow`, `=` is `.equal`.
    case `operator`
    case equal
    case arrow
    case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
    case comma, colon, semicolon
    /// A `.` that is not part of an operator (member access, implicit member).
    case period
    /// `@` before an attribute name.
    case at
    /// `\` of a key path.
    case backslash
    /// A `#` keyword with its name: `#if`, `#elseif`, `#else`, `#endif`, `#available`,
    /// `#selector`, `#Preview`, `#warning`, `#sourceLocation`, `#line`… (text includes `#`).
    case poundKeyword
    /// `#!` shebang line at the very start of the file (whole line).
    case shebang
    /// Bytes that form no token (a stray `\u{1}`, invalid UTF-8, …). Always at least one byte.
    case unknown
    /// End of input; zero length, always the last token.
    case eof
}

/// Per-token flags, mostly spacing, from which operator fixity is derived.
public struct TokenFlags: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Whitespace or a comment (or the start of the file) precedes the token.
    public static let spaceBefore = TokenFlags(rawValue: 1 << 0)
    /// A line break precedes the token (in its trivia, including inside a block comment).
    public static let newlineBefore = TokenFlags(rawValue: 1 << 1)
    // Bit 2 is free: whether trivia follows a token is the next token's `.spaceBefore`
    // (`LexedSource.hasSpaceAfter(_:)`), so the lexer does not write it twice.
    /// String literal: multi-line (`"""`).
    public static let multiline = TokenFlags(rawValue: 1 << 3)
    /// String or regex literal: raw (`#"…"#`, `#/…/#`).
    public static let raw = TokenFlags(rawValue: 1 << 4)
    /// String literal that contains at least one interpolation `\(…)`.
    public static let interpolated = TokenFlags(rawValue: 1 << 5)
    /// A literal or comment that reached the end of the input before it was closed.
    public static let unterminated = TokenFlags(rawValue: 1 << 6)
}

/// One token. Offsets are UTF-8 byte offsets into the file; `line` is 1-based.
/// Columns are not stored: `SourceFile.location(ofOffset:)` computes them on demand.
public struct Token: Sendable {
    public var kind: TokenKind
    public var flags: TokenFlags
    public var start: Int32
    public var end: Int32
    public var line: Int32

    public init(kind: TokenKind, flags: TokenFlags = [], start: Int32, end: Int32, line: Int32) {
        self.kind = kind
        self.flags = flags
        self.start = start
        self.end = end
        self.line = line
    }

    @inlinable public var length: Int { Int(end - start) }
    @inlinable public var hasSpaceBefore: Bool { flags.contains(.spaceBefore) }
    @inlinable public var isAtLineStart: Bool { flags.contains(.newlineBefore) }

    /// Whether trivia (or the end of the file) follows token `i` of `tokens`, a lexer's output
    /// ending with `.eof`.
    @inlinable public static func hasSpaceAfter(_ i: Int, in tokens: [Token]) -> Bool {
        i &+ 2 >= tokens.count || tokens[i &+ 1].hasSpaceBefore
    }
}

public enum Fixity: Sendable { case prefix, infix, postfix }

/// A comment's byte range and kind.
public struct Comment: Sendable {
    public enum Kind: UInt8, Sendable { case line, docLine, block, docBlock }
    public var kind: Kind
    public var start: Int32
    public var end: Int32
    public var line: Int32
    public init(kind: Kind, start: Int32, end: Int32, line: Int32) {
        self.kind = kind; self.start = start; self.end = end; self.line = line
    }
}

/// What the lexer returns for one file.
public struct LexedSource: Sendable {
    /// Every token, ending with exactly one `.eof`.
    public var tokens: [Token]
    public var comments: [Comment]
    /// Byte offset of the first byte of each line; `lineStarts[0] == 0`.
    public var lineStarts: [Int32]
    public init(tokens: [Token], comments: [Comment], lineStarts: [Int32]) {
        self.tokens = tokens; self.comments = comments; self.lineStarts = lineStarts
    }

    /// Whether whitespace, a comment or the end of the file follows token `i`: the next token's
    /// `.spaceBefore`, and always for the last token before `.eof`.
    @inlinable public func hasSpaceAfter(_ i: Int) -> Bool {
        Token.hasSpaceAfter(i, in: tokens)
    }

    /// Operator fixity of token `i` from whitespace on each side, as the Swift grammar defines it:
    /// space on both sides or neither is binary; space only before is prefix; only after is postfix.
    @inlinable public func fixity(_ i: Int) -> Fixity {
        let before = tokens[i].hasSpaceBefore, after = hasSpaceAfter(i)
        if before == after { return .infix }
        return before ? .prefix : .postfix
    }
}
