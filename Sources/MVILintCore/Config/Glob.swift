/// Glob patterns for `included` and `excluded`, matched against `/`-separated relative paths.

/// A compiled glob pattern.
///
/// Syntax, per path component (between `/`):
/// - `*` matches any run of characters, `?` exactly one character (neither crosses `/`; both
///   also match a leading `.`, unlike most shells);
/// - `[abc]`, `[a-z]` match one character of the set, `[!abc]` or `[^abc]` one character not in it;
/// - `\` makes the next character literal;
/// - `**` as a whole component matches zero or more components (`**/Generated`, `Sources/**/Mocks`);
///   `**` inside a component (`a**b`) behaves like `*`.
///
/// A leading `./` or `/` and a trailing `/` are ignored: patterns are always relative to the
/// configuration file's directory. Matching is case-sensitive and compares characters (extended
/// grapheme clusters). `matchesPathOrAncestor` also matches everything inside a matching
/// directory, so `Generated` excludes `Generated/Models/User.swift`.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    /// Why a pattern cannot be compiled.
    public struct SyntaxError: Error, Sendable, Equatable {
        public var message: String
    }

    enum Piece: Hashable, Sendable {
        case literal(Character)
        case any           // ?
        case star          // *
        case set([ClosedRange<Character>], negated: Bool)
    }

    enum Component: Hashable, Sendable {
        case globstar
        case pieces([Piece])
    }

    /// The pattern as written.
    public let pattern: String
    let components: [Component]

    public var description: String { pattern }

    public init(_ pattern: String) throws {
        self.pattern = pattern
        var text = Substring(pattern)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        while text.hasPrefix("/") { text = text.dropFirst() }
        while text.count > 1, text.hasSuffix("/"), !text.hasSuffix("\\/") { text = text.dropLast() }
        guard !text.isEmpty else { throw SyntaxError(message: "the pattern is empty") }
        var components: [Component] = []
        for part in Glob.splitComponents(text) {
            if part == "**" {
                if components.last != .globstar { components.append(.globstar) }
            } else if part.isEmpty || part == "." {
                continue
            } else {
                components.append(.pieces(try Glob.compile(part)))
            }
        }
        guard !components.isEmpty else { throw SyntaxError(message: "the pattern names no path") }
        self.components = components
    }

    /// Whether the whole of `relativePath` matches.
    public func matches(_ relativePath: String) -> Bool {
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }.map { Array($0) }
        var memo: [Int: Bool] = [:]
        return match(0, 0, parts, &memo)
    }

    /// Whether `relativePath` or one of its ancestor directories matches.
    public func matchesPathOrAncestor(_ relativePath: String) -> Bool {
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }.map { Array($0) }
        guard !parts.isEmpty else { return false }
        for count in 1...parts.count {
            var memo: [Int: Bool] = [:]
            if match(0, 0, Array(parts[0..<count]), &memo) { return true }
        }
        return false
    }

    // MARK: Matching

    /// Component-level match with `**` backtracking; memoised on (pattern index, path index), so
    /// the cost is at most patterns × components.
    private func match(_ ci: Int, _ pi: Int, _ parts: [[Character]], _ memo: inout [Int: Bool]) -> Bool {
        let key = ci * (parts.count + 1) + pi
        if let known = memo[key] { return known }
        let result: Bool
        if ci == components.count {
            result = pi == parts.count
        } else {
            switch components[ci] {
            case .globstar:
                // Zero components, or consume one and stay on `**`.
                result = match(ci + 1, pi, parts, &memo) || (pi < parts.count && match(ci, pi + 1, parts, &memo))
            case .pieces(let pieces):
                result = pi < parts.count && Glob.matchComponent(pieces, parts[pi]) && match(ci + 1, pi + 1, parts, &memo)
            }
        }
        memo[key] = result
        return result
    }

    /// Wildcard match of one component: iterative, backtracking only to the last `*`, so it is
    /// linear in practice and quadratic at worst.
    static func matchComponent(_ pieces: [Piece], _ name: [Character]) -> Bool {
        var p = 0, n = 0
        var starP = -1, starN = 0
        while n < name.count {
            if p < pieces.count {
                switch pieces[p] {
                case .star:
                    starP = p; starN = n; p += 1
                    continue
                case .any:
                    p += 1; n += 1
                    continue
                case .literal(let c) where c == name[n]:
                    p += 1; n += 1
                    continue
                case .set(let ranges, let negated) where ranges.contains(where: { $0.contains(name[n]) }) != negated:
                    p += 1; n += 1
                    continue
                default:
                    break
                }
            }
            guard starP >= 0 else { return false }
            p = starP + 1
            starN += 1
            n = starN
        }
        while p < pieces.count, pieces[p] == .star { p += 1 }
        return p == pieces.count
    }

    // MARK: Compiling

    /// Splits at `/` that are not escaped.
    static func splitComponents(_ text: Substring) -> [Substring] {
        var parts: [Substring] = []
        var start = text.startIndex
        var i = text.startIndex
        while i < text.endIndex {
            if text[i] == "\\" {
                i = text.index(after: i)
                if i < text.endIndex { i = text.index(after: i) }
                continue
            }
            if text[i] == "/" {
                parts.append(text[start..<i])
                start = text.index(after: i)
            }
            i = text.index(after: i)
        }
        parts.append(text[start...])
        return parts
    }

    static func compile(_ part: Substring) throws -> [Piece] {
        var pieces: [Piece] = []
        let chars = Array(part)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            switch c {
            case "*":
                if pieces.last != .star { pieces.append(.star) }
                i += 1
            case "?":
                pieces.append(.any)
                i += 1
            case "\\":
                guard i + 1 < chars.count else { throw SyntaxError(message: "the pattern ends with an unfinished escape '\\'") }
                pieces.append(.literal(chars[i + 1]))
                i += 2
            case "[":
                var j = i + 1
                var negated = false
                if j < chars.count, chars[j] == "!" || chars[j] == "^" { negated = true; j += 1 }
                var ranges: [ClosedRange<Character>] = []
                var first = true
                while j < chars.count, chars[j] != "]" || first {
                    first = false
                    var lo = chars[j]
                    if lo == "\\", j + 1 < chars.count { j += 1; lo = chars[j] }
                    if j + 2 < chars.count, chars[j + 1] == "-", chars[j + 2] != "]" {
                        let hi = chars[j + 2]
                        guard lo <= hi else { throw SyntaxError(message: "the range '\(lo)-\(hi)' in '[…]' is reversed") }
                        ranges.append(lo...hi)
                        j += 3
                    } else {
                        ranges.append(lo...lo)
                        j += 1
                    }
                }
                guard j < chars.count else { throw SyntaxError(message: "'[' is not closed by ']'") }
                pieces.append(.set(ranges, negated: negated))
                i = j + 1
            default:
                pieces.append(.literal(c))
                i += 1
            }
        }
        return pieces
    }
}
