/// Short token patterns, matched at a position: `receive(on:` instead of a chain of `kind(i + k)` tests.

/// A short sequence of tokens: `TokenPattern(.word("receive"), .leftParen, .word("on"), .colon)`
/// matches `receive(on:`. Kept in a `static let` and matched with `SourceFile.matches(_:at:)`,
/// it allocates nothing per test.
public struct TokenPattern: Sendable {
    /// One token of a pattern.
    public enum Step: Sendable {
        /// An identifier or keyword spelling the word.
        case word(StaticString)
        /// Any token of the kind.
        case kind(TokenKind)
        /// An identifier or keyword spelling one of the words.
        case anyOf(WordSet)
        /// Any token.
        case any

        public static let identifier = Step.kind(.identifier)
        public static let period = Step.kind(.period)
        public static let colon = Step.kind(.colon)
        public static let leftParen = Step.kind(.leftParen)
        public static let rightParen = Step.kind(.rightParen)
        public static let leftBrace = Step.kind(.leftBrace)
        public static let equal = Step.kind(.equal)
        public static let comma = Step.kind(.comma)
    }

    public let steps: [Step]
    public init(_ steps: Step...) { self.steps = steps }

    /// The number of tokens the pattern spans.
    public var count: Int { steps.count }
}

extension SourceFile {
    /// Whether the tokens from `i` on match `pattern`, step by step.
    public func matches(_ pattern: TokenPattern, at i: Int) -> Bool {
        var k = i
        for step in pattern.steps {
            switch step {
            case .word(let w): guard isWord(k, w) else { return false }
            case .kind(let kind): guard self.kind(k) == kind else { return false }
            case .anyOf(let words):
                let kk = self.kind(k)
                guard kk == .identifier || kk == .keyword, isName(k, in: words) else { return false }
            case .any:
                guard k >= 0, k < tokens.count else { return false }
            }
            k += 1
        }
        return true
    }

    /// Whether the tokens that end at `i` (inclusive) match `pattern`: `matches(pattern, at: i - count + 1)`.
    public func matches(_ pattern: TokenPattern, endingAt i: Int) -> Bool {
        matches(pattern, at: i - pattern.count + 1)
    }
}
