/// Hostile input for the scanner, parser, body analysis and index: every case must finish with its invariants intact, on a small stack.
import Foundation
import XCTest
@testable import MVILintCore

final class HostileScannerTests: XCTestCase {
    /// Depth of the nesting cases.
    static let depth = 100_000

    // MARK: Harness

    /// Runs `work` on a thread with a 512 KB stack, the default size of secondary threads on macOS
    /// (Dispatch worker threads included), so that unbounded recursion fails here and not in a user's
    /// build. The wait is only a hang guard: it is far longer than any case needs.
    func onSmallStack(_ work: @escaping () -> [String]) -> [String] {
        let done = DispatchSemaphore(value: 0)
        let problems = Box<[String]>([])
        let thread = Thread {
            problems.value = work()
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        if done.wait(timeout: .now() + 900) == .timedOut { return ["did not finish (hang)"] }
        return problems.value
    }

    /// Scans, parses and analyses `bytes` on a small stack, runs the queries rules make over the
    /// whole file, and checks the invariants every consumer relies on. Returns the file for
    /// case-specific assertions.
    @discardableResult
    func analyse(_ bytes: [UInt8], _ name: String, file: StaticString = #filePath, line: UInt = #line) -> SourceFile? {
        let parsed = Box<SourceFile?>(nil)
        let problems = onSmallStack {
            let f = SourceFile(path: name, bytes: bytes)
            parsed.value = f
            var problems = HostileScannerTests.invariantProblems(f) + f.invariantViolations()
            let all = 0..<f.tokens.count
            _ = f.bodyAnalysis
            _ = f.mutations(in: all)
            _ = f.localNames(in: all)
            _ = f.closures(in: all)
            for i in stride(from: f.tokens.count - 1, through: 0, by: -max(1, f.tokens.count / 64)) {
                if f.chain(endingAt: i).start != f.chainStart(endingAt: i) { problems.append("chainStart differs from chain at token \(i)") }
                _ = f.bodyAnalysis.enclosingClosures(of: i)
            }
            let summary = FileSummary(file: f)
            let index = ProjectIndex(summaries: [summary])
            for t in f.tree.allTypes.prefix(1_000) {
                _ = index.isObservableModel(t.name)
                _ = index.isViewLike(t.name)
                _ = index.conforms(t.name) { $0.hasSuffix("UseCase") }
                for r in t.inherited { _ = r.baseName }
                for v in t.variables { _ = v.type?.baseName }
            }
            if f.bodyAnalysis.innermost.count != f.tokens.count { problems.append("innermost has \(f.bodyAnalysis.innermost.count) entries for \(f.tokens.count) tokens") }
            return problems
        }
        for p in problems { XCTFail("\(name): \(p)", file: file, line: line) }
        return parsed.value
    }

    /// Structural invariants of a scanned file.
    static func invariantProblems(_ f: SourceFile) -> [String] {
        var problems: [String] = []
        let n = Int32(f.bytes.count)
        guard let last = f.tokens.last, last.kind == .eof else { return ["the last token is not .eof"] }
        if last.start != n || last.end != n { problems.append("eof is not at the end of the input") }
        var previousEnd: Int32 = 0
        var previousLine: Int32 = 1
        for (i, t) in f.tokens.enumerated() {
            if t.kind == .eof && i != f.tokens.count - 1 { problems.append("eof before the end at token \(i)"); break }
            if t.start < previousEnd || t.end < t.start || t.end > n { problems.append("token \(i) has a bad range \(t.start)..<\(t.end)"); break }
            if t.kind != .eof && t.end == t.start { problems.append("token \(i) is empty"); break }
            if t.line < previousLine { problems.append("token \(i) goes back to line \(t.line)"); break }
            previousEnd = t.end
            previousLine = t.line
        }
        if f.match.count != f.tokens.count { problems.append("match table size") }
        for (i, m) in f.match.enumerated() where m >= 0 {
            if Int(m) >= f.match.count || f.match[Int(m)] != Int32(i) { problems.append("bracket \(i) has an asymmetric partner"); break }
        }
        if f.lineStarts.first != 0 { problems.append("lineStarts[0] is not 0") }
        for i in f.lineStarts.indices.dropFirst() where f.lineStarts[i] <= f.lineStarts[i - 1] || f.lineStarts[i] > n {
            problems.append("line start \(i) out of order"); break
        }
        for c in f.comments where c.start < 0 || c.end > n || c.end < c.start {
            problems.append("comment with a bad range"); break
        }
        return problems
    }

    func bytes(_ parts: String...) -> [UInt8] { Array(parts.joined().utf8) }
    func repeated(_ s: String, _ count: Int = depth) -> String { String(repeating: s, count: count) }

    // MARK: Nesting

    func testDeeplyNestedBrackets() {
        let d = HostileScannerTests.depth
        for (open, close) in [("(", ")"), ("[", "]"), ("{", "}")] {
            let balanced = analyse(bytes("let x = ", repeated(open), repeated(close), "\n"), "balanced \(open)")
            XCTAssertEqual(balanced?.partner(3), balanced.map { $0.tokens.count - 2 }, "outermost \(open) pairs with the last closer")
            analyse(bytes("let x = ", repeated(open), "\n"), "unclosed \(open)")
            analyse(bytes("let x = ", repeated(close), "\n"), "stray \(close)")
            analyse(bytes(repeated(open + close + close + open, d / 4)), "interleaved \(open)")
        }
        analyse(bytes(repeated("([{", d / 3), repeated(")]}", d / 3)), "crossed brackets")
    }

    func testDeeplyNestedInterpolations() {
        let unclosed = analyse(bytes("let s = ", repeated("\"\\("), "\nclass After {}\n"), "unclosed interpolations")
        XCTAssertEqual(unclosed?.tokens.filter { $0.kind == .stringLiteral }.count, 1, "the literal is one token")
        let closed = analyse(bytes("let s = ", repeated("\"\\("), "x", repeated(")\""), "\nclass After {}\n"), "closed interpolations")
        XCTAssertEqual(closed?.tree.allTypes.map(\.name), ["After"], "code after the literal is parsed")
        analyse(bytes("let s = \"\"\"\n", repeated("\\(\"\"\"\n"), "\n"), "unclosed multi-line interpolations")
        analyse(bytes("let s = ", repeated("#\"\\#("), "\n"), "unclosed raw interpolations")
    }

    func testDeeplyNestedDeclarationsStayBounded() {
        let f = analyse(bytes(repeated("struct A { "), repeated("}"), "\nclass After {}\n"), "nested types")
        let types = f?.tree.allTypes ?? []
        XCTAssertEqual(types.last?.name, "After")
        XCTAssertLessThanOrEqual(types.count, Parser.maxDepth + 2, "nesting beyond maxDepth is skipped, not parsed")
        analyse(bytes(repeated("struct A { "), "\n"), "unclosed nested types")
        analyse(bytes(repeated("extension A { func f() { class B { var x: Int { "), "\n"), "mixed unclosed declarations")
        analyse(bytes("func f() { ", repeated("if a { "), "x = 1", repeated(" }"), " }\n"), "nested blocks")
        analyse(bytes("let v = ", repeated("f { "), repeated("}"), "\n"), "nested closures")
        analyse(bytes("#if A\n", repeated("#if B\n"), "class X {}\n", repeated("#endif\n")), "nested #if")
    }

    func testNestedTypeReferences() {
        for (open, close) in [("[", "]"), ("Optional<", ">"), ("(", ")"), ("[A: ", "]"), ("Array<", ">")] {
            let f = analyse(bytes("struct V { let a: ", repeated(open), "FooUseCase", repeated(close), "\n}\n"), "nested \(open) type")
            XCTAssertEqual(f?.tree.allTypes.first?.variables.count, 1, "nested \(open) type")
        }
    }

    func testLongChainsAndLists() {
        analyse(bytes("func f() { a", repeated(".b"), " = 1 }\n"), "long member chain")
        analyse(bytes("func f() { a", repeated("()"), ".append(1) }\n"), "long call chain")
        analyse(bytes("func f() { a", repeated("[0]"), " += 1 }\n"), "long subscript chain")
        analyse(bytes("let v = f {}", repeated(" a: {}"), "\n"), "many labelled trailing closures")
        analyse(bytes("let a = 1", repeated(" + 1"), "\n"), "long operator chain")
        analyse(bytes("func f(", repeated("a: Int, "), "b: Int) {}\n"), "many parameters")
        analyse(bytes("func f<", repeated("T: P, "), "U>() {}\n"), "many generic parameters")
        analyse(bytes(repeated("@A "), "class X {}\n"), "many attributes")
        analyse(bytes(repeated("private "), "class X {}\n"), "many modifiers")
        analyse(bytes("class M: ObservableObject {\n", repeated("@Published var a = 1\n"), "}\n"), "many properties")
        analyse(bytes(repeated("class A: B {}\n")), "many classes with one name")
    }

    // MARK: Unterminated literals and comments

    func testUnterminatedLiterals() {
        let cases: [(String, TokenKind?)] = [
            ("let s = \"abc\nclass After {}\n", .stringLiteral),
            ("let s = \"\"\"\nabc\nclass After {}\n", .stringLiteral),
            ("let s = #\"abc\"\nclass After {}\n", .stringLiteral),
            ("let s = ##\"\"\"\nabc\"\"\"#\n", .stringLiteral),
            ("let r = #/abc\nclass After {}\n", .regexLiteral),
            ("let r = #/\nabc\n", .regexLiteral),
            ("let a = 1 /* abc /* nested */\nclass After {}\n", nil),
            ("let a = `abc\nclass After {}\n", nil),
            ("let r = /abc\nclass After {}\n", nil),
            ("let s = \"\\(\n", .stringLiteral),
            ("let s = \"\\", .stringLiteral),
            ("/*", nil), ("\"", .stringLiteral), ("#", nil), ("`", nil), ("#/", .regexLiteral), ("\\", nil), ("@", nil),
        ]
        for (source, kind) in cases {
            guard let f = analyse(Array(source.utf8), source) else { continue }
            if let kind = kind {
                XCTAssertTrue(f.tokens.contains { $0.kind == kind }, "\(source.debugDescription) has a \(kind) token")
            }
        }
        let comment = analyse(bytes("let a = 1 /* ", repeated("/* "), "\nclass X {}\n"), "deeply nested unterminated comment")
        XCTAssertEqual(comment?.tree.allTypes.count, 0, "an unterminated comment swallows the rest of the file")
    }

    // MARK: Bytes that are not Swift

    func testInvalidUTF8NeverStallsTheScanner() {
        let samples: [[UInt8]] = [
            [0xFF, 0xFE, 0xFD], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0x80, 0x80, 0x80], [0xC3],
        ]
        for s in samples {
            let source = Array("let a = \"".utf8) + s + Array("\"\nlet b".utf8) + s + Array(" = 1 // ".utf8) + s + Array("\nclass After {}\n".utf8) + s
            let f = analyse(source, "invalid UTF-8 \(s)")
            XCTAssertEqual(f?.tree.allTypes.map(\.name), ["After"], "invalid UTF-8 \(s)")
        }
        var generator = SplitMix(seed: 7)
        let noise = (0..<200_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        analyse(noise, "random bytes")
    }

    func testNULBytesAndBinaryContent() {
        let f = analyse(Array("let a = 1\u{0}\u{0}\nlet s = \"\u{0}\" // \u{0}\nclass After {}\n".utf8), "NUL bytes")
        XCTAssertEqual(f?.tree.allTypes.map(\.name), ["After"])
        analyse((0..<256).flatMap { _ in (0...255).map { UInt8($0) } }, "every byte value")
        analyse([UInt8](repeating: 0, count: 100_000), "all NUL")
    }

    /// The reader's text check reads 32 and 8 bytes at a time: at every length and every position
    /// of a NUL or a stray byte it answers as a byte-by-byte check would, and it never looks past
    /// the end (the byte kept just after the array's last element would make the text invalid).
    func testTextCheckAtEveryLengthAndPosition() {
        for length in 0...100 {
            var text = [UInt8](repeating: UInt8(ascii: "a"), count: length + 1)
            text[length] = 0xFF
            text.removeLast()  // keeps the capacity, and the 0xFF just past the end
            XCTAssertEqual(checkText(text), .valid, "ASCII text of \(length) bytes")
            for position in 0..<length {
                var nul = text
                nul[position] = 0
                XCTAssertEqual(checkText(nul), .nul, "NUL at \(position) of \(length)")
                var stray = text
                stray[position] = 0x80
                XCTAssertEqual(checkText(stray), .invalidUTF8, "stray continuation byte at \(position) of \(length)")
            }
            if length >= 2 {
                var accented = text
                accented[length - 2] = 0xC3; accented[length - 1] = 0xA9
                XCTAssertEqual(checkText(accented), .valid, "two-byte character ending text of \(length) bytes")
            }
        }
    }

    func testDegenerateFiles() {
        let empty = analyse([], "empty")
        XCTAssertEqual(empty?.tokens.map(\.kind), [.eof])
        XCTAssertEqual(empty?.lineStarts, [0])
        analyse(bytes(repeated("\r\n")), "only CRLF")
        analyse(bytes(repeated("\r")), "only CR")
        analyse(bytes(repeated(" \t")), "only blanks")
        analyse(bytes("#!", repeated("x"), "\n"), "long shebang")
        analyse(bytes(repeated(".")), "only dots")
        analyse(bytes(repeated("?")), "only question marks")
        analyse(bytes(repeated("#"), "\""), "many hashes before a quote")
        analyse(bytes("\"", repeated("\\"), "\""), "many backslashes")
        analyse(bytes(repeated("\u{FEFF}", 1_000), "class X {}\n"), "byte-order marks")
    }

    func testLongSingleLine() {
        // About 20 MB on one line: line/column lookup must not be quadratic in the line length.
        let count = 20_000_000 / 3
        var source = Array("let a = [".utf8)
        source.reserveCapacity(count * 3 + 16)
        for _ in 0..<count { source.append(contentsOf: [0x31, 0x2C, 0x20]) }
        source.append(contentsOf: Array("]\nclass After {}\n".utf8))
        guard let f = analyse(source, "20 MB line") else { return }
        XCTAssertEqual(f.lineStarts.count, 3)
        XCTAssertEqual(f.location(ofToken: f.tokens.count - 4), SourceLocation(line: 2, column: 7), "`After` after the long line")
        XCTAssertEqual(f.location(ofToken: f.tokens.count / 2).line, 1)
    }

    func testChainStartAgreesWithChainOnOrdinaryCode() {
        let f = SourceFile(path: "T.swift", text: """
        func f() {
            self.items[i].values?.first!.append(x)
            store.state.items.map { $0.id }.count += 1
            a(b)(c)[d].e = f
            DispatchQueue.main.async { self.x = 1 }
            model?.flag.toggle()
            let v = Foo.init(x: 1).bar[0]?.baz() ?? other
        }
        """)
        for i in f.tokens.indices {
            XCTAssertEqual(f.chainStart(endingAt: i), f.chain(endingAt: i).start, "token \(i) `\(f.text(i))`")
        }
    }

    // MARK: Index

    func testDeepAndCyclicHierarchiesInTheIndex() {
        let count = 20_000
        var chain = (0..<count).map { "class C\($0): C\($0 + 1) {}\n" }.joined()
        chain += "class C\(count): ObservableObject {}\n"
        let cycle = (0..<count).map { "protocol P\($0): P\(($0 + 1) % count) {}\n" }.joined()
        let aliases = (0..<count).map { "typealias T\($0) = T\(($0 + 1) % count)\n" }.joined()
        let problems = onSmallStack {
            var problems: [String] = []
            let summaries = [chain, cycle, aliases].enumerated().map { FileSummary(file: SourceFile(path: "F\($0.offset).swift", text: $0.element)) }
            let index = ProjectIndex(summaries: summaries)
            if !index.isObservableObject("C0") { problems.append("C0 reaches ObservableObject through the chain") }
            if index.isObservableObject("P0") { problems.append("a protocol cycle is not an ObservableObject") }
            if index.conforms("P0", where: { $0 == "Nothing" }) { problems.append("a cycle conforms to nothing") }
            _ = index.resolve("T0")
            for i in stride(from: 0, to: count, by: 997) {
                _ = index.isViewLike("C\(i)")
                _ = index.hasMainActorAttribute("C\(i)")
                _ = index.conforms("C\(i)") { $0.hasSuffix("Repository") }
            }
            return problems
        }
        for p in problems { XCTFail(p) }
    }
}

/// A value handed from a worker thread to the waiting test (the semaphore orders the accesses).
final class Box<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}

/// A small deterministic pseudo-random generator (SplitMix64) for noise inputs.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
