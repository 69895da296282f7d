/// One scanned and parsed file: bytes, tokens, bracket matches and declarations, computed once.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A source position. `line` and `column` are 1-based; the column counts characters
/// (extended grapheme clusters, as Swift's `Character`) from the start of the line, so a tab or an
/// emoji counts as one column.
///
/// Stored as two 32-bit numbers (eight bytes): the index keeps a location for every type,
/// property and view construction of the project. Values past the 32-bit range are clamped.
public struct SourceLocation: Hashable, Comparable, Sendable {
    private var storedLine: Int32
    private var storedColumn: Int32
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = SourceLocation.clamp(newValue) }
    }
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = SourceLocation.clamp(newValue) }
    }
    public init(line: Int, column: Int) { storedLine = SourceLocation.clamp(line); storedColumn = SourceLocation.clamp(column) }
    private static func clamp(_ v: Int) -> Int32 { Int32(clamping: v) }
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
    /// Assigned once, by the initializer: reads need no exclusivity check (rules read it for
    /// every declaration they look at, and each check cost a runtime call).
    @exclusivity(unchecked) public private(set) var tree: SourceTree = SourceTree()
    /// Cache behind `bodyAnalysis`.
    var _bodyAnalysis: BodyAnalysis? = nil
    /// Cache behind `location(ofOffset:)` (built on first use, like `bodyAnalysis`).
    var _columns: ColumnIndex? = nil
    /// Cache behind `localNames(in:)`: several rules ask for the same member bodies.
    var _localNames: [Range<Int>: Set<String>] = [:]
    /// Cache behind `memo(_:_:_:)`.
    private var _memo: [MemoKey: Any] = [:]

    /// A key for `memo`: what is computed (a constant string) and for which declaration (a
    /// token index, such as a type's name token).
    public struct MemoKey: Hashable {
        var what: StaticStringKey
        var token: Int
    }

    /// Computes `make()` once per file for `what` and `token`, for facts that several rules ask
    /// of the same declaration (its properties, its members' code). The value must depend only on
    /// the file and on read-only project facts. A file is checked by one thread at a time.
    /// At most `memoLimit` values are kept, so that a file with a hundred thousand types (generated
    /// code) does not hold every type's facts at once; past that, values are computed each time.
    public func memo<T>(_ what: StaticString, _ token: Int, _ make: () -> T) -> T {
        let key = MemoKey(what: StaticStringKey(what), token: token)
        if let cached = _memo[key] as? T { return cached }
        let value = make()
        if _memo.count < SourceFile.memoLimit { _memo[key] = value }
        return value
    }

    public static let memoLimit = 4_096

    /// Test code (`SourceTree.isTestCode`).
    public var isTestCode: Bool { tree.isTestCode }

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

    /// For `#if cond`, `#elseif cond`, `#else` and `#endif` at `i`, the index after the directive
    /// and its condition (which ends with its line; a parenthesised part is skipped whole); nil
    /// for any other token.
    public func conditionalDirectiveEnd(_ i: Int, end: Int) -> Int? {
        guard kind(i) == .poundKeyword else { return nil }
        if isText(i, "#if") || isText(i, "#elseif") {
            let line = tokens[i].line
            var j = i + 1
            while j < end && tokens[j].line == line && kind(j) != .eof {
                if kind(j) == .leftParen, let p = partner(j), p > j { j = p + 1 } else { j += 1 }
            }
            return j
        }
        if isText(i, "#else") || isText(i, "#endif") { return i + 1 }
        return nil
    }

    // MARK: Token text

    @inlinable public func kind(_ i: Int) -> TokenKind { i >= 0 && i < tokens.count ? tokens[i].kind : .eof }
    /// Whether whitespace, a comment or the end of the file follows token `i`.
    @inlinable public func hasSpaceAfter(_ i: Int) -> Bool { Token.hasSpaceAfter(i, in: tokens) }

    /// The token's source text (allocates; prefer `isText` in hot paths).
    public func text(_ i: Int) -> String {
        guard i >= 0, i < tokens.count else { return "" }
        return string(Int(tokens[i].start), Int(tokens[i].end))
    }

    /// The identifier's name without backticks.
    public func name(_ i: Int) -> String {
        guard i >= 0, i < tokens.count else { return "" }
        let (a, b) = nameRange(i)
        return string(a, b)
    }

    /// Whether the identifier's name without backticks is one of `words` (no allocation).
    public func isName(_ i: Int, in words: WordSet) -> Bool {
        guard i >= 0, i < tokens.count else { return false }
        let (a, b) = nameRange(i)
        return words.contains(bytes, a, b)
    }

    /// Whether token `i` begins with an ASCII capital letter, after a backtick if any: a type name
    /// by convention.
    public func beginsWithCapital(_ i: Int) -> Bool {
        guard i >= 0, i < tokens.count else { return false }
        var o = Int(tokens[i].start)
        if o < bytes.count, bytes[o] == UInt8(ascii: "`") { o += 1 }
        guard o < bytes.count else { return false }
        return bytes[o] >= UInt8(ascii: "A") && bytes[o] <= UInt8(ascii: "Z")
    }

    /// The last name of the `.Name` components that follow token `i` and begin with a capital
    /// (`SwiftUI.Text` → `Text`, `Module.Model.init` → `Model`); `i` itself when none follows.
    public func lastCapitalisedComponent(from i: Int) -> Int {
        var j = i
        while kind(j + 1) == .period, kind(j + 2) == .identifier, beginsWithCapital(j + 2) { j += 2 }
        return j
    }

    /// The byte range of token `i`'s name: its text without enclosing backticks. `i` must be a
    /// valid token index.
    @inline(__always) public func nameRange(_ i: Int) -> (Int, Int) {
        var a = Int(tokens[i].start), b = Int(tokens[i].end)
        if b - a >= 2, bytes[a] == UInt8(ascii: "`"), bytes[b - 1] == UInt8(ascii: "`") { a += 1; b -= 1 }
        return (a, b)
    }

    /// `bytes[a..<b]` decoded (names of up to 15 bytes need no heap allocation).
    @inline(__always) private func string(_ a: Int, _ b: Int) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[a..<b]), as: UTF8.self) }
    }

    /// Whether token `i` spells exactly `s` (byte comparison, no allocation). Inlinable: most
    /// tokens asked about differ in length, which the caller then sees without a call.
    @inlinable public func isText(_ i: Int, _ s: StaticString) -> Bool {
        guard i >= 0, i < tokens.count else { return false }
        let t = tokens[i]
        guard Int(t.end - t.start) == s.utf8CodeUnitCount else { return false }
        return bytes(at: Int(t.start), equal: s)
    }

    /// Whether identifier `i`'s name ends with `s` (`FeedState` with `State`), compared as bytes.
    public func nameEnds(_ i: Int, with s: StaticString) -> Bool {
        guard i >= 0, i < tokens.count, kind(i) == .identifier else { return false }
        let (a, b) = nameRange(i)
        let n = s.utf8CodeUnitCount
        return b - a >= n && bytes(at: b - n, equal: s)
    }

    /// Whether the bytes at `offset` spell `s` (the caller checked that they exist).
    @usableFromInline func bytes(at offset: Int, equal s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        return s.withUTF8Buffer { buf in
            var k = 0
            while k < n { if bytes[offset + k] != buf[k] { return false }; k += 1 }
            return true
        }
    }

    /// The word of `words` that token `i` spells, as the set's own string (nothing is decoded).
    @inline(__always) public func word(_ i: Int, in words: WordSet) -> String? {
        guard i >= 0, i < tokens.count else { return nil }
        return words.word(bytes, Int(tokens[i].start), Int(tokens[i].end))
    }

    /// Whether token `i` spells one of `words` (byte comparison, no allocation).
    @inline(__always) public func isText(_ i: Int, in words: WordSet) -> Bool {
        guard i >= 0, i < tokens.count else { return false }
        return words.contains(bytes, Int(tokens[i].start), Int(tokens[i].end))
    }

    /// Whether any identifier token of the file spells `s`: a cheap test that lets a rule skip
    /// files that cannot concern it. Most files do not contain the bytes at all, which `memchr`
    /// finds out fastest (`ByteSearch`: it looks for the word's rarest byte); otherwise one pass
    /// over the tokens, comparing lengths first.
    public func containsIdentifier(_ s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard n > 0, bytesContain(s) else { return false }
        for t in tokens where t.kind == .identifier && Int(t.end - t.start) == n {
            if bytes(at: Int(t.start), equal: s) { return true }
        }
        return false
    }

    /// Whether `s` (not empty) occurs anywhere in the file's bytes (code, comments or strings).
    public func bytesContain(_ s: StaticString) -> Bool {
        s.withUTF8Buffer { word in
            bytes.withUnsafeBufferPointer { ByteSearch.occurs(word, anchor: ByteSearch.anchor(word), in: $0) }
        }
    }

    /// Whether token `i` is an identifier or keyword spelling `s`.
    @inlinable public func isWord(_ i: Int, _ s: StaticString) -> Bool {
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
        // Near the start of a line the column is counted directly; far into a long line it is
        // counted from the nearest checkpoint, kept per line.
        if off - lineStart < 2 * ColumnIndex.checkpointSpacing {
            return SourceLocation(line: lo + 1, column: ColumnIndex.characters(bytes, lineStart, off) + 1)
        }
        if _columns == nil { _columns = ColumnIndex() }
        return SourceLocation(line: lo + 1, column: _columns!.column(line: lo, lineStart: lineStart, offset: off, in: self))
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
        let count = tokens.count
        // The six bracket kinds are consecutive, each opener followed by its closer.
        let firstBracket = TokenKind.leftParen.rawValue
        assert(TokenKind.rightParen.rawValue == firstBracket + 1 && TokenKind.leftBracket.rawValue == firstBracket + 2
               && TokenKind.rightBracket.rawValue == firstBracket + 3 && TokenKind.leftBrace.rawValue == firstBracket + 4
               && TokenKind.rightBrace.rawValue == firstBracket + 5)
        return [Int32](unsafeUninitializedCapacity: count) { match, initialized in
            guard let m = match.baseAddress else { initialized = 0; return }
            m.initialize(repeating: -1, count: count)
            initialized = count
            tokens.withUnsafeBufferPointer { t in
                // The openers still waiting for their closer.
                var stack = RawStack<Int32>(capacity: 64)
                defer { stack.deallocate() }
                for i in 0..<count {
                    let bracket = t[i].kind.rawValue &- firstBracket
                    guard bracket < 6 else { continue }
                    if bracket & 1 == 0 {
                        stack.push(Int32(truncatingIfNeeded: i))
                    } else {
                        let want = t[i].kind.rawValue &- 1
                        // Recover from a mismatched closer: pop to the nearest opener of the same kind
                        // if there is one, else ignore the stray closer.
                        // The search is bounded so that hostile input stays linear.
                        var pos = stack.count &- 1
                        let lowest = max(0, stack.count &- 64)
                        while pos >= lowest && t[Int(stack[pos])].kind.rawValue != want { pos &-= 1 }
                        if pos >= lowest {
                            let open = stack[pos]
                            stack.count = pos
                            m[Int(open)] = Int32(truncatingIfNeeded: i)
                            m[i] = open
                        }
                    }
                }
            }
        }
    }
}

/// A fixed set of words that token text is compared with byte by byte, without creating a
/// `String` for the token. The words are stored back to back in one buffer, sorted by length; a
/// bitmap per length says which first bytes occur, so most lookups end after two loads, and the
/// rest compare against the few words of the same length. Building one costs a few small
/// allocations, so a rule may build one per file from its options.
///
/// The tables live in one class instance: a copy of the set (reading a `static let` set, passing
/// it on) costs one retain, not one per table.
public struct WordSet: Sendable {
    private let table: Table

    private final class Table: @unchecked Sendable {
        /// All words, concatenated in order of length.
        let storage: UnsafeMutablePointer<UInt8>
        /// Offset into `storage` of every word, sorted by length.
        let offsets: UnsafeMutablePointer<Int32>
        /// For each length 0...maxLength: the first index in `offsets` with that length, and
        /// one past the last at `maxLength + 1`.
        let lengthStart: UnsafeMutablePointer<Int32>
        /// For each length: bit `b & 63` is set when a word of that length starts with byte `b`.
        let firstBytes: UnsafeMutablePointer<UInt64>
        /// The words as strings, in the order of `offsets`.
        let strings: [String]

        init(_ sorted: [[UInt8]]) {
            strings = sorted.map { String(decoding: $0, as: UTF8.self) }
            let total = sorted.reduce(0) { $0 + $1.count }
            storage = .allocate(capacity: max(1, total))
            offsets = .allocate(capacity: max(1, sorted.count))
            lengthStart = .allocate(capacity: WordSet.maxLength + 2)
            firstBytes = .allocate(capacity: WordSet.maxLength + 1)
            firstBytes.initialize(repeating: 0, count: WordSet.maxLength + 1)
            var o = 0
            for (k, w) in sorted.enumerated() {
                offsets[k] = Int32(o)
                for c in w { storage[o] = c; o += 1 }
                firstBytes[w.count] |= 1 << UInt64(w[0] & 63)
            }
            // lengthStart[n]: number of words shorter than n.
            var k = 0
            for n in 0...(WordSet.maxLength + 1) {
                while k < sorted.count, sorted[k].count < n { k += 1 }
                lengthStart[n] = Int32(k)
            }
        }

        deinit {
            storage.deallocate(); offsets.deallocate(); lengthStart.deallocate(); firstBytes.deallocate()
        }
    }

    /// The longest word a set holds, in bytes; longer ones are left out of it.
    public static var maxLength: Int { 31 }

    public init(_ words: [String]) {
        let sorted = words.map { Array($0.utf8) }.filter { !$0.isEmpty && $0.count <= WordSet.maxLength }.sorted { $0.count < $1.count }
        table = Table(sorted)
    }

    /// Whether `bytes[start..<end]` is one of the words.
    @inline(__always) public func contains(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Bool {
        position(of: bytes, start, end) != nil
    }

    /// The word that `bytes[start..<end]` spells, as given to `init` (no decoding: the set's
    /// own string is returned), or nil when it is none of them.
    @inline(__always) public func word(_ bytes: [UInt8], _ start: Int, _ end: Int) -> String? {
        position(of: bytes, start, end).map { table.strings[$0] }
    }

    /// The index in `offsets` of the word `bytes[start..<end]` spells.
    @inline(__always) private func position(of bytes: [UInt8], _ start: Int, _ end: Int) -> Int? {
        let n = end - start
        let t = table
        guard n > 0, n <= WordSet.maxLength, start >= 0, end <= bytes.count,
              t.firstBytes[n] & (1 << UInt64(bytes[start] & 63)) != 0 else { return nil }
        var e = Int(t.lengthStart[n])
        let last = Int(t.lengthStart[n + 1])
        return bytes.withUnsafeBufferPointer { b in
            while e < last {
                let o = t.storage + Int(t.offsets[e])
                var k = 0
                while k < n, o[k] == b[start + k] { k += 1 }
                if k == n { return e }
                e += 1
            }
            return nil
        }
    }

    /// Whether `word` is one of the words.
    public func contains(_ word: String) -> Bool {
        let u = Array(word.utf8)
        return contains(u, 0, u.count)
    }
}

/// Column numbers on long lines without counting characters from the start of the line each
/// time: counting starts from the nearest checkpoint, so that reporting many findings on one
/// 20 MB line stays linear. Columns near the start of a line are counted directly
/// (`characters`), which costs no index at all.
final class ColumnIndex {
    /// For long lines: (byte offset, characters before it) at grapheme boundaries.
    private var checkpoints: [Int: [(offset: Int, column: Int)]] = [:]
    static let checkpointSpacing = 1024

    /// The 1-based column (in characters) of `offset` on line index `line`.
    func column(line: Int, lineStart: Int, offset: Int, in file: SourceFile) -> Int {
        if offset - lineStart < 2 * ColumnIndex.checkpointSpacing { return ColumnIndex.characters(file.bytes, lineStart, offset) + 1 }
        if checkpoints[line] == nil { checkpoints[line] = makeCheckpoints(file, line: line, lineStart: lineStart) }
        let marks = checkpoints[line]!
        // The last checkpoint at or before `offset`.
        var lo = 0, hi = marks.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if marks[mid].offset <= offset { lo = mid } else { hi = mid - 1 }
        }
        let mark = marks[lo].offset <= offset ? marks[lo] : (offset: lineStart, column: 0)
        return mark.column + ColumnIndex.characters(file.bytes, mark.offset, offset) + 1
    }

    /// Checkpoints every `checkpointSpacing` bytes or so, each placed between two ASCII bytes
    /// (other than CR LF), where a grapheme boundary is certain.
    private func makeCheckpoints(_ file: SourceFile, line: Int, lineStart: Int) -> [(offset: Int, column: Int)] {
        let b = file.bytes
        let end = line + 1 < file.lineStarts.count ? Int(file.lineStarts[line + 1]) : b.count
        var marks: [(offset: Int, column: Int)] = [(lineStart, 0)]
        var last = lineStart, column = 0
        var p = lineStart + ColumnIndex.checkpointSpacing
        while p < end {
            while p < end, !(b[p - 1] < 0x80 && b[p] < 0x80 && !(b[p - 1] == 13 && b[p] == 10)) { p += 1 }
            guard p < end else { break }
            column += ColumnIndex.characters(b, last, p)
            marks.append((p, column))
            last = p
            p += ColumnIndex.checkpointSpacing
        }
        return marks
    }

    /// The number of characters (grapheme clusters) in `bytes[from..<to]`. Within one line, a
    /// run of ASCII bytes has one character per byte (CR LF, the only two-byte ASCII cluster,
    /// ends a line), so only text with other bytes is decoded.
    static func characters(_ bytes: [UInt8], _ from: Int, _ to: Int) -> Int {
        let allASCII = bytes.withUnsafeBufferPointer { b -> Bool in
            var i = from
            while i + 8 <= to {
                if UnsafeRawPointer(b.baseAddress! + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
                i += 8
            }
            while i < to { if b[i] >= 0x80 { return false }; i += 1 }
            return true
        }
        if allASCII { return to - from }
        return String(decoding: bytes[from..<to], as: UTF8.self).count
    }
}

/// A `StaticString` compared by its address and length (memo keys are string literals).
public struct StaticStringKey: Hashable {
    let address: UInt
    let length: Int
    init(_ s: StaticString) {
        address = s.hasPointerRepresentation ? UInt(bitPattern: s.utf8Start) : UInt(s.unicodeScalar.value)
        length = s.hasPointerRepresentation ? s.utf8CodeUnitCount : -1
    }
}
