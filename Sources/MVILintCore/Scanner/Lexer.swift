// One file past 800 lines on purpose: one state machine over file-private tables, read in one place.
/// The hand-written Swift lexer: UTF-8 bytes to tokens, comments and line starts, in one forward pass.
///
/// Guarantees, for any input (invalid UTF-8, NUL bytes, unbalanced nesting, huge lines):
/// it never traps and never recurses; every loop iteration consumes at least one byte; nesting of
/// string interpolation lives on an explicit stack and block-comment nesting in a counter; bytes that
/// form no token become `.unknown` tokens of at least one byte. Work is linear in the input size
/// (the only look-ahead that can fail, for bare `/…/` regex literals, is charged to a budget).
///
/// Choices in ambiguous places:
/// - A keyword after `.` (`.default`, `.init`, `x.self`) is still `.keyword`; the parser decides.
/// - A `?` or `!` that is left-bound (no trivia before it, and the previous token is not `(`, `[`,
///   `{`, `,`, `;`, `:`) is always a single-character postfix operator, as in the Swift compiler:
///   `a?.b`, `x!`, `try?`, and also `a!=b` (`a`, `!`, `=`, `b`) and `f?=1`.
/// - Operators are maximal munch (`>>`, `>=`, `..<`), except that a `?` or `!` never joins a
///   preceding `<` or `>` (`Array<Int>?` gives `>` then `?`), `//` and `/*` always begin a comment,
///   and `.` joins an operator only when the operator starts with `.` (`...`, `..<`, `.==`).
/// - Non-ASCII characters that are well-formed UTF-8 are identifier characters (including emoji and
///   Unicode operator symbols), except the Unicode spaces listed in `isUnicodeSpace`, which are
///   whitespace; a UTF-8 byte-order mark at the start of the file is whitespace.
/// - Comments inside a string interpolation belong to the literal and are not listed in `comments`.
/// - An unterminated block comment runs to the end of the file and sets `.unterminated` on `.eof`.
/// - An extended regex literal `#/` followed by a line break gets `.multiline` as well as `.raw`.
public enum Lexer {
    /// Lexes UTF-8 bytes. The result's tokens end with exactly one `.eof`.
    public static func lex(_ bytes: UnsafeBufferPointer<UInt8>) -> LexedSource {
        var engine = LexerEngine(bytes)
        // Tokens are written straight into the array's storage. When it fills up (dense input),
        // the lexer pauses, the tokens move to an array twice as large, and it resumes there.
        var tokens: [Token] = []
        var capacity = bytes.count / 4 + 16
        while true {
            let previous = tokens
            tokens = Array(unsafeUninitializedCapacity: capacity) { buffer, count in
                previous.withUnsafeBufferPointer { old in
                    if let from = old.baseAddress, let to = buffer.baseAddress, old.count > 0 {
                        to.initialize(from: from, count: old.count)
                    }
                }
                engine.out = buffer
                engine.outCount = previous.count
                engine.resume()
                count = engine.outCount
                engine.out = UnsafeMutableBufferPointer(start: nil, count: 0)
            }
            if engine.finished { break }
            capacity = tokens.count * 2 + 16
        }
        let lineStarts = engine.lineStarts.array()
        engine.lineStarts.deallocate()
        return LexedSource(tokens: tokens, comments: engine.comments, lineStarts: lineStarts)
    }

    /// Lexes UTF-8 bytes held in an array.
    public static func lex(_ bytes: [UInt8]) -> LexedSource {
        bytes.withUnsafeBufferPointer { lex($0) }
    }

    /// Lexes a string's UTF-8 encoding.
    public static func lex(_ string: String) -> LexedSource {
        var copy = string
        return copy.withUTF8 { lex($0) }
    }

    /// The reserved words the lexer reports as `.keyword`. Every other word is an `.identifier`,
    /// including contextual keywords such as `async`, `await`, `some`, `any`, `get`, `set`, `actor`
    /// and `open`, which code may use as names (`@Published var open = false`).
    public static let reservedKeywords: [String] = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
        "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    ]

    /// Whether the bytes spell a reserved keyword (see `reservedKeywords`).
    public static func isReservedKeyword(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        keywordTable.contains(bytes, from: 0, length: bytes.count)
    }

    /// Whether the word is a reserved keyword (see `reservedKeywords`).
    public static func isReservedKeyword(_ word: String) -> Bool {
        var copy = word
        return copy.withUTF8 { isReservedKeyword($0) }
    }

    /// The source text of a token (allocates a `String`; meant for tests and diagnostics).
    public static func tokenText(_ t: Token, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let s = max(0, min(Int(t.start), bytes.count)), e = max(s, min(Int(t.end), bytes.count))
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[s..<e]), as: UTF8.self)
    }

    /// The source text of a token (allocates a `String`; meant for tests and diagnostics).
    public static func tokenText(_ t: Token, in bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { tokenText(t, in: $0) }
    }
}

// MARK: - Lookup tables

/// Bits of the per-byte class table.
private enum CharClass {
    static let identStart: UInt16 = 1 << 0   // a-z A-Z _
    static let identBody: UInt16 = 1 << 1    // identStart, 0-9 and $
    static let digit: UInt16 = 1 << 2        // 0-9
    static let hexDigit: UInt16 = 1 << 3     // 0-9 a-f A-F
    static let op: UInt16 = 1 << 4           // / = - + ! * % < > & | ^ ~ ?
    static let space: UInt16 = 1 << 5        // space, tab, vertical tab, form feed
    static let newline: UInt16 = 1 << 6      // LF, CR
    static let stringStop: UInt16 = 1 << 7   // bytes that interrupt string content: \ " LF CR
    static let codeStop: UInt16 = 1 << 8     // bytes that matter inside an interpolation: ( ) " # / LF CR
    static let invalid: UInt16 = 1 << 9      // ASCII bytes that start no token (controls, DEL, ')
    static let decimalBody: UInt16 = 1 << 10 // 0-9 _
    static let hexBody: UInt16 = 1 << 11     // 0-9 a-f A-F _
}

/// What the main loop does with a token's first byte (`ClassTable.action`). Anything else is
/// `rare`: handled out of line, with the loop's state written back to the engine first.
private enum Action: UInt8 {
    case rare
    /// Space, tab, vertical tab, form feed, LF, CR.
    case whitespace
    /// `a`–`z`, `A`–`Z`, `_`.
    case word
    /// `( ) { } [ ] , : ; @ \`: one byte, whose kind is in `ClassTable.kind`.
    case punctuation
    /// `.`: a period unless `.` or an operator character follows.
    case dot
    /// `=`: an `.equal` token unless an operator character follows (`==`, `=>`).
    case equal
}

/// The 256-entry byte tables, built once and never freed.
private struct ClassTable: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt16>
    /// `Action` of a token's first byte.
    let action: UnsafeMutablePointer<Action>
    /// The token kind of a one-byte punctuation token (`Action.punctuation`).
    let kind: UnsafeMutablePointer<TokenKind>

    init() {
        action = UnsafeMutablePointer<Action>.allocate(capacity: 256)
        action.initialize(repeating: .rare, count: 256)
        kind = UnsafeMutablePointer<TokenKind>.allocate(capacity: 256)
        kind.initialize(repeating: .unknown, count: 256)
        for c in [32, 9, 10, 11, 12, 13] { action[c] = .whitespace }
        for c in UInt8(ascii: "a")...UInt8(ascii: "z") { action[Int(c)] = .word }
        for c in UInt8(ascii: "A")...UInt8(ascii: "Z") { action[Int(c)] = .word }
        action[Int(UInt8(ascii: "_"))] = .word
        action[Int(UInt8(ascii: "."))] = .dot
        action[Int(UInt8(ascii: "="))] = .equal
        let punctuation: [(Unicode.Scalar, TokenKind)] = [
            ("(", .leftParen), (")", .rightParen), ("{", .leftBrace), ("}", .rightBrace),
            ("[", .leftBracket), ("]", .rightBracket), (",", .comma), (":", .colon), (";", .semicolon),
            ("@", .at), ("\\", .backslash),
        ]
        for (c, k) in punctuation {
            let byte = Int(UInt8(ascii: c))
            action[byte] = .punctuation
            kind[byte] = k
        }
        base = UnsafeMutablePointer<UInt16>.allocate(capacity: 256)
        base.initialize(repeating: 0, count: 256)
        func add(_ bytes: String.UTF8View, _ bits: UInt16) {
            for c in bytes { base[Int(c)] |= bits }
        }
        func add(_ range: ClosedRange<UInt8>, _ bits: UInt16) {
            for c in range { base[Int(c)] |= bits }
        }
        add(UInt8(ascii: "a")...UInt8(ascii: "z"), CharClass.identStart | CharClass.identBody)
        add(UInt8(ascii: "A")...UInt8(ascii: "Z"), CharClass.identStart | CharClass.identBody)
        add("_".utf8, CharClass.identStart | CharClass.identBody)
        // `$` continues an identifier (`_$id`, `_$observationRegistrar` from macros); at the start of a
        // token it begins a `.dollarIdentifier` instead.
        add("$".utf8, CharClass.identBody)
        add(UInt8(ascii: "0")...UInt8(ascii: "9"), CharClass.identBody | CharClass.digit | CharClass.hexDigit)
        add(UInt8(ascii: "a")...UInt8(ascii: "f"), CharClass.hexDigit)
        add(UInt8(ascii: "A")...UInt8(ascii: "F"), CharClass.hexDigit)
        add(UInt8(ascii: "0")...UInt8(ascii: "9"), CharClass.decimalBody | CharClass.hexBody)
        add(UInt8(ascii: "a")...UInt8(ascii: "f"), CharClass.hexBody)
        add(UInt8(ascii: "A")...UInt8(ascii: "F"), CharClass.hexBody)
        add("_".utf8, CharClass.decimalBody | CharClass.hexBody)
        add("/=-+!*%<>&|^~?".utf8, CharClass.op)
        add(" \t".utf8, CharClass.space)
        add(11...12, CharClass.space)
        add("\n\r".utf8, CharClass.newline | CharClass.stringStop | CharClass.codeStop)
        add("\\\"".utf8, CharClass.stringStop)
        add("()\"#/".utf8, CharClass.codeStop)
        add(0...8, CharClass.invalid)
        add(14...31, CharClass.invalid)
        add(127...127, CharClass.invalid)
        add("'".utf8, CharClass.invalid)
    }
}

private let classTable = ClassTable()

/// Reserved keywords packed into two little-endian words each, in an open-addressing hash table
/// whose multiplier is chosen at start-up so that no two keywords share a slot (one probe per
/// lookup). A per-first-byte mask of the lengths that occur rejects most identifiers first.
private struct KeywordTable: @unchecked Sendable {
    struct Entry { var lo: UInt64; var hi: UInt64; var length: Int }
    static let slotCount = 256
    /// Bit `L` of `lengthMask[c]` is set when a keyword of length `L` starts with byte `c`.
    let lengthMask: UnsafeMutablePointer<UInt16>
    /// Bit `L` of `edgeMask[edgeIndex(first, last)]` is set when a keyword of length `L` has these
    /// first and last bytes (their low six bits). The lexer's filter: in the benchmark's generated
    /// code, 1 word in 200 that passes it is not a keyword, against 4 in 7 for `lengthMask`.
    let edgeMask: UnsafeMutablePointer<UInt16>
    /// `slotCount` entries; `length == 0` marks an empty slot.
    let slots: UnsafeMutablePointer<Entry>
    let multiplier: UInt64
    /// Every keyword sits in the slot its hash names (the multiplier search succeeded), so one
    /// probe answers; otherwise `probe` defers to `contains`, which follows the linear probing.
    let isPerfect: Bool

    init(_ words: [String]) {
        lengthMask = UnsafeMutablePointer<UInt16>.allocate(capacity: 256)
        lengthMask.initialize(repeating: 0, count: 256)
        edgeMask = UnsafeMutablePointer<UInt16>.allocate(capacity: 4096)
        edgeMask.initialize(repeating: 0, count: 4096)
        slots = UnsafeMutablePointer<Entry>.allocate(capacity: KeywordTable.slotCount)
        slots.initialize(repeating: Entry(lo: 0, hi: 0, length: 0), count: KeywordTable.slotCount)
        var packed: [Entry] = []
        for word in words {
            let w = Array(word.utf8)
            guard w.count >= 1 && w.count <= 15 else { continue }
            let (lo, hi) = w.withUnsafeBufferPointer { KeywordTable.pack($0, from: 0, length: w.count) }
            packed.append(Entry(lo: lo, hi: hi, length: w.count))
            lengthMask[Int(w[0])] |= 1 << UInt16(w.count)
            edgeMask[KeywordTable.edgeIndex(w[0], w[w.count - 1])] |= 1 << UInt16(w.count)
        }
        // Deterministic search for a collision-free multiplier (a few hundred tries are expected).
        var state: UInt64 = 0x243F_6A88_85A3_08D3
        var chosen: UInt64 = 0x9E37_79B9_7F4A_7C15
        var found = false
        var used = [Bool](repeating: false, count: KeywordTable.slotCount)
        search: for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let m = state | 1
            for i in used.indices { used[i] = false }
            for e in packed {
                let slot = KeywordTable.slot(lo: e.lo, length: e.length, multiplier: m)
                if used[slot] { continue search }
                used[slot] = true
            }
            chosen = m
            found = true
            break
        }
        multiplier = chosen
        isPerfect = found
        // Linear probing keeps lookups correct even if no perfect multiplier had been found.
        for e in packed {
            var slot = KeywordTable.slot(lo: e.lo, length: e.length, multiplier: chosen)
            while slots[slot].length != 0 { slot = (slot + 1) & (KeywordTable.slotCount - 1) }
            slots[slot] = e
        }
    }

    @inline(__always) static func edgeIndex(_ first: UInt8, _ last: UInt8) -> Int {
        Int(first & 63) << 6 | Int(last & 63)
    }

    @inline(__always) static func slot(lo: UInt64, length: Int, multiplier: UInt64) -> Int {
        Int(truncatingIfNeeded: ((lo &+ UInt64(length)) &* multiplier) >> 56)
    }

    /// Packs up to 16 bytes into two little-endian words (`length` must be at most 16).
    @inline(__always)
    static func pack(_ b: UnsafeBufferPointer<UInt8>, from start: Int, length: Int) -> (lo: UInt64, hi: UInt64) {
        var lo: UInt64 = 0, hi: UInt64 = 0
        var i = 0
        while i < length && i < 8 { lo |= UInt64(b[start + i]) << UInt64(8 * i); i += 1 }
        while i < length { hi |= UInt64(b[start + i]) << UInt64(8 * (i - 8)); i += 1 }
        return (lo, hi)
    }

    /// The `length` bytes (1 to 15) at `start` packed as `pack` does, with two unaligned loads
    /// masked to the length: the caller guarantees 16 readable bytes from `start`.
    @inline(__always)
    static func load(_ base: UnsafePointer<UInt8>, from start: Int, length: Int) -> (lo: UInt64, hi: UInt64) {
        let raw = UnsafeRawPointer(base + start)
        let bits = 8 * length
        let lo = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            & (length >= 8 ? ~0 : (1 &<< UInt64(bits)) &- 1)
        let hi = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            & (length > 8 ? (1 &<< UInt64(bits &- 64)) &- 1 : 0)
        return (lo, hi)
    }

    /// Whether `b[start..<start+length]` is a keyword, for the lexer: the caller guarantees
    /// `1...15` for `length` and 16 readable bytes from `start`, so the word is two loads.
    func probe(_ b: UnsafeBufferPointer<UInt8>, from start: Int, length: Int) -> Bool {
        guard isPerfect, let base = b.baseAddress else { return contains(b, from: start, length: length) }
        let (lo, hi) = KeywordTable.load(base, from: start, length: length)
        let e = slots[KeywordTable.slot(lo: lo, length: length, multiplier: multiplier)]
        return e.length == length && e.lo == lo && e.hi == hi
    }

    /// Whether `b[start..<start+length]` is a keyword. Out-of-range requests answer false.
    @inline(__always)
    func contains(_ b: UnsafeBufferPointer<UInt8>, from start: Int, length: Int) -> Bool {
        guard length >= 1, length <= 15, start >= 0, start <= b.count - length else { return false }
        guard lengthMask[Int(b[start])] & (1 << UInt16(length)) != 0 else { return false }
        let lo: UInt64, hi: UInt64
        if start <= b.count - 16, let base = b.baseAddress {
            (lo, hi) = KeywordTable.load(base, from: start, length: length)
        } else {
            (lo, hi) = KeywordTable.pack(b, from: start, length: length)
        }
        var slot = KeywordTable.slot(lo: lo, length: length, multiplier: multiplier)
        while true {
            let e = slots[slot]
            if e.length == 0 { return false }
            if e.length == length && e.lo == lo && e.hi == hi { return true }
            slot = (slot + 1) & (KeywordTable.slotCount - 1)
        }
    }
}

private let keywordTable = KeywordTable(Lexer.reservedKeywords)

// MARK: - Engine

/// One frame of the string-literal state stack.
private struct StringFrame {
    /// True for the code inside `\(…)`, false for string content.
    var isCode: Bool
    /// String content: the string is `"""`. Code: the enclosing string is `"""`, so the
    /// interpolation may span lines (the compiler rejects a line break in the interpolation of a
    /// single-line string, even when an outer string is multi-line).
    var multiline: Bool
    /// Number of `#` delimiting the string (raw strings); 0 for code.
    var hashes: Int
    /// Code: unmatched `(` inside this interpolation.
    var depth: Int
}

private struct LexerEngine {
    let b: UnsafeBufferPointer<UInt8>
    let n: Int
    let cls: UnsafeMutablePointer<UInt16>
    let action: UnsafeMutablePointer<Action>
    let kinds: UnsafeMutablePointer<TokenKind>
    let keywords: KeywordTable

    /// The cursor: offset of the next byte to scan.
    var p = 0
    /// Output storage, valid only during `resume()`; `outCount` tokens are written.
    var out = UnsafeMutableBufferPointer<Token>(start: nil, count: 0)
    var outCount = 0
    /// The prelude (byte-order mark, shebang) has been scanned; `.eof` has been written.
    var started = false
    var finished = false
    @inline(__always) var hasLast: Bool { outCount > 0 }
    /// The most recent token; only when `hasLast`.
    @inline(__always) var last: Token { out[outCount - 1] }
    var comments: [Comment] = []
    /// Line starts written so far, copied into an array at the end (`Lexer.lex` frees the buffer).
    var lineStarts: RawStack<Int32>
    /// Current line (1-based) at `p`, and the line where the token being scanned starts.
    var line = 1
    var tokenLine = 1
    /// Trivia seen since the last token, as `.spaceBefore` (any whitespace or comment) and
    /// `.newlineBefore` (a line break, which always comes with `.spaceBefore`) bits. The start of
    /// the file counts as both.
    var pending: UInt8 = TokenFlags.spaceBefore.rawValue | TokenFlags.newlineBefore.rawValue
    @inline(__always) var pendingSpace: Bool { pending & TokenFlags.spaceBefore.rawValue != 0 }
    @inline(__always) var pendingNewline: Bool { pending & TokenFlags.newlineBefore.rawValue != 0 }
    @inline(__always) mutating func noteSpace() { pending |= TokenFlags.spaceBefore.rawValue }
    @inline(__always) mutating func noteNewline() {
        pending |= TokenFlags.spaceBefore.rawValue | TokenFlags.newlineBefore.rawValue
    }
    /// The last token is a postfix `?` or `!`.
    var lastIsPostfix = false
    /// Set when a block comment reaches the end of the file.
    var unterminatedComment = false
    /// Bytes that bare-regex look-ahead may still examine; keeps pathological input linear.
    var regexBudget: Int
    /// Reused state stack for string literals.
    var frames: [StringFrame] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        b = bytes
        n = bytes.count
        cls = classTable.base
        action = classTable.action
        kinds = classTable.kind
        keywords = keywordTable
        regexBudget = bytes.count + 65_536
        lineStarts = RawStack(capacity: bytes.count / 32 + 2)
        lineStarts.push(0)
    }

    // MARK: Cursor helpers

    /// The byte at `i`, or 0 past either end (so look-ahead never traps; callers never treat 0 as EOF).
    @inline(__always) func at(_ i: Int) -> UInt8 {
        UInt(bitPattern: i) < UInt(bitPattern: n) ? b[i] : 0
    }

    @inline(__always) func isClass(_ c: UInt8, _ bits: UInt16) -> Bool {
        cls[Int(c)] & bits != 0
    }

    /// Advances over bytes of the given classes. (The cursor is copied to a local first, so the
    /// loop does not store it back on every byte.)
    @inline(__always) mutating func advance(while bits: UInt16) {
        var q = p
        while q < n && cls[Int(b[q])] & bits != 0 { q += 1 }
        p = q
    }

    /// Advances to the first byte of one of the given classes (or the end).
    @inline(__always) mutating func advance(until bits: UInt16) {
        var q = p
        while q < n && cls[Int(b[q])] & bits == 0 { q += 1 }
        p = q
    }

    /// The 8 bytes at `i` as a little-endian word; the caller guarantees `i + 8 <= n`.
    @inline(__always) func word(at i: Int) -> UInt64 {
        guard let base = b.baseAddress else { return 0 }
        return LexerEngine.word(base, at: i)
    }

    /// The 8 bytes at `base + i` as a little-endian word (for `resume()`, which holds the base).
    @inline(__always) static func word(_ base: UnsafePointer<UInt8>, at i: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
    }

    /// Advances to the next LF or CR (or the end), not consuming it.
    @inline(__always) mutating func advanceToLineEnd() {
        // Eight bytes at a time while no byte can be below 14 (LF and CR are 10 and 13): the
        // classic "has a byte less than n" test, whose rare false positives only cost a byte scan.
        while p + 8 <= n {
            let x = word(at: p)
            if (x &- 0x0E0E_0E0E_0E0E_0E0E) & ~x & 0x8080_8080_8080_8080 != 0 { break }
            p += 8
        }
        while p < n {
            let c = b[p]
            if c == 10 || c == 13 { return }
            p += 1
        }
    }

    /// Whether `count` `#` follow at `i`.
    @inline(__always) func hashesFollow(_ i: Int, _ count: Int) -> Bool {
        var k = 0
        while k < count {
            if at(i + k) != UInt8(ascii: "#") { return false }
            k += 1
        }
        return true
    }

    /// Length of the well-formed UTF-8 sequence of a non-ASCII scalar at `i`, or 0 when the
    /// bytes there are malformed (stray continuation, overlong, surrogate, beyond U+10FFFF, cut off).
    @inline(__always) func utf8Length(at i: Int) -> Int {
        let c = at(i)
        @inline(__always) func cont(_ j: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> Bool {
            guard j < n else { return false }
            let x = b[j]
            return x >= lo && x <= hi
        }
        switch c {
        case 0xC2...0xDF: return cont(i + 1) ? 2 : 0
        case 0xE0: return cont(i + 1, 0xA0) && cont(i + 2) ? 3 : 0
        case 0xED: return cont(i + 1, 0x80, 0x9F) && cont(i + 2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return cont(i + 1) && cont(i + 2) ? 3 : 0
        case 0xF0: return cont(i + 1, 0x90) && cont(i + 2) && cont(i + 3) ? 4 : 0
        case 0xF1...0xF3: return cont(i + 1) && cont(i + 2) && cont(i + 3) ? 4 : 0
        case 0xF4: return cont(i + 1, 0x80, 0x8F) && cont(i + 2) && cont(i + 3) ? 4 : 0
        default: return 0
        }
    }

    /// Whether the well-formed sequence of `length` bytes at `i` is a Unicode space treated as
    /// whitespace: U+00A0, U+1680, U+2000–U+200A, U+202F, U+205F, U+3000, U+FEFF.
    @inline(__always) func isUnicodeSpace(at i: Int, length: Int) -> Bool {
        let c0 = at(i), c1 = at(i + 1), c2 = at(i + 2)
        switch length {
        case 2: return c0 == 0xC2 && c1 == 0xA0
        case 3:
            if c0 == 0xE2 && c1 == 0x80 { return c2 <= 0x8A || c2 == 0xAF }
            if c0 == 0xE2 && c1 == 0x81 { return c2 == 0x9F }
            if c0 == 0xE1 { return c1 == 0x9A && c2 == 0x80 }
            if c0 == 0xE3 { return c1 == 0x80 && c2 == 0x80 }
            if c0 == 0xEF { return c1 == 0xBB && c2 == 0xBF }
            return false
        default: return false
        }
    }

    // MARK: Emission

    /// The offset after the line break at `i` (CR LF counts once). Every byte that ends a line is
    /// consumed through here: by `consumeLineBreak()`, or by `resume()` in whitespace.
    @inline(__always) static func afterLineBreak(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        b[i] == 13 && i &+ 1 < b.count && b[i &+ 1] == 10 ? i &+ 2 : i &+ 1
    }

    /// Consumes the line break at `p` and records where the next line starts.
    @inline(__always) mutating func consumeLineBreak() {
        p = LexerEngine.afterLineBreak(b, p)
        line += 1
        lineStarts.push(Int32(truncatingIfNeeded: p))
    }

    /// Writes the token `start..<p` (starting on `tokenLine`) with the pending trivia flags plus
    /// `extra`. `resume()` guarantees the room: it leaves a token or piece of trivia to this type's
    /// methods only with two free slots, and each writes at most one token.
    /// (`extra` defaults to the raw value, not to `[]`: the array literal costs a release of the
    /// empty array on every token.)
    @inline(__always) mutating func emit(_ kind: TokenKind, from start: Int, _ extra: TokenFlags = TokenFlags(rawValue: 0)) {
        guard outCount < out.count, let tokens = out.baseAddress else { return }
        LexerEngine.write(kind, flags: extra.rawValue | pending, start: start, end: p, line: tokenLine, into: tokens, at: outCount)
        outCount += 1
        pending = 0
        lastIsPostfix = false
    }

    /// Writes a token into the free slot `tokens[count]`.
    @inline(__always) static func write(_ kind: TokenKind, flags: UInt8, start: Int, end: Int, line: Int,
                                        into tokens: UnsafeMutablePointer<Token>, at count: Int) {
        // `Token` is a trivial type, so assigning into the uninitialized slot initializes it.
        tokens[count] = Token(kind: kind, flags: TokenFlags(rawValue: flags), start: Int32(truncatingIfNeeded: start),
                              end: Int32(truncatingIfNeeded: end), line: Int32(truncatingIfNeeded: line))
    }

    /// Records a comment `start..<p` that began on `tokenLine`; it is trivia for the tokens around it.
    @inline(__always) mutating func addComment(_ kind: Comment.Kind, from start: Int) {
        comments.append(Comment(kind: kind, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: p),
                                line: Int32(truncatingIfNeeded: tokenLine)))
        noteSpace()
    }

    // MARK: Driver

    /// Scans until the input is done (then writes `.eof` and sets `finished`) or until `out`
    /// has fewer than two free slots (then returns, to be resumed with more room).
    ///
    /// The common tokens (whitespace, words, one-byte punctuation, a period, `=`) are scanned here, on
    /// local copies of the cursor state, which the compiler keeps in registers. Any other first
    /// byte goes to `lexRare()`, with the state written back before and read again after.
    mutating func resume() {
        if !started {
            guard out.count - outCount >= 2 else { return }
            started = true
            // A UTF-8 byte-order mark is not part of the source text.
            if n >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { p = 3 }
            if at(p) == UInt8(ascii: "#") && at(p + 1) == UInt8(ascii: "!") {
                let start = p
                advanceToLineEnd()
                emit(.shebang, from: start)
            }
        }
        guard let bytes = b.baseAddress, let tokens = out.baseAddress else {
            finish()
            return
        }
        let limit = out.count - 2
        let n = self.n, cls = self.cls, action = self.action, kinds = self.kinds
        var p = self.p, outCount = self.outCount, pending = self.pending, line = self.line
        var lastIsPostfix = self.lastIsPostfix
        while p < n {
            if outCount > limit { break }
            let start = p
            let c = bytes[p]
            var kind: TokenKind
            switch action[Int(c)] {
            case .whitespace:
                pending |= TokenFlags.spaceBefore.rawValue
                while p < n {
                    let c = bytes[p]
                    if c == UInt8(ascii: " ") || c == 9 || c == 11 || c == 12 {
                        p &+= 1
                    } else if c == 10 || c == 13 {
                        p = LexerEngine.afterLineBreak(b, p)
                        line &+= 1
                        lineStarts.push(Int32(truncatingIfNeeded: p))
                        pending |= TokenFlags.newlineBefore.rawValue
                        // Indentation: eight spaces at a time.
                        while p &+ 8 <= n && LexerEngine.word(bytes, at: p) == 0x2020_2020_2020_2020 { p &+= 8 }
                    } else {
                        break
                    }
                }
                continue
            case .word:
                var q = p &+ 1
                // Four bytes per bounds check, then the tail.
                while q &+ 4 <= n {
                    if cls[Int(bytes[q])] & CharClass.identBody == 0 { break }
                    if cls[Int(bytes[q &+ 1])] & CharClass.identBody == 0 { q &+= 1; break }
                    if cls[Int(bytes[q &+ 2])] & CharClass.identBody == 0 { q &+= 2; break }
                    if cls[Int(bytes[q &+ 3])] & CharClass.identBody == 0 { q &+= 3; break }
                    q &+= 4
                }
                while q < n && cls[Int(bytes[q])] & CharClass.identBody != 0 { q &+= 1 }
                if q < n && bytes[q] >= 0x80 { q = identifierBodyEnd(from: q) }
                p = q
                let length = p &- start
                kind = .identifier
                // The first and last bytes and the length rule out most words before the table is consulted.
                if length <= 15 && keywords.edgeMask[KeywordTable.edgeIndex(c, bytes[p &- 1])] & (1 << UInt16(length)) != 0
                    && (start &+ 16 <= n ? keywords.probe(b, from: start, length: length)
                                        : keywords.contains(b, from: start, length: length)) { kind = .keyword }
            case .punctuation:
                p &+= 1
                kind = kinds[Int(c)]
            case .dot where p &+ 1 >= n || (bytes[p &+ 1] != UInt8(ascii: ".") && cls[Int(bytes[p &+ 1])] & CharClass.op == 0):
                p &+= 1
                kind = .period
            case .equal where p &+ 1 >= n || cls[Int(bytes[p &+ 1])] & CharClass.op == 0:
                // As `lexOperator()`: a `.` after it never joins it.
                p &+= 1
                kind = .equal
            default:
                self.p = p; self.outCount = outCount; self.pending = pending; self.line = line
                self.lastIsPostfix = lastIsPostfix
                tokenLine = line
                lexRare()
                p = self.p; outCount = self.outCount; pending = self.pending; line = self.line
                lastIsPostfix = self.lastIsPostfix
                continue
            }
            // As `emit(_:from:)`, on the local state.
            LexerEngine.write(kind, flags: pending, start: start, end: p, line: line, into: tokens, at: outCount)
            outCount &+= 1
            pending = 0
            lastIsPostfix = false
            // One space after a token, the most common trivia, without a trip through the switch.
            if p < n && bytes[p] == UInt8(ascii: " ") {
                pending = TokenFlags.spaceBefore.rawValue
                p &+= 1
            }
        }
        self.p = p; self.outCount = outCount; self.pending = pending; self.line = line
        self.lastIsPostfix = lastIsPostfix
        if p >= n { finish() }
    }

    /// Writes `.eof` once the input is done, if there is room (else `resume()` comes back).
    mutating func finish() {
        guard outCount < out.count else { return }
        var flags = TokenFlags(rawValue: pending)
        if unterminatedComment { flags.insert(.unterminated) }
        p = n
        tokenLine = line
        emit(.eof, from: n, flags)
        finished = true
    }

    /// Scans one token or piece of trivia whose first byte `resume()` leaves to it (see `Action`);
    /// always advances `p`.
    mutating func lexRare() {
        let c = b[p]
        let start = p
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): lexNumber()
        case UInt8(ascii: "\""): lexString(from: start, hashes: 0)
        case UInt8(ascii: "."): lexDot()
        case UInt8(ascii: "/"): lexSlash()
        case UInt8(ascii: "#"): lexPound()
        case UInt8(ascii: "$"):
            p += 1
            skipIdentifierBody()
            emit(.dollarIdentifier, from: start)
        case UInt8(ascii: "`"): lexBacktick()
        case UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"), UInt8(ascii: "*"),
             UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"),
             UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
            lexOperator()
        case 0x80...0xFF: lexNonASCII()
        default: lexUnknown()
        }
    }

    /// A byte >= 0x80 where a token may start: a Unicode space, an identifier, or invalid UTF-8.
    mutating func lexNonASCII() {
        let start = p
        let len = utf8Length(at: p)
        guard len > 0 else { lexUnknown(); return }
        p += len
        if isUnicodeSpace(at: start, length: len) {
            noteSpace()
        } else {
            skipIdentifierBody()
            emit(.identifier, from: start)
        }
    }

    /// A run of bytes that start no token: invalid UTF-8 and stray ASCII controls.
    mutating func lexUnknown() {
        let start = p
        p += 1
        while p < n {
            let c = b[p]
            if c < 0x80 {
                if cls[Int(c)] & CharClass.invalid == 0 { break }
            } else if utf8Length(at: p) != 0 {
                break
            }
            p += 1
        }
        emit(.unknown, from: start)
    }

    // MARK: Words and numbers

    /// Identifier characters: ASCII letters, digits, `_`, and well-formed non-ASCII scalars
    /// other than Unicode spaces.
    @inline(__always) mutating func skipIdentifierBody() {
        p = identifierBodyEnd(from: p)
    }

    /// The end of the identifier characters that start at `q`.
    func identifierBodyEnd(from start: Int) -> Int {
        var q = start
        while q < n {
            let c = b[q]
            if cls[Int(c)] & CharClass.identBody != 0 { q += 1; continue }
            if c >= 0x80 {
                let len = utf8Length(at: q)
                if len > 0 && !isUnicodeSpace(at: q, length: len) { q += len; continue }
            }
            break
        }
        return q
    }

    /// `` `name` ``: up to the next backtick on the same line (Swift also allows raw identifiers
    /// with spaces between backticks). A backtick without a partner is `.unknown`.
    mutating func lexBacktick() {
        let start = p
        var q = p + 1
        while q < n {
            let c = b[q]
            if c == UInt8(ascii: "`") || c == 10 || c == 13 { break }
            q += 1
        }
        if q < n && b[q] == UInt8(ascii: "`") && q > p + 1 {
            p = q + 1
            emit(.identifier, from: start)
        } else {
            p += 1
            emit(.unknown, from: start)
        }
    }

    /// Integer and float literals. A `-` sign is never part of the literal. A `.` starts a fraction
    /// only when a digit follows and the previous token is not `.` (`x.0.1` is two tuple indexes,
    /// `1.description` is a member access). Trailing identifier characters (`12abc`, `0b102`) stay in
    /// the (invalid) literal rather than becoming an identifier.
    mutating func lexNumber() {
        let start = p
        var kind = TokenKind.integerLiteral
        let second = at(p + 1)
        let afterPeriod = hasLast && last.kind == .period
        if b[p] == UInt8(ascii: "0") && second == UInt8(ascii: "x") {
            p += 2
            advance(while: CharClass.hexBody)
            // A hexadecimal fraction is only valid with a binary exponent: `0x1.8p1`;
            // without one (`0xff.description`) the `.` is member access.
            if !afterPeriod && at(p) == UInt8(ascii: ".") && isClass(at(p + 1), CharClass.hexDigit) {
                var q = p + 1
                while q < n && isClass(b[q], CharClass.hexBody) { q += 1 }
                if at(q) == UInt8(ascii: "p") || at(q) == UInt8(ascii: "P") { p = q }
            }
            if at(p) == UInt8(ascii: "p") || at(p) == UInt8(ascii: "P") {
                var q = p + 1
                if at(q) == UInt8(ascii: "+") || at(q) == UInt8(ascii: "-") { q += 1 }
                if isClass(at(q), CharClass.digit) {
                    kind = .floatLiteral
                    p = q
                    advance(while: CharClass.decimalBody)
                }
            }
        } else if b[p] == UInt8(ascii: "0") && (second == UInt8(ascii: "o") || second == UInt8(ascii: "b")) {
            p += 2
            advance(while: CharClass.decimalBody)
        } else {
            advance(while: CharClass.decimalBody)
            if !afterPeriod && at(p) == UInt8(ascii: ".") && isClass(at(p + 1), CharClass.digit) {
                kind = .floatLiteral
                p += 1
                advance(while: CharClass.decimalBody)
            }
            if at(p) == UInt8(ascii: "e") || at(p) == UInt8(ascii: "E") {
                var q = p + 1
                if at(q) == UInt8(ascii: "+") || at(q) == UInt8(ascii: "-") { q += 1 }
                if isClass(at(q), CharClass.digit) {
                    kind = .floatLiteral
                    p = q
                    advance(while: CharClass.decimalBody)
                }
            }
        }
        skipIdentifierBody()
        emit(kind, from: start)
    }

    // MARK: Punctuation-led tokens

    /// `.` alone is a period; `.` followed by `.` or an operator character starts a dot operator.
    mutating func lexDot() {
        let next = at(p + 1)
        let startsComment = next == UInt8(ascii: "/") && (at(p + 2) == UInt8(ascii: "/") || at(p + 2) == UInt8(ascii: "*"))
        if next == UInt8(ascii: ".") || (isClass(next, CharClass.op) && !startsComment) {
            lexOperator()
        } else {
            let start = p
            p += 1
            emit(.period, from: start)
        }
    }

    /// `#"…"#` raw strings, `#/…/#` raw regexes, `#name` pound keywords and macro expansions.
    mutating func lexPound() {
        let start = p
        var h = 0
        while at(p + h) == UInt8(ascii: "#") { h += 1 }
        let after = at(p + h)
        if after == UInt8(ascii: "\"") {
            p += h
            lexString(from: start, hashes: h)
            return
        }
        if after == UInt8(ascii: "/") {
            p += h + 1
            var flags: TokenFlags = .raw
            if scanRawRegexBody(hashes: h, multilineFlag: &flags) == false { flags.insert(.unterminated) }
            emit(.regexLiteral, from: start, flags)
            return
        }
        let startsName = isClass(after, CharClass.identStart)
            || (after >= 0x80 && utf8Length(at: p + h) > 0 && !isUnicodeSpace(at: p + h, length: utf8Length(at: p + h)))
        if h == 1 && startsName {
            p += 1
            skipIdentifierBody()
            emit(.poundKeyword, from: start)
            return
        }
        // Stray `#`s: one token for the run (leaving the last one when a name follows), so long
        // runs stay linear.
        p += (h > 1 && startsName) ? h - 1 : h
        emit(.unknown, from: start)
    }

    /// Consumes a raw regex body after its opening `#…#/`, through the closing `/#…#`.
    /// An extended literal (`#/` then a line break) may span lines; otherwise the literal ends,
    /// unterminated, before the line break. Returns whether it was closed.
    mutating func scanRawRegexBody(hashes h: Int, multilineFlag flags: inout TokenFlags) -> Bool {
        var q = p
        while q < n && (b[q] == UInt8(ascii: " ") || b[q] == 9) { q += 1 }
        let multiline = q < n && (b[q] == 10 || b[q] == 13)
        if multiline { flags.insert(.multiline) }
        while p < n {
            let c = b[p]
            if c == UInt8(ascii: "\\") {
                p += 1
                if p < n && b[p] != 10 && b[p] != 13 { p += 1 }
                continue
            }
            if c == UInt8(ascii: "/") && hashesFollow(p + 1, h) {
                p += 1 + h
                return true
            }
            if c == 10 || c == 13 {
                if !multiline { return false }
                consumeLineBreak()
                continue
            }
            p += 1
        }
        return false
    }

    // MARK: Comments

    /// `//` and `///` (not `////`) to the end of the line, which is left as trivia.
    mutating func lexLineComment() {
        let start = p
        let isDoc = at(p + 2) == UInt8(ascii: "/") && at(p + 3) != UInt8(ascii: "/")
        p += 2
        advanceToLineEnd()
        addComment(isDoc ? .docLine : .line, from: start)
    }

    /// Consumes a (nested) block comment whose `/*` is at `p`. Returns (closed, saw a line break).
    @inline(__always) mutating func skipBlockComment() -> (closed: Bool, newline: Bool) {
        p += 2
        var depth = 1
        var newline = false
        while p < n {
            let c = b[p]
            if c == UInt8(ascii: "*") && at(p + 1) == UInt8(ascii: "/") {
                p += 2
                depth -= 1
                if depth == 0 { return (true, newline) }
            } else if c == UInt8(ascii: "/") && at(p + 1) == UInt8(ascii: "*") {
                p += 2
                depth += 1
            } else if c == 10 || c == 13 {
                newline = true
                consumeLineBreak()
            } else {
                p += 1
            }
        }
        return (false, newline)
    }

    /// `/* … */`, nested; `/**` (not `/**/`, not `/***`) is a doc block. Unterminated: to EOF.
    mutating func lexBlockComment() {
        let start = p
        let third = at(p + 2), fourth = at(p + 3)
        let isDoc = third == UInt8(ascii: "*") && fourth != UInt8(ascii: "*") && fourth != UInt8(ascii: "/")
        let result = skipBlockComment()
        if !result.closed { unterminatedComment = true }
        addComment(isDoc ? .docBlock : .block, from: start)
        if result.newline { noteNewline() }
    }

    // MARK: Operators and regex literals

    mutating func lexSlash() {
        let next = at(p + 1)
        if next == UInt8(ascii: "/") { lexLineComment(); return }
        if next == UInt8(ascii: "*") { lexBlockComment(); return }
        if regexMayStartHere(), let end = bareRegexEnd(from: p) {
            let start = p
            p = end
            emit(.regexLiteral, from: start)
            return
        }
        lexOperator()
    }

    /// Whether a token ending an expression precedes a `?`/`!` at `p` with nothing between.
    @inline(__always) func isLeftBound() -> Bool {
        if pendingSpace || !hasLast { return false }
        switch last.kind {
        case .leftParen, .leftBracket, .leftBrace, .comma, .semicolon, .colon: return false
        default: return true
        }
    }

    /// Maximal munch of operator characters from `p` (see the type's notes for the exceptions).
    mutating func lexOperator() {
        let start = p
        let first = b[p]
        // An editor placeholder (`<#T##Presenter#>`, left in code from a template) is a name, as
        // Swift's lexer reads it: up to `#>` on the same line.
        if first == UInt8(ascii: "<"), at(p + 1) == UInt8(ascii: "#") {
            var q = p + 2
            let limit = min(n, p + 1_024)
            while q + 1 < limit, b[q] != 10, b[q] != 13 {
                if b[q] == UInt8(ascii: "#"), b[q + 1] == UInt8(ascii: ">") {
                    p = q + 2
                    emit(.identifier, from: start)
                    return
                }
                q += 1
            }
        }
        if (first == UInt8(ascii: "?") || first == UInt8(ascii: "!")) && isLeftBound() {
            // Postfix optional chaining / force unwrap: always one character.
            p += 1
            emit(.operator, from: start)
            lastIsPostfix = true
            return
        }
        let dotOperator = first == UInt8(ascii: ".")
        p += 1
        while p < n {
            let c = b[p]
            if c == UInt8(ascii: ".") {
                // `.` may only continue an operator that began with `.`.
                if !dotOperator { break }
            } else if cls[Int(c)] & CharClass.op == 0 {
                break
            } else if c == UInt8(ascii: "/") {
                let d = at(p + 1)
                if d == UInt8(ascii: "/") || d == UInt8(ascii: "*") { break }
            } else if c == UInt8(ascii: "?") || c == UInt8(ascii: "!") {
                let prev = b[p - 1]
                if prev == UInt8(ascii: "<") || prev == UInt8(ascii: ">") { break }
            }
            p += 1
        }
        let length = p - start
        if length == 1 && first == UInt8(ascii: "=") {
            emit(.equal, from: start)
        } else if length == 2 && first == UInt8(ascii: "-") && b[start + 1] == UInt8(ascii: ">") {
            emit(.arrow, from: start)
        } else if length == 1 && dotOperator {
            emit(.period, from: start)
        } else {
            emit(.operator, from: start)
        }
    }

    /// Whether the keyword token ends an expression (`self`, `true`, `nil`…, or any keyword used
    /// as a member name after `.`), so a following `/` is division.
    func keywordEndsExpression(_ t: Token) -> Bool {
        // The token before `t` (which is `last`) is still in the output.
        if outCount >= 2, out[outCount - 2].kind == .period, out[outCount - 2].end == t.start { return true }
        let s = Int(t.start), len = Int(t.end) - Int(t.start)
        for word in LexerEngine.expressionKeywords where word.count == len {
            var i = 0
            while i < len && at(s + i) == word[i] { i += 1 }
            if i == len { return true }
        }
        return false
    }

    static let expressionKeywords: [[UInt8]] = ["self", "Self", "super", "true", "false", "nil", "init", "Any"].map { Array($0.utf8) }

    /// Where a bare `/` may open a regex literal, following the regex-literal proposal (SE-0354):
    /// a `/…/` literal is read where an expression may start. Decision table (first matching row
    /// wins):
    ///
    /// | condition                                                        | `/` is                    |
    /// |------------------------------------------------------------------|---------------------------|
    /// | `//` or `/*`                                                     | a comment (handled before) |
    /// | followed by space, tab, line break or end of file                | an operator               |
    /// | look-ahead budget exhausted (pathological input)                 | an operator               |
    /// | after `func` or `operator` (`static func /(…)`, `infix operator /^/`) | an operator          |
    /// | first token of the file, or after a shebang                      | a regex candidate         |
    /// | after `(` `[` `{` `,` `:` `;` `=` `->`                           | a regex candidate         |
    /// | after an operator that is not a postfix `?`/`!`                  | a regex candidate         |
    /// | after `try?` or `try!` (an expression follows them, never a binary operator) | a regex candidate |
    /// | after a keyword other than `self Self super true false nil init Any` and not after `.` (`return`, `case`, `in`, `where`, `try`…) | a regex candidate |
    /// | trivia before it and none after its operator characters (`operatorIsRightBound`): a prefix `/`, which Swift does not define, so a literal (at the start of a line, after `await`, in a result builder) | a regex candidate |
    /// | anything else (identifier, literal, `)`, `]`, `$0`, `.`, `@`… with nothing between) | an operator |
    ///
    /// A candidate is a regex only if `bareRegexEnd` finds its end.
    mutating func regexMayStartHere() -> Bool {
        let next = at(p + 1)
        if p + 1 >= n || next == UInt8(ascii: " ") || next == 9 || next == 10 || next == 13 { return false }
        if regexBudget <= 0 { return false }
        guard hasLast else { return true }
        switch last.kind {
        case .leftParen, .leftBracket, .leftBrace, .comma, .colon, .semicolon, .equal, .arrow, .shebang:
            return true
        case .operator:
            if !lastIsPostfix || followsTry(last) { return true }
        case .keyword:
            if isKeyword(last, "func") || isKeyword(last, "operator") { return false }
            if !keywordEndsExpression(last) { return true }
        default:
            break
        }
        return pendingSpace && operatorIsRightBound(from: p)
    }

    /// Whether the postfix `?` or `!` token `t` (the last one written) directly follows `try`.
    func followsTry(_ t: Token) -> Bool {
        guard outCount >= 2 else { return false }
        let before = out[outCount - 2]
        return before.kind == .keyword && before.end == t.start && isKeyword(before, "try")
    }

    /// Whether token `t` spells the keyword `word`.
    func isKeyword(_ t: Token, _ word: StaticString) -> Bool {
        let s = Int(t.start), len = Int(t.end) - Int(t.start)
        guard len == word.utf8CodeUnitCount else { return false }
        var i = 0
        while i < len && at(s + i) == word.utf8Start[i] { i += 1 }
        return i == len
    }

    /// Whether the operator that `lexOperator()` would read from `s` is bound to what follows it,
    /// as Swift defines it: not followed by whitespace, the end of the file, a closing bracket,
    /// `,`, `;`, `:` or a comment. (`x /= a/(b)`: the `/=` has space on both sides, a binary operator.)
    /// The bytes looked at are charged to `regexBudget`.
    mutating func operatorIsRightBound(from s: Int) -> Bool {
        var q = s + 1
        while q < n {
            let c = b[q]
            if c == UInt8(ascii: ".") || cls[Int(c)] & CharClass.op == 0 { break }
            if c == UInt8(ascii: "/") && (at(q + 1) == UInt8(ascii: "/") || at(q + 1) == UInt8(ascii: "*")) { break }
            if (c == UInt8(ascii: "?") || c == UInt8(ascii: "!")) && (b[q - 1] == UInt8(ascii: "<") || b[q - 1] == UInt8(ascii: ">")) { break }
            q += 1
        }
        regexBudget -= q - s
        guard q < n else { return false }
        switch b[q] {
        case UInt8(ascii: " "), 9, 10, 11, 12, 13, UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"),
             UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
            return false
        case UInt8(ascii: "/"):
            return at(q + 1) != UInt8(ascii: "/") && at(q + 1) != UInt8(ascii: "*")
        default:
            return true
        }
    }

    /// The end (after the closing `/`) of a bare regex literal opening at `s`, or nil. The literal
    /// must close on the same line; `\` escapes the next byte; `/` inside `[…]` (nestable) does not
    /// close it; it is rejected when it contains an unbalanced `)` (as in `(a /b) / c`), when the
    /// closing `/` follows a space or tab, or when an identifier character or digit directly
    /// follows the closing `/` (both read as division). Costs are charged to `regexBudget`.
    mutating func bareRegexEnd(from s: Int) -> Int? {
        var q = s + 1
        var classDepth = 0
        var parenDepth = 0
        var result: Int? = nil
        scan: while q < n {
            let c = b[q]
            switch c {
            case 10, 13:
                break scan
            case UInt8(ascii: "\\"):
                let d = at(q + 1)
                if q + 1 >= n || d == 10 || d == 13 { break scan }
                q += 2
                continue scan
            case UInt8(ascii: "["):
                classDepth += 1
                // `]` right after `[` or `[^` is a literal bracket.
                if at(q + 1) == UInt8(ascii: "^") { q += 1 }
                if at(q + 1) == UInt8(ascii: "]") { q += 1 }
            case UInt8(ascii: "]"):
                if classDepth > 0 { classDepth -= 1 }
            case UInt8(ascii: "("):
                if classDepth == 0 { parenDepth += 1 }
            case UInt8(ascii: ")"):
                if classDepth == 0 {
                    if parenDepth == 0 { break scan }
                    parenDepth -= 1
                }
            case UInt8(ascii: "/"):
                if classDepth == 0 {
                    let before = b[q - 1]
                    if before == UInt8(ascii: " ") || before == 9 { break scan }
                    let after = at(q + 1)
                    if q + 1 < n && (isClass(after, CharClass.identBody) || after >= 0x80) { break scan }
                    result = q + 1
                    break scan
                }
            default:
                break
            }
            q += 1
        }
        regexBudget -= (q - s) + 1
        return result
    }

    // MARK: Strings

    /// A string literal whose opening quote is at `p` (after `hashes` `#`, which start at `start`),
    /// with every interpolation, to any depth, in one token.
    mutating func lexString(from start: Int, hashes: Int) {
        var flags: TokenFlags = hashes > 0 ? .raw : []
        let multiline = openQuote(hashes: hashes)
        if multiline { flags.insert(.multiline) }
        if !multiline && hashes == 0 {
            // Fast path for the common plain "…" literal: no state stack until an interpolation.
            while true {
                advance(until: CharClass.stringStop)
                if p >= n || b[p] == 10 || b[p] == 13 {
                    emit(.stringLiteral, from: start, .unterminated)
                    return
                }
                if b[p] == UInt8(ascii: "\"") {
                    p += 1
                    emit(.stringLiteral, from: start)
                    return
                }
                // A backslash: an interpolation switches to the general scanner below.
                if at(p + 1) == UInt8(ascii: "(") { break }
                p += 1
                if p < n && b[p] != 10 && b[p] != 13 { p += 1 }
            }
        }
        frames.removeAll(keepingCapacity: true)
        frames.append(StringFrame(isCode: false, multiline: multiline, hashes: hashes, depth: 0))
        outer: while let top = frames.last {
            if p >= n {
                flags.insert(.unterminated)
                break
            }
            let topIndex = frames.count - 1
            if !top.isCode {
                advance(until: CharClass.stringStop)
                if p >= n { continue outer }
                let c = b[p]
                if c == UInt8(ascii: "\\") {
                    if hashesFollow(p + 1, top.hashes) {
                        let q = p + 1 + top.hashes
                        if at(q) == UInt8(ascii: "(") {
                            p = q + 1
                            flags.insert(.interpolated)
                            frames.append(StringFrame(isCode: true, multiline: top.multiline, hashes: 0, depth: 0))
                            continue outer
                        }
                        p = q
                        // The escaped character (a line break is left for the checks below).
                        if p < n && b[p] != 10 && b[p] != 13 { p += 1 }
                    } else {
                        p += 1 // a backslash in a raw string without enough `#`: plain text
                    }
                } else if c == UInt8(ascii: "\"") {
                    if top.multiline {
                        if at(p + 1) == UInt8(ascii: "\"") && at(p + 2) == UInt8(ascii: "\"") && hashesFollow(p + 3, top.hashes) {
                            p += 3 + top.hashes
                            frames.removeLast()
                        } else {
                            p += 1
                        }
                    } else if hashesFollow(p + 1, top.hashes) {
                        p += 1 + top.hashes
                        frames.removeLast()
                    } else {
                        p += 1
                    }
                } else if top.multiline {
                    consumeLineBreak() // a line break inside `"""`
                } else {
                    // A single-line string ends, unterminated, before the line break; so does
                    // the whole literal it is part of.
                    flags.insert(.unterminated)
                    break outer
                }
            } else {
                advance(until: CharClass.codeStop)
                if p >= n { continue outer }
                let c = b[p]
                switch c {
                case UInt8(ascii: "("):
                    frames[topIndex].depth += 1
                    p += 1
                case UInt8(ascii: ")"):
                    if top.depth == 0 { frames.removeLast() } else { frames[topIndex].depth -= 1 }
                    p += 1
                case UInt8(ascii: "\""):
                    let ml = openQuote()
                    frames.append(StringFrame(isCode: false, multiline: ml, hashes: 0, depth: 0))
                case UInt8(ascii: "#"):
                    var h = 0
                    while at(p + h) == UInt8(ascii: "#") { h += 1 }
                    let after = at(p + h)
                    if after == UInt8(ascii: "\"") {
                        p += h
                        let ml = openQuote(hashes: h)
                        frames.append(StringFrame(isCode: false, multiline: ml, hashes: h, depth: 0))
                    } else if after == UInt8(ascii: "/") {
                        p += h + 1
                        var ignored: TokenFlags = []
                        _ = scanRawRegexBody(hashes: h, multilineFlag: &ignored)
                    } else {
                        p += h
                    }
                case UInt8(ascii: "/"):
                    let d = at(p + 1)
                    if d == UInt8(ascii: "/") {
                        p += 2
                        advanceToLineEnd()
                    } else if d == UInt8(ascii: "*") {
                        _ = skipBlockComment()
                    } else if interpolationRegexMayStartHere(), let end = bareRegexEnd(from: p) {
                        p = end
                    } else {
                        p += 1
                    }
                default: // LF or CR
                    if top.multiline {
                        consumeLineBreak()
                    } else {
                        flags.insert(.unterminated)
                        break outer
                    }
                }
            }
        }
        frames.removeAll(keepingCapacity: true)
        emit(.stringLiteral, from: start, flags)
    }

    /// Consumes `"` or `"""` at `p`; returns whether it was `"""`. After `hashes` `#` (a raw
    /// string), `"""` opens a multi-line literal only when no `"` followed by as many `#` comes
    /// later on the same line: as Swift reads it, `#"""#` is a one-line string holding a quote,
    /// and `#"""a"#` one holding `""a`.
    @inline(__always) mutating func openQuote(hashes: Int = 0) -> Bool {
        if at(p + 1) == UInt8(ascii: "\"") && at(p + 2) == UInt8(ascii: "\"") {
            if hashes > 0 && rawStringClosesOnLine(from: p + 3, hashes: hashes) {
                p += 1
                return false
            }
            p += 3
            return true
        }
        p += 1
        return false
    }

    /// Whether a `"` followed by `hashes` `#` comes before the end of the line, from `s` (right
    /// after a raw string's `"""`), or the `#`s follow at once (`#"""#`). The bytes looked at
    /// become part of the string, one-line or multi-line, so lexing stays linear.
    func rawStringClosesOnLine(from s: Int, hashes: Int) -> Bool {
        if hashesFollow(s, hashes) { return true }
        var q = s
        while q < n && b[q] != 10 && b[q] != 13 {
            if b[q] == UInt8(ascii: "\"") && hashesFollow(q + 1, hashes) { return true }
            q += 1
        }
        return false
    }

    /// Inside an interpolation no tokens exist, so the bytes before a `/` at `p` stand for the
    /// previous token: it may open a regex (as `regexMayStartHere` decides outside) when a
    /// non-blank byte follows and the previous non-blank byte is one of `( [ { , : ; =`, or it is
    /// the `?` or `!` of `try?` or `try!`, or blanks come before the `/` and its operator is bound
    /// to what follows (`"\(await /x/.first(in: s))"`).
    mutating func interpolationRegexMayStartHere() -> Bool {
        let next = at(p + 1)
        if p + 1 >= n || next == UInt8(ascii: " ") || next == 9 || next == 10 || next == 13 { return false }
        if regexBudget <= 0 { return false }
        var q = p - 1
        while q >= 0 && (b[q] == UInt8(ascii: " ") || b[q] == 9 || b[q] == 10 || b[q] == 13) { q -= 1 }
        guard q >= 0 else { return false }
        switch b[q] {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","),
             UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "="):
            return true
        case UInt8(ascii: "?"), UInt8(ascii: "!"):
            if q >= 3, b[q - 3] == UInt8(ascii: "t"), b[q - 2] == UInt8(ascii: "r"), b[q - 1] == UInt8(ascii: "y"),
               q == 3 || !isClass(b[q - 4], CharClass.identBody) {
                return true
            }
        default:
            break
        }
        return q < p - 1 && operatorIsRightBound(from: p)
    }
}
