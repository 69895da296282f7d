/// Table tests of the lexer: token kinds and texts, flags, lines, and robustness on hostile input.
import XCTest
@testable import MVILintCore

final class LexerTests: XCTestCase {
    private typealias Tok = (kind: TokenKind, text: String)

    /// One table row: a source and the tokens it lexes to (without the final `.eof`).
    private struct Case {
        let source: String
        let expected: [Tok]
        let line: UInt
        init(_ source: String, _ expected: [Tok], line: UInt = #line) {
            self.source = source
            self.expected = expected
            self.line = line
        }
    }

    // MARK: Token shorthands

    private func id(_ s: String) -> Tok { (.identifier, s) }
    private func kw(_ s: String) -> Tok { (.keyword, s) }
    private func op(_ s: String) -> Tok { (.operator, s) }
    private func int(_ s: String) -> Tok { (.integerLiteral, s) }
    private func flt(_ s: String) -> Tok { (.floatLiteral, s) }
    private func str(_ s: String) -> Tok { (.stringLiteral, s) }
    private func rx(_ s: String) -> Tok { (.regexLiteral, s) }
    private func pk(_ s: String) -> Tok { (.poundKeyword, s) }
    private func dol(_ s: String) -> Tok { (.dollarIdentifier, s) }
    private func unk(_ s: String) -> Tok { (.unknown, s) }
    private var lp: Tok { (.leftParen, "(") }
    private var rp: Tok { (.rightParen, ")") }
    private var lk: Tok { (.leftBracket, "[") }
    private var rk: Tok { (.rightBracket, "]") }
    private var lb: Tok { (.leftBrace, "{") }
    private var rb: Tok { (.rightBrace, "}") }
    private var comma: Tok { (.comma, ",") }
    private var colon: Tok { (.colon, ":") }
    private var semi: Tok { (.semicolon, ";") }
    private var dot: Tok { (.period, ".") }
    private var eq: Tok { (.equal, "=") }
    private var arrow: Tok { (.arrow, "->") }
    private var at: Tok { (.at, "@") }
    private var bs: Tok { (.backslash, "\\") }

    // MARK: Helpers

    private func toks(_ source: String) -> [Tok] {
        let bytes = Array(source.utf8)
        let lexed = Lexer.lex(bytes)
        return lexed.tokens.dropLast().map { ($0.kind, Lexer.tokenText($0, in: bytes)) }
    }

    private func describe(_ ts: [Tok]) -> String {
        ts.map { "\($0.kind)(\($0.text.debugDescription))" }.joined(separator: " ")
    }

    private func check(_ cases: [Case], file: StaticString = #filePath) {
        for c in cases {
            let got = toks(c.source)
            let same = got.count == c.expected.count
                && zip(got, c.expected).allSatisfy { $0.kind == $1.kind && $0.text == $1.text }
            if !same {
                XCTFail("\(c.source.debugDescription)\n got: \(describe(got))\nwant: \(describe(c.expected))",
                        file: file, line: c.line)
            }
        }
    }

    /// The single token of `source` (fails unless there is exactly one besides `.eof`).
    private func only(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> Token? {
        let lexed = Lexer.lex(source)
        guard lexed.tokens.count == 2 else {
            XCTFail("expected one token in \(source.debugDescription), got \(describe(toks(source)))", file: file, line: line)
            return nil
        }
        return lexed.tokens[0]
    }

    /// Structural invariants every lexing result must satisfy, whatever the input.
    private func assertInvariants(_ bytes: [UInt8], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let lexed = Lexer.lex(bytes)
        let n = bytes.count
        func fail(_ message: String) { XCTFail("\(label): \(message)", file: file, line: line) }
        guard let last = lexed.tokens.last, last.kind == .eof, last.start == Int32(n), last.end == Int32(n) else {
            return fail("missing or misplaced eof")
        }
        guard lexed.tokens.filter({ $0.kind == .eof }).count == 1 else { return fail("more than one eof") }
        var expectedStarts: [Int32] = [0]
        var i = 0
        while i < n {
            if bytes[i] == 13 && i + 1 < n && bytes[i + 1] == 10 { i += 1 }
            if bytes[i] == 10 || bytes[i] == 13 { expectedStarts.append(Int32(i + 1)) }
            i += 1
        }
        let ls = lexed.lineStarts
        guard ls == expectedStarts else { return fail("lineStarts differ from the line breaks in the input") }
        func lineOf(_ offset: Int32) -> Int32 {
            var lo = 0, hi = ls.count // first index with ls[i] > offset
            while lo < hi { let mid = (lo + hi) / 2; if ls[mid] <= offset { lo = mid + 1 } else { hi = mid } }
            return Int32(lo)
        }
        var covered = [Bool](repeating: false, count: n)
        var prevEnd: Int32 = 0
        for (i, t) in lexed.tokens.dropLast().enumerated() {
            guard t.start >= prevEnd, t.end > t.start, t.end <= Int32(n) else {
                return fail("token \(i) \(t.kind) \(t.start)..<\(t.end) overlaps, is empty or out of bounds")
            }
            guard t.line == lineOf(t.start) else { return fail("token \(i) has line \(t.line), expected \(lineOf(t.start))") }
            for o in Int(t.start)..<Int(t.end) { covered[o] = true }
            prevEnd = t.end
        }
        guard last.line == lineOf(Int32(n)) else { return fail("eof line") }
        // Spacing flags agree on both sides of every piece of trivia; a line break implies space.
        let ts = lexed.tokens
        for i in 0..<ts.count {
            if ts[i].isAtLineStart && !ts[i].hasSpaceBefore { return fail("token \(i): newline without space") }
            // Trivia after a token is a gap before the next one (or the end of the file).
            if i + 1 < ts.count && lexed.hasSpaceAfter(i) != (i + 2 == ts.count || ts[i + 1].start > ts[i].end) {
                return fail("token \(i): hasSpaceAfter disagrees with the gap after the token")
            }
            if i + 1 < ts.count && ts[i + 1].hasSpaceBefore != (ts[i + 1].start > ts[i].end) {
                return fail("token \(i + 1): spaceBefore disagrees with the gap before the token")
            }
        }
        if ts.count >= 2 && !lexed.hasSpaceAfter(ts.count - 2) { return fail("last token lacks space after") }
        var prevComment: Int32 = 0
        for c in lexed.comments {
            guard c.start >= prevComment, c.end > c.start, c.end <= Int32(n), c.line == lineOf(c.start) else {
                return fail("bad comment \(c.start)..<\(c.end)")
            }
            for o in Int(c.start)..<Int(c.end) {
                if covered[o] { return fail("comment overlaps a token at \(o)") }
                covered[o] = true
            }
            prevComment = c.end
        }
        // What is neither token nor comment is whitespace (ASCII, or a Unicode space / BOM).
        for o in 0..<n where !covered[o] {
            let c = bytes[o]
            if !(c == 32 || c == 9 || c == 10 || c == 13 || c == 11 || c == 12 || c >= 0x80) {
                return fail("byte \(c) at \(o) belongs to no token")
            }
        }
    }

    // MARK: Words

    func testIdentifiersKeywordsAndContextualWords() {
        check([
            Case("let x = 1", [kw("let"), id("x"), eq, int("1")]),
            Case("_ _x x1 café naïve Δt", [id("_"), id("_x"), id("x1"), id("café"), id("naïve"), id("Δt")]),
            Case("x.self .init .default Self.self", [id("x"), dot, kw("self"), dot, kw("init"), dot, kw("default"), kw("Self"), dot, kw("self")]),
            Case("`class` `default`.x `some name`", [id("`class`"), id("`default`"), dot, id("x"), id("`some name`")]),
            Case("`` x", [unk("`"), unk("`"), id("x")]),
            Case("`a` `b", [id("`a`"), unk("`"), id("b")]),
            Case("$0 $1 $name $ $_x", [dol("$0"), dol("$1"), dol("$name"), dol("$"), dol("$_x")]),
            Case("$binding.wrappedValue", [dol("$binding"), dot, id("wrappedValue")]),
            Case("letter classy selfish", [id("letter"), id("classy"), id("selfish")]),
        ])
        let contextual = "async await get set some any actor open nonisolated mutating nonmutating override final lazy weak unowned convenience required dynamic willSet didSet consuming borrowing macro package indirect optional prefix postfix infix each isolated sending"
        check([Case(contextual, contextual.split(separator: " ").map { id(String($0)) })])
        for word in Lexer.reservedKeywords {
            check([Case(word, [kw(word)])])
            XCTAssertTrue(Lexer.isReservedKeyword(word), word)
        }
        XCTAssertFalse(Lexer.isReservedKeyword("async"))
        XCTAssertFalse(Lexer.isReservedKeyword("Int"))
        // A word with 16 bytes after its start is looked up with two word loads, one near the
        // end of the file byte by byte: both paths, keywords and words that share a keyword's
        // length and first and last bytes.
        let padding = " padding_padding_padding"
        let nearMisses = ["clads", "sulf", "Sulf", "vor", "lat", "tey", "nal", "fanc", "erse", "deftr", "inot", "Ary", "ag", "superr", "selfé", "classé", "self_", "var1"]
        for word in Lexer.reservedKeywords + nearMisses {
            let expected = Lexer.reservedKeywords.contains(word) ? kw(word) : id(word)
            check([Case(word + padding, [expected, id("padding_padding_padding")]),
                   Case("x " + word, [id("x"), expected]),
                   Case("(" + word + ")" + padding, [lp, expected, rp, id("padding_padding_padding")])])
        }
        XCTAssertFalse(Lexer.isReservedKeyword(""))
        XCTAssertFalse(Lexer.isReservedKeyword("precedencegroups"))
    }

    // MARK: Numbers

    func testNumbers() {
        check([
            Case("0 42 1_000 0xFF 0x1p-2 0x1.8p1 0o17 0b1010", [int("0"), int("42"), int("1_000"), int("0xFF"), flt("0x1p-2"), flt("0x1.8p1"), int("0o17"), int("0b1010")]),
            Case("3.14 1e10 1.5E-3 2e+4 1_0.0_1", [flt("3.14"), flt("1e10"), flt("1.5E-3"), flt("2e+4"), flt("1_0.0_1")]),
            Case("1.description", [int("1"), dot, id("description")]),
            Case("0xff.description", [int("0xff"), dot, id("description")]),
            Case("1.5.rounded()", [flt("1.5"), dot, id("rounded"), lp, rp]),
            Case("x.0.1", [id("x"), dot, int("0"), dot, int("1")]),
            Case("-1 - 2", [op("-"), int("1"), op("-"), int("2")]),
            Case("1...5 1..<5", [int("1"), op("..."), int("5"), int("1"), op("..<"), int("5")]),
            Case("12abc 0b102 0x", [int("12abc"), int("0b102"), int("0x")]),
            Case(".5", [dot, int("5")]),
        ])
    }

    // MARK: Strings

    func testStringForms() {
        check([
            Case(#""abc" "" "a\"b\\" "\u{1F600}""#, [str(#""abc""#), str(#""""#), str(#""a\"b\\""#), str(#""\u{1F600}""#)]),
            Case(#""" + """#, [str(#""""#), op("+"), str(#""""#)]),
            Case(##"#"a"b"# + 1"##, [str(##"#"a"b"#"##), op("+"), int("1")]),
            Case(###"##"a"#b"##"###, [str(###"##"a"#b"##"###)]),
            Case(##"#"\(x) \#(y)"#"##, [str(##"#"\(x) \#(y)"#"##)]),
            Case("\"\"\"\nabc \"quoted\" \"\"\n\"\"\"", [str("\"\"\"\nabc \"quoted\" \"\"\n\"\"\"")]),
            Case("#\"\"\"\na\"\"\"b\n\"\"\"#", [str("#\"\"\"\na\"\"\"b\n\"\"\"#")]),
            // A raw `"""` whose closing `"#` is on the same line opens a one-line string.
            Case(####"x.replacing(#"""#, with: #"\""#)"####, [id("x"), dot, id("replacing"), lp, str(####"#"""#"####), comma, id("with"), colon, str(####"#"\""#"####), rp]),
            Case(####"#"""a "b" c"# + 1"####, [str(####"#"""a "b" c"#"####), op("+"), int("1")]),
            Case(####"##"""#"## ##"""x"##"####, [str(####"##"""#"##"####), str(####"##"""x"##"####)]),
            Case("#\"\"\" a\"\nb\n\"\"\"#", [str("#\"\"\" a\"\nb\n\"\"\"#")]),
            Case(#"x = "a" + "b""#, [id("x"), eq, str(#""a""#), op("+"), str(#""b""#)]),
        ])
        XCTAssertEqual(only(#""abc""#)?.flags.contains(.raw), false)
        XCTAssertEqual(only(##"#"abc"#"##)?.flags.contains(.raw), true)
        XCTAssertEqual(only("\"\"\"\nx\n\"\"\"")?.flags.contains(.multiline), true)
        XCTAssertEqual(only(#""abc""#)?.flags.contains(.multiline), false)
        XCTAssertEqual(only(##"#"\(x)"#"##)?.flags.contains(.interpolated), false)
        XCTAssertEqual(only(##"#"\#(x)"#"##)?.flags.contains(.interpolated), true)
        XCTAssertEqual(only(#""\(x)""#)?.flags.contains(.interpolated), true)
    }

    func testInterpolation() {
        let cases: [String] = [
            #""\(items.map { "\($0)" }.joined())""#,
            #""\(a ? "(" : ")")""#,
            #""\(f(g(1), "x)"))""#,
            #""\("\("\(1)")")""#,
            ##""\(#"raw "quoted" \(x)"#)""##,
            ##""\(#"a \#(b)"#)""##,
            #""\(x /* ) " */ + 1)""#,
            #""\(s.firstMatch(of: /\)"/))""#,
            #""\(#/a")/#)""#,
            "\"\"\"\n\\(1 +\n 2) \\(\"\"\"\n  inner \\(\"x\")\n  \"\"\")\n\"\"\"",
            "\"a\\(\"\"\"\nabc\n\"\"\") b\"",
            "\"\\(x // comment )\n",
        ]
        for source in cases {
            let lexed = Lexer.lex(source)
            let texts = toks(source)
            if source.hasSuffix("\n") {
                // Line comment inside a single-line interpolation: the literal ends at the line break.
                XCTAssertEqual(texts.count, 1, source)
                XCTAssertEqual(lexed.tokens.first?.flags.contains(.unterminated), true, source)
                continue
            }
            XCTAssertEqual(texts.count, 1, "\(source.debugDescription): \(describe(texts))")
            XCTAssertEqual(texts.first?.kind, .stringLiteral, source)
            XCTAssertEqual(texts.first?.text, source, source)
            XCTAssertEqual(lexed.tokens.first?.flags.contains(.interpolated), true, source)
            XCTAssertEqual(lexed.tokens.first?.flags.contains(.unterminated), false, source)
        }
        check([
            Case(#"print("\(a) and \(b)", x)"#, [id("print"), lp, str(#""\(a) and \(b)""#), comma, id("x"), rp]),
            Case(#"Text("Total: \(model.total, format: .currency(code: "USD"))").font(.title)"#,
                 [id("Text"), lp, str(#""Total: \(model.total, format: .currency(code: "USD"))""#), rp, dot, id("font"), lp, dot, id("title"), rp]),
        ])
    }

    func testMultilineStringLines() {
        let source = "let s = \"\"\"\n  one \\(\n  two)\n  \"\"\"\nlet t = 1\n"
        let lexed = Lexer.lex(source)
        let texts = toks(source)
        XCTAssertEqual(texts.map(\.kind), [.keyword, .identifier, .equal, .stringLiteral, .keyword, .identifier, .equal, .integerLiteral])
        XCTAssertEqual(lexed.tokens[3].line, 1)
        XCTAssertEqual(lexed.tokens[4].line, 5)
        XCTAssertTrue(lexed.tokens[4].isAtLineStart)
        XCTAssertEqual(lexed.tokens.last?.line, 6)
        XCTAssertEqual(lexed.lineStarts.count, 6)
    }

    func testUnterminatedLiterals() {
        check([
            Case("\"abc\nlet x", [str("\"abc"), kw("let"), id("x")]),
            Case("\"abc \\(x\nlet y", [str("\"abc \\(x"), kw("let"), id("y")]),
            Case("\"a\\\nb", [str("\"a\\"), id("b")]),
            Case("\"\"\"\nabc", [str("\"\"\"\nabc")]),
            Case(##"#"abc""##, [str(##"#"abc""##)]),
            Case("#/abc\nx", [rx("#/abc"), id("x")]),
            Case("#/\nabc\nx", [rx("#/\nabc\nx")]),
            Case("let r = /abc", [kw("let"), id("r"), eq, op("/"), id("abc")]),
            Case("\"\\(", [str("\"\\(")]),
            Case("`abc", [unk("`"), id("abc")]),
        ])
        let cases = ["\"abc", "\"abc\nx", "\"\"\"\nabc", "\"\\(\"x\"", "#\"abc\"", "#/abc", "#/\nabc", "\"\"\"\n\\(\"x\n\"\"\""]
        for source in cases {
            XCTAssertEqual(Lexer.lex(source).tokens.first?.flags.contains(.unterminated), true, source.debugDescription)
        }
        let comment = Lexer.lex("a /* b /* c */ d")
        XCTAssertEqual(comment.tokens.map(\.kind), [.identifier, .eof])
        XCTAssertEqual(comment.comments.count, 1)
        XCTAssertEqual(comment.comments.first?.end, 16)
        XCTAssertEqual(comment.tokens.last?.flags.contains(.unterminated), true)
        XCTAssertEqual(Lexer.lex("a /* b */").tokens.last?.flags.contains(.unterminated), false)
    }

    // MARK: Regex literals

    func testRegexVersusDivision() {
        check([
            Case("a / b / c", [id("a"), op("/"), id("b"), op("/"), id("c")]),
            Case("a/b/c", [id("a"), op("/"), id("b"), op("/"), id("c")]),
            Case("let r = /ab+c/", [kw("let"), id("r"), eq, rx("/ab+c/")]),
            Case("x.filter { $0 / 2 }", [id("x"), dot, id("filter"), lb, dol("$0"), op("/"), int("2"), rb]),
            Case("x.map { $0/2/1 }", [id("x"), dot, id("map"), lb, dol("$0"), op("/"), int("2"), op("/"), int("1"), rb]),
            Case("f(/a[/]b/, /x\\/y/)", [id("f"), lp, rx("/a[/]b/"), comma, rx("/x\\/y/"), rp]),
            Case("return /\\d+/", [kw("return"), rx("/\\d+/")]),
            Case("case /x/: break", [kw("case"), rx("/x/"), colon, kw("break")]),
            Case("s.contains(/(a|b)+/)", [id("s"), dot, id("contains"), lp, rx("/(a|b)+/"), rp]),
            Case("x = (/a)b/)", [id("x"), eq, lp, op("/"), id("a"), rp, id("b"), op("/"), rp]),
            Case("y = [/a /]", [id("y"), eq, lk, op("/"), id("a"), op("/"), rk]),
            Case("let z = / 2", [kw("let"), id("z"), eq, op("/"), int("2")]),
            Case("x /= 2", [id("x"), op("/="), int("2")]),
            Case("x /= a/(b)", [id("x"), op("/="), id("a"), op("/"), lp, id("b"), rp]),
            Case("self/2/3", [kw("self"), op("/"), int("2"), op("/"), int("3")]),
            Case("a.default/2/3", [id("a"), dot, kw("default"), op("/"), int("2"), op("/"), int("3")]),
            Case("f(x)/2/3", [id("f"), lp, id("x"), rp, op("/"), int("2"), op("/"), int("3")]),
            Case("x!/2/3", [id("x"), op("!"), op("/"), int("2"), op("/"), int("3")]),
            Case("a = b ?? /x/", [id("a"), eq, id("b"), op("??"), rx("/x/")]),
            Case("}\n/ab/.count", [rb, rx("/ab/"), dot, id("count")]),
            Case("(/)", [lp, op("/"), rp]),
            Case("let r = /a/b", [kw("let"), id("r"), eq, op("/"), id("a"), op("/"), id("b")]),
            Case("let r = #/a/b/#", [kw("let"), id("r"), eq, rx("#/a/b/#")]),
            Case("##/a/#b/## + 1", [rx("##/a/#b/##"), op("+"), int("1")]),
            Case("let r = #/\n  a+ # comment\n  \\/#\n/#\nx", [kw("let"), id("r"), eq, rx("#/\n  a+ # comment\n  \\/#\n/#"), id("x")]),
        ])
        XCTAssertEqual(only("#/a/#")?.flags.contains(.raw), true)
        XCTAssertEqual(only("#/\na\n/#")?.flags.contains(.multiline), true)
        XCTAssertEqual(only("/a/")?.flags.contains(.raw), false)
    }

    /// Where an expression starts after `try?`, `try!`, `await` or at the start of a statement,
    /// a bare `/…/` is a regex literal, as Swift reads it; read as operators, a `//` or `/*` in it
    /// would begin a comment and swallow the rest of the line or of the file.
    func testRegexWhereAnExpressionStarts() {
        check([
            Case(#"try? /(\d+)\.(\d+)/.wholeMatch(in: host)"#,
                 [kw("try"), op("?"), rx(#"/(\d+)\.(\d+)/"#), dot, id("wholeMatch"), lp, kw("in"), colon, id("host"), rp]),
            Case(#"try! /https?:\/\//.firstMatch(in: s) ?? x"#, [kw("try"), op("!"), rx(#"/https?:\/\//"#), dot, id("firstMatch"), lp, kw("in"), colon, id("s"), rp, op("??"), id("x")]),
            Case(#"try? /a\/*b/.firstMatch(in: s); y"#, [kw("try"), op("?"), rx(#"/a\/*b/"#), dot, id("firstMatch"), lp, kw("in"), colon, id("s"), rp, semi, id("y")]),
            Case("try /a+/.wholeMatch(in: s)", [kw("try"), rx("/a+/"), dot, id("wholeMatch"), lp, kw("in"), colon, id("s"), rp]),
            Case("await /a/.f()", [id("await"), rx("/a/"), dot, id("f"), lp, rp]),
            Case("try await /a/.f()", [kw("try"), id("await"), rx("/a/"), dot, id("f"), lp, rp]),
            Case("x = try? /a/", [id("x"), eq, kw("try"), op("?"), rx("/a/")]),
            // A statement of a result builder: the previous line's expression has ended.
            Case("Regex {\n  \"a\"\n  /b+/\n}", [id("Regex"), lb, str("\"a\""), rx("/b+/"), rb]),
            Case("f()\n/b/.count", [id("f"), lp, rp, rx("/b/"), dot, id("count")]),
            // A `/` with space before and none after is no operator Swift defines: a literal, as the compiler reads it.
            Case("f(x) /2/ 3", [id("f"), lp, id("x"), rp, rx("/2/"), int("3")]),
            Case("x! /2/ 3", [id("x"), op("!"), rx("/2/"), int("3")]),
            // Still operators: postfix `?`/`!` of an expression, a spaced or unspaced binary `/`,
            // an operator's declaration, a compound assignment.
            Case("x?/a/", [id("x"), op("?"), op("/"), id("a"), op("/")]),
            Case("a! / b / c", [id("a"), op("!"), op("/"), id("b"), op("/"), id("c")]),
            Case("static func /(l: V, r: V) -> V { l }", [kw("static"), kw("func"), op("/"), lp, id("l"), colon, id("V"), comma, id("r"), colon, id("V"), rp, arrow, id("V"), lb, id("l"), rb]),
            Case("infix operator /^/: P", [id("infix"), kw("operator"), op("/^/"), colon, id("P")]),
            Case("total /= count/(2)", [id("total"), op("/="), id("count"), op("/"), lp, int("2"), rp]),
        ])
        // Inside an interpolation, the same places: the regex's `)` and `"` do not end it.
        check([
            Case(#""\(try? /[")]/.firstMatch(in: s)) end""#, [str(#""\(try? /[")]/.firstMatch(in: s)) end""#)]),
            Case(#""\(await /"a/.f()) end""#, [str(#""\(await /"a/.f()) end""#)]),
            Case(#""\(a / b) end" + "c""#, [str(#""\(a / b) end""#), op("+"), str(#""c""#)]),
        ])
    }

    // MARK: Comments

    func testComments() {
        let source = "/// doc\n//// plain\n// line\n/** d */ /**/ /*** x */ /* a /* b */ c */ x"
        let lexed = Lexer.lex(source)
        XCTAssertEqual(toks(source).map(\.text), ["x"])
        XCTAssertEqual(lexed.comments.map(\.kind), [.docLine, .line, .line, .docBlock, .block, .block, .block])
        XCTAssertEqual(lexed.comments.map(\.line), [1, 2, 3, 4, 4, 4, 4])
        let bytes = Array(source.utf8)
        let texts = lexed.comments.map { String(decoding: bytes[Int($0.start)..<Int($0.end)], as: UTF8.self) }
        XCTAssertEqual(texts, ["/// doc", "//// plain", "// line", "/** d */", "/**/", "/*** x */", "/* a /* b */ c */"])
        XCTAssertTrue(lexed.tokens[0].isAtLineStart)
        XCTAssertTrue(lexed.tokens[0].hasSpaceBefore)

        check([
            Case("a+/*c*/b", [id("a"), op("+"), id("b")]),
            Case("a//c\nb", [id("a"), id("b")]),
            Case("a./*c*/b", [id("a"), dot, id("b")]),
            Case("x = 1 // trailing", [id("x"), eq, int("1")]),
        ])
        let glued = Lexer.lex("a+/*c*/b")
        XCTAssertEqual(glued.fixity(1), .postfix)
        XCTAssertTrue(glued.tokens[2].hasSpaceBefore)
        XCTAssertFalse(glued.tokens[2].isAtLineStart)

        let spanning = Lexer.lex("a /* x\n y */ b /* z */ c // d\ne")
        XCTAssertEqual(spanning.tokens.map(\.line), [1, 2, 2, 3, 3])
        XCTAssertEqual(spanning.tokens.map(\.isAtLineStart), [true, true, false, true, false])
        XCTAssertEqual(spanning.comments.map(\.line), [1, 2, 2])
    }

    // MARK: Pound keywords and attributes

    func testPoundKeywordsAndAttributes() {
        check([
            Case("#if os(iOS)\n#elseif DEBUG\n#else\n#endif", [pk("#if"), id("os"), lp, id("iOS"), rp, pk("#elseif"), id("DEBUG"), pk("#else"), pk("#endif")]),
            Case("if #available(iOS 17, *) {}", [kw("if"), pk("#available"), lp, id("iOS"), int("17"), comma, op("*"), rp, lb, rb]),
            Case("#Preview { V() }", [pk("#Preview"), lb, id("V"), lp, rp, rb]),
            Case("#selector(f) #keyPath(x) #warning(\"w\") #sourceLocation(file: \"a\", line: 1)",
                 [pk("#selector"), lp, id("f"), rp, pk("#keyPath"), lp, id("x"), rp, pk("#warning"), lp, str("\"w\""), rp,
                  pk("#sourceLocation"), lp, id("file"), colon, str("\"a\""), comma, id("line"), colon, int("1"), rp]),
            Case("#file #line #function #column #fileID #filePath #dsohandle #unavailable #error #myMacro",
                 [pk("#file"), pk("#line"), pk("#function"), pk("#column"), pk("#fileID"), pk("#filePath"), pk("#dsohandle"), pk("#unavailable"), pk("#error"), pk("#myMacro")]),
            Case("# x ### y ##z", [unk("#"), id("x"), unk("###"), id("y"), unk("#"), pk("#z")]),
            Case("@MainActor final class A {}", [at, id("MainActor"), id("final"), kw("class"), id("A"), lb, rb]),
            Case("@Published private(set) var x = 0", [at, id("Published"), kw("private"), lp, id("set"), rp, kw("var"), id("x"), eq, int("0")]),
            Case("@Environment(\\.dismiss) var dismiss", [at, id("Environment"), lp, bs, dot, id("dismiss"), rp, kw("var"), id("dismiss")]),
            Case("Toggle(isOn: $model.isOn)", [id("Toggle"), lp, id("isOn"), colon, dol("$model"), dot, id("isOn"), rp]),
            Case("a; b", [id("a"), semi, id("b")]),
        ])
    }

    // MARK: Operators

    func testOperators() {
        check([
            Case("a?.b", [id("a"), op("?"), dot, id("b")]),
            Case("x!", [id("x"), op("!")]),
            Case("x!.y", [id("x"), op("!"), dot, id("y")]),
            Case("a?[0]", [id("a"), op("?"), lk, int("0"), rk]),
            Case("f()?.g()!", [id("f"), lp, rp, op("?"), dot, id("g"), lp, rp, op("!")]),
            Case("a ?? b", [id("a"), op("??"), id("b")]),
            Case("x??", [id("x"), op("?"), op("?")]),
            Case("a!=b", [id("a"), op("!"), eq, id("b")]),
            Case("a != b", [id("a"), op("!="), id("b")]),
            Case("try? f() try! g() as? T as! U", [kw("try"), op("?"), id("f"), lp, rp, kw("try"), op("!"), id("g"), lp, rp, kw("as"), op("?"), id("T"), kw("as"), op("!"), id("U")]),
            Case("func f() -> Int", [kw("func"), id("f"), lp, rp, arrow, id("Int")]),
            Case("Array<Array<Int>>", [id("Array"), op("<"), id("Array"), op("<"), id("Int"), op(">>")]),
            Case("let x: Array<Int>? = nil", [kw("let"), id("x"), colon, id("Array"), op("<"), id("Int"), op(">"), op("?"), eq, kw("nil")]),
            Case("var y: Set<Int>!", [kw("var"), id("y"), colon, id("Set"), op("<"), id("Int"), op(">"), op("!")]),
            Case("[Int]?", [lk, id("Int"), rk, op("?")]),
            Case("c ? a : b", [id("c"), op("?"), id("a"), colon, id("b")]),
            Case("!flag && &x || ~y", [op("!"), id("flag"), op("&&"), op("&"), id("x"), op("||"), op("~"), id("y")]),
            Case("(!x)", [lp, op("!"), id("x"), rp]),
            Case("a...b ..<c x...", [id("a"), op("..."), id("b"), op("..<"), id("c"), id("x"), op("...")]),
            Case("m .== n", [id("m"), op(".=="), id("n")]),
            // An editor placeholder is a name, up to `#>` on its line; `<#` without one is not.
            Case("class <#T##Presenter#>: P", [kw("class"), id("<#T##Presenter#>"), colon, id("P")]),
            Case("f(<#x#>, <#y#>)", [id("f"), lp, id("<#x#>"), comma, id("<#y#>"), rp]),
            Case("a <# b\nc #> d", [id("a"), op("<"), unk("#"), id("b"), id("c"), unk("#"), op(">"), id("d")]),
            Case("a==.b", [id("a"), op("=="), dot, id("b")]),
            Case("x = -1", [id("x"), eq, op("-"), int("1")]),
            // `=` alone is `.equal` unless an operator character follows it.
            Case("a=b a=.b a=(b) a=-1 a=//c", [id("a"), eq, id("b"), id("a"), eq, dot, id("b"), id("a"), eq, lp, id("b"), rp,
                                                id("a"), op("=-"), int("1"), id("a"), eq]),
            Case("a=/b/ a=>b a=", [id("a"), op("=/"), id("b"), op("/"), id("a"), op("=>"), id("b"), id("a"), eq]),
            Case("a >= b << 2 &+ c", [id("a"), op(">="), id("b"), op("<<"), int("2"), op("&+"), id("c")]),
            Case("x += 1; y %= 2", [id("x"), op("+="), int("1"), semi, id("y"), op("%="), int("2")]),
            Case("\\Foo.bar?.baz", [bs, id("Foo"), dot, id("bar"), op("?"), dot, id("baz")]),
            Case("f(a:b,c)", [id("f"), lp, id("a"), colon, id("b"), comma, id("c"), rp]),
        ])
    }

    func testSpacingFlagsAndFixity() {
        let lexed = Lexer.lex("a + b-c -d e! f ?? g")
        let t = lexed.tokens
        // a + b - c - d e ! f ?? g eof
        XCTAssertEqual(t.map(\.kind), [.identifier, .operator, .identifier, .operator, .identifier, .operator, .identifier,
                                       .identifier, .operator, .identifier, .operator, .identifier, .eof])
        XCTAssertEqual(t[0].flags.rawValue & 0b111, TokenFlags([.spaceBefore, .newlineBefore]).rawValue)
        XCTAssertTrue(lexed.hasSpaceAfter(0))
        XCTAssertEqual(lexed.fixity(1), .infix)
        XCTAssertEqual(lexed.fixity(3), .infix)
        XCTAssertEqual(lexed.fixity(5), .prefix)
        XCTAssertEqual(lexed.fixity(8), .postfix)
        XCTAssertEqual(lexed.fixity(10), .infix)
        XCTAssertEqual((0..<12).map { lexed.hasSpaceAfter($0) },
                       [true, true, false, false, true, false, true, false, true, true, true, true])
        XCTAssertTrue(lexed.hasSpaceAfter(11), "EOF counts as trivia after the last token")
        XCTAssertFalse(t[12].hasSpaceBefore)
        XCTAssertEqual(t[12].length, 0)

        let lines = Lexer.lex("x\n  y\n")
        XCTAssertEqual(lines.tokens.map(\.isAtLineStart), [true, true, true])
        XCTAssertEqual(lines.tokens.map(\.hasSpaceBefore), [true, true, true])
        XCTAssertTrue(lines.hasSpaceAfter(0))
        let empty = Lexer.lex("")
        XCTAssertEqual(empty.tokens.count, 1)
        XCTAssertEqual(empty.tokens[0].kind, .eof)
        XCTAssertEqual(empty.tokens[0].line, 1)
        XCTAssertEqual(empty.lineStarts, [0])
    }

    // MARK: Lines

    func testLineBreaksAndLineNumbers() {
        let lexed = Lexer.lex("a\nb\r\nc\rd\n\ne")
        XCTAssertEqual(lexed.lineStarts, [0, 2, 5, 7, 9, 10])
        XCTAssertEqual(lexed.tokens.map(\.line), [1, 2, 3, 4, 6, 6])
        XCTAssertEqual(lexed.tokens.map(\.isAtLineStart), [true, true, true, true, true, false])

        let crlf = Lexer.lex("let s = \"\"\"\r\nx\r\n\"\"\" + y\r\n/* a\r\n b */ z")
        let kinds = crlf.tokens.map(\.kind)
        XCTAssertEqual(kinds, [.keyword, .identifier, .equal, .stringLiteral, .operator, .identifier, .identifier, .eof])
        XCTAssertEqual(crlf.tokens.map(\.line), [1, 1, 1, 1, 3, 3, 5, 5])
        XCTAssertEqual(crlf.comments.first?.line, 4)

        let trailing = Lexer.lex("a\n")
        XCTAssertEqual(trailing.lineStarts, [0, 2])
        XCTAssertEqual(trailing.tokens.last?.line, 2)
    }

    // MARK: Bytes that form no token

    func testInvalidUTF8AndControlBytes() {
        func kindsAndRanges(_ bytes: [UInt8]) -> [String] {
            Lexer.lex(bytes).tokens.map { "\($0.kind):\($0.start)-\($0.end)" }
        }
        XCTAssertEqual(kindsAndRanges([0x61, 0xFF, 0xFE, 0x62]), ["identifier:0-1", "unknown:1-3", "identifier:3-4", "eof:4-4"])
        XCTAssertEqual(kindsAndRanges([0x61, 0x00, 0x62]), ["identifier:0-1", "unknown:1-2", "identifier:2-3", "eof:3-3"])
        XCTAssertEqual(kindsAndRanges([0xC3]), ["unknown:0-1", "eof:1-1"])
        XCTAssertEqual(kindsAndRanges([0x78, 0xE2, 0x82]), ["identifier:0-1", "unknown:1-3", "eof:3-3"])
        XCTAssertEqual(kindsAndRanges([0xC0, 0xAF, 0x20, 0xED, 0xA0, 0x80]), ["unknown:0-2", "unknown:3-6", "eof:6-6"])
        XCTAssertEqual(kindsAndRanges([0xF4, 0x90, 0x80, 0x80]), ["unknown:0-4", "eof:4-4"])
        XCTAssertEqual(kindsAndRanges([0x22, 0xFF, 0x00, 0x22]), ["stringLiteral:0-4", "eof:4-4"])
        XCTAssertEqual(kindsAndRanges([0x2F, 0x2F, 0xFF, 0x0A, 0x01, 0x7F]), ["unknown:4-6", "eof:6-6"])
        check([Case("x\u{1}y 'c'", [id("x"), unk("\u{1}"), id("y"), unk("'"), id("c"), unk("'")])])
    }

    func testUnicodeIdentifiersSpacesAndShebang() {
        let source = "let 🐶 = \"🐱\" // 🐭\nvar café🙂 = 1"
        check([Case(source, [kw("let"), id("🐶"), eq, str("\"🐱\""), kw("var"), id("café🙂"), eq, int("1")])])
        XCTAssertEqual(Lexer.lex(source).comments.count, 1)
        check([
            Case("let\u{A0}x\u{3000}=\u{2009}1", [kw("let"), id("x"), eq, int("1")]),
            Case("\u{FEFF}import A", [kw("import"), id("A")]),
            Case("#!/usr/bin/env swift\nprint(1)", [(.shebang, "#!/usr/bin/env swift"), id("print"), lp, int("1"), rp]),
            Case("a ≥ b", [id("a"), id("≥"), id("b")]),
        ])
        let bom = Lexer.lex("\u{FEFF}import A")
        XCTAssertEqual(bom.tokens[0].start, 3)
        XCTAssertTrue(bom.tokens[0].isAtLineStart)
    }

    // MARK: Robustness

    func testDeeplyNestedInterpolation() {
        let depth = 100_000
        let closed = String(repeating: "\"\\(", count: depth) + "1" + String(repeating: ")\"", count: depth)
        let lexed = Lexer.lex(closed)
        XCTAssertEqual(lexed.tokens.count, 2)
        XCTAssertEqual(lexed.tokens[0].kind, .stringLiteral)
        XCTAssertEqual(Int(lexed.tokens[0].end), closed.utf8.count)
        XCTAssertFalse(lexed.tokens[0].flags.contains(.unterminated))

        let open = String(repeating: "\"\\(", count: depth)
        let unclosed = Lexer.lex(open)
        XCTAssertEqual(unclosed.tokens.count, 2)
        XCTAssertTrue(unclosed.tokens[0].flags.contains(.unterminated))
        assertInvariants(Array(open.utf8), "open interpolations")

        let multi = String(repeating: "\"\"\"\n\\(", count: 20_000) + "\n" + String(repeating: ")\n\"\"\"", count: 20_000)
        let m = Lexer.lex(multi)
        XCTAssertEqual(m.tokens.count, 2)
        XCTAssertFalse(m.tokens[0].flags.contains(.unterminated))
        XCTAssertEqual(m.tokens[1].line, 40_002)
    }

    func testDeepNestingOfBracketsAndComments() {
        let parens = String(repeating: "(", count: 100_000)
        let lexed = Lexer.lex(parens)
        XCTAssertEqual(lexed.tokens.count, 100_001)
        XCTAssertTrue(lexed.tokens.dropLast().allSatisfy { $0.kind == .leftParen })
        let mixed = String(repeating: "{[(", count: 50_000) + String(repeating: ")]}", count: 50_000)
        XCTAssertEqual(Lexer.lex(mixed).tokens.count, 300_001)
        let comments = String(repeating: "/*", count: 100_000) + String(repeating: "*/", count: 99_999) + " x"
        let c = Lexer.lex(comments)
        XCTAssertEqual(c.tokens.count, 1, "still inside the outermost comment")
        XCTAssertEqual(c.comments.count, 1)
        XCTAssertTrue(c.tokens[0].flags.contains(.unterminated))
    }

    func testDenseInputGrowsTokenStorage() {
        // More tokens than the initial estimate (a quarter of the byte count): storage grows mid-way.
        let dense = String(repeating: "a ", count: 50_000) + String(repeating: "(", count: 30_000) + "b"
        let lexed = Lexer.lex(dense)
        XCTAssertEqual(lexed.tokens.count, 80_002)
        XCTAssertTrue((0..<50_000).allSatisfy { lexed.tokens[$0].kind == .identifier && lexed.hasSpaceAfter($0) && lexed.tokens[$0].hasSpaceBefore })
        XCTAssertEqual(lexed.tokens[50_000].kind, .leftParen)
        XCTAssertTrue(lexed.tokens[50_001].kind == .leftParen && !lexed.tokens[50_001].hasSpaceBefore)
        XCTAssertEqual(lexed.tokens[80_000].kind, .identifier)
        assertInvariants(Array(dense.utf8), "dense")
    }

    func testLongLinesStayLinear() {
        // Candidate regex openers with no closing slash on one long line; a long string; hash runs.
        // A quadratic scan would not finish on these.
        let slashes = String(repeating: "= /a[", count: 100_000)
        assertInvariants(Array(slashes.utf8), "regex openers")
        let longString = "\"" + String(repeating: "ab\\\"", count: 200_000) + "\""
        XCTAssertEqual(Lexer.lex(longString).tokens.count, 2)
        let hashes = String(repeating: "#", count: 500_000) + "x"
        let h = Lexer.lex(hashes)
        XCTAssertEqual(h.tokens.map(\.kind), [.unknown, .poundKeyword, .eof])
        let raw = "#" + String(repeating: "\"#", count: 100_000)
        assertInvariants(Array(raw.utf8), "raw quotes")
        let rawOpeners = String(repeating: "#\"\"\"", count: 100_000)
        assertInvariants(Array(rawOpeners.utf8), "raw multi-line openers")
        let ticks = String(repeating: "``", count: 100_000)
        assertInvariants(Array(ticks.utf8), "backticks")
    }

    func testRandomBytesAndPrefixes() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        let alphabet = Array("\"\\()#/*`$.?!<>=-+[]{}@,:;' \n\r\tx1é😀".utf8)
        for round in 0..<6 {
            var bytes = [UInt8]()
            bytes.reserveCapacity(100_000)
            for _ in 0..<100_000 {
                let r = next()
                // Mostly Swift-significant characters, some fully random bytes.
                bytes.append(round % 2 == 0 && r & 3 == 0 ? UInt8(truncatingIfNeeded: r >> 8) : alphabet[Int((r >> 8) % UInt64(alphabet.count))])
            }
            assertInvariants(bytes, "random round \(round)")
        }
        // Every prefix of a realistic snippet: each cut leaves some construct unterminated.
        let snippet = Array(##"""
        #!/usr/bin/env swift
        /// A model.
        @MainActor final class M: ObservableObject {
            @Published private(set) var items: [String]? = nil // comment
            let r = /a[/]b\/c/, raw = #/x/y/#, s = #"q"\#(items!.count)"#
            func f() -> String { "\(items.map { "\($0) /* \("n") */" }.joined(separator: ", "))" }
            var m = """
              a \(1 + (2 * 3)) b
              """ /* end /* nested */ */
            var x = 0x1p-2 + 1.5e3 - .5 ... 0b1_0
        }
        """##.utf8)
        for cut in 0...snippet.count {
            assertInvariants(Array(snippet[0..<cut]), "prefix \(cut)")
        }
        assertInvariants(snippet + [0xFF, 0x00] + snippet, "snippet with garbage")
    }
}
