/// Table tests of the statement splitter behind flow questions (`SourceFile.statements(in:)`).
import XCTest
@testable import MVILintCore

final class FlowAnalysisTests: XCTestCase {
    /// A compact shape of a statement list: `e` expression, `if{…}else{…}`, `do{…}catch{…}`
    /// (`catch?` for a clause that does not catch everything), `return`, `loop`, `#` directive…
    func shape(_ statements: [Statement]) -> String {
        statements.map { s -> String in
            switch s.kind {
            case .expression: return "e"
            case .declaration: return "decl"
            case .ifStatement(_, let then, let otherwise):
                return "if{\(shape(then.statements))}" + (otherwise.map { "else{\(shape($0.statements))}" } ?? "")
            case .guardStatement(_, let otherwise): return "guard{\(shape(otherwise.statements))}"
            case .doStatement(let body, let catches):
                return "do{\(shape(body.statements))}" + catches.map { "\($0.catchesAll ? "catch" : "catch?"){\(shape($0.body.statements))}" }.joined()
            case .deferStatement(let b): return "defer{\(shape(b.statements))}"
            case .returnStatement: return "return"
            case .throwStatement: return "throw"
            case .breakStatement: return "break"
            case .continueStatement: return "continue"
            case .fallthroughStatement: return "fallthrough"
            case .loop: return "loop"
            case .switchStatement: return "switch"
            case .directive: return "#"
            case .opaque: return "opaque"
            }
        }.joined(separator: " ")
    }

    func statements(ofBody body: String) -> (SourceFile, [Statement]) {
        let file = SourceFile(path: "F.swift", text: "func f() async throws {\n\(body)\n}\n")
        let range = file.tree.topLevelFunctions[0].bodyTokens!
        return (file, file.statements(in: range))
    }

    func testShapes() {
        let cases: [(String, String, UInt)] = [
            ("a = 1\nb = 2", "e e", #line),
            ("a = 1; b = 2", "e e", #line),
            ("x = foo()\n    .bar()\n    .baz", "e", #line),
            ("let v = a +\n    b\nuse(v)", "e e", #line),
            ("let v = a\n    ?? b", "e", #line),
            ("flag = true\n!other ? a() : b()", "e e", #line),
            ("if a { x() } else if b { return } else { throw E() }", "if{e}else{if{return}else{throw}}", #line),
            ("if let x = try? await f(), x > 1 {\n    use(x)\n}\nafter()", "if{e} e", #line),
            ("guard let x = try? f() else { return }\nuse(x)", "guard{return} e", #line),
            ("guard a,\n      b else {\n    log()\n    return\n}", "guard{e return}", #line),
            ("do { try a() } catch is CancellationError { } catch { log() }", "do{e}catch?{}catch{e}", #line),
            ("do { try a() } catch let error { log(error) }", "do{e}catch{e}", #line),
            ("do { try a() } catch let error where error is URLError { }", "do{e}catch?{}", #line),
            ("do {\n    defer { done() }\n    try a()\n}", "do{defer{e} e}", #line),
            ("for x in xs { if x { break } }\nafter()", "loop e", #line),
            ("outer: for x in xs { continue outer }", "loop", #line),
            ("repeat { x() } while y\nafter()", "loop e", #line),
            ("while let n = next() { use(n) }", "loop", #line),
            ("switch a {\ncase .b: return\ndefault: break\n}\nafter()", "switch e", #line),
            ("#if DEBUG\nprint(1)\n#else\nprint(2)\n#endif", "# e # e #", #line),
            ("Task {\n    await x()\n}\nreturn", "e return", #line),
            ("return x\n    .map { $0 }", "return", #line),
            ("if a { return }\nfoo()", "if{return} e", #line),
            ("items.forEach { item in\n    print(item)\n}\nafter()", "e e", #line),
            ("let x = if a { 1 } else { 2 }\nuse(x)", "e e", #line),
            ("func helper() {\n    x()\n}\nhelper()", "decl e", #line),
            ("sink { value in\n    guard value else { return }\n}", "e", #line),
            ("throw APIError.bad", "throw", #line),
        ]
        for (body, expected, line) in cases {
            let (_, s) = statements(ofBody: body)
            XCTAssertEqual(shape(s), expected, body, line: line)
        }
    }

    func testDeepNestingIsKeptWholeBelowTheDepthBound() {
        let n = 30, bound = StatementSplitter.maxDepth
        let (_, s) = statements(ofBody: String(repeating: "if a { ", count: n) + "x()" + String(repeating: " }", count: n))
        XCTAssertEqual(shape(s), String(repeating: "if{", count: bound) + "opaque" + String(repeating: "}", count: bound))
    }

    func testStatementRangesCoverTheirTokens() {
        let (file, s) = statements(ofBody: "isLoading = true\ndo {\n    items = try await load()\n} catch {\n    error = nil\n}\nisLoading = false")
        XCTAssertEqual(s.count, 3)
        XCTAssertEqual(file.text(of: s[0].range), "isLoading = true")
        XCTAssertTrue(file.text(of: s[1].range).hasPrefix("do {"))
        XCTAssertTrue(file.text(of: s[1].range).hasSuffix("}"))
        XCTAssertEqual(file.text(of: s[2].range), "isLoading = false")
    }

    func testMalformedInputNeverHangsOrCrashes() {
        for body in ["if {", "guard else", "do { } catch", "defer", "} } }", "return return", "if a { } else", "switch {", "for in {"] {
            let file = SourceFile(path: "F.swift", text: body)
            let all = 0..<max(0, file.tokens.count - 1)
            // Every token ends up in some statement, in order, once.
            var covered = 0
            for s in file.statements(in: all) {
                XCTAssertGreaterThanOrEqual(s.range.lowerBound, covered, body)
                covered = s.range.upperBound
            }
            XCTAssertLessThanOrEqual(covered, all.upperBound, body)
        }
    }

    func testIsClosureOpenTellsClosuresFromBlocks() {
        let file = SourceFile(path: "F.swift", text: "func f() { if a { Task { x() } } }")
        let braces = file.tokens.indices.filter { file.kind($0) == .leftBrace }
        XCTAssertEqual(braces.map(file.isClosureOpen), [false, false, true])
    }
}
