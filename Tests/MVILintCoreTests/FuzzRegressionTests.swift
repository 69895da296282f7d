/// Regression cases from fuzzing the per-file pipeline (`Tools/fuzz.sh`): hostile inputs and the invariants they once broke.
import XCTest
@testable import MVILintCore

final class FuzzRegressionTests: XCTestCase {
    /// Inputs that must scan, parse and analyse with every invariant intact.
    static let hostileInputs: [(name: String, source: String)] = [
        ("unterminated nested bodies", "struct A { struct B {"),
        ("generic clause at the end", "class A<"),
        ("lone attribute", "@"),
        ("lone var", "var"),
        ("generic function at the end", "func f<"),
        ("lone extension", "extension"),
        ("generic attribute at the end", "@FocusState<"),
        ("comparison at the end", "let x = a<b"),
        ("byte-order mark", "\u{FEFF}struct A {}"),
        ("directive after an attribute at the end", "@a #if"),
        ("directives inside a header", "@a\n#if X\n@b\n#endif"),
        ("directive then stray closer", "@a\n#endif\n}"),
        ("else in a type body", "struct A { @x\n#else\n }"),
        ("open interpolation", "\"\\("),
        ("nested open interpolations", "\"\\(\"\\("),
        ("open raw interpolation", "#\"\\#("),
        ("open nested block comment", "/* /* */"),
        ("open enum payload", "enum E { case a("),
        ("missing return type", "protocol P { func f() -> }"),
        ("trailing binding comma", "struct S { var a = 1, }"),
        ("open accessor block", "struct S { var a: Int { get"),
        ("empty where clause", "struct S<T> where T: { }"),
        ("stray closers first", "}}}}class A{}{{{{"),
        ("open attribute arguments", "@A<B>(\n"),
        ("unclosed generic arguments", "let x = Foo<Bar<Baz<Qux<"),
        ("attribute clauses in a member", "struct S { @a #if X @b #elseif Y @c #else @d #endif var v = 1 }"),
        ("thousands of generic openers", String(repeating: "@a<", count: 3000)),
        ("thousands of open braces", String(repeating: "{", count: 3000)),
        ("long member chain", "let x = " + String(repeating: "a.", count: 3000) + "b"),
        ("many types on one line", String(repeating: "struct A{} /*é*/ ", count: 2000)),
        // The nested type's range ends at the outer `}`; the `{` after it is not its body.
        ("brace right after a nested type's range", "struct{class<}{"),
    ]

    func testHostileInputsKeepEveryInvariant() {
        for (name, source) in Self.hostileInputs {
            let file = SourceFile(path: "Hostile.swift", text: source)
            XCTAssertEqual(file.invariantViolations(), [], name)
            XCTAssertEqual(file.tokens.last?.kind, .eof, name)
        }
    }

    /// Found as a hang: `enclosingClosures` walked the whole chain for every mutation, so a file
    /// of thousands of nested closures, each with an assignment, took quadratic time in
    /// `main_actor_mutation`. The chain is now bounded; ordinary nesting is untouched.
    func testEnclosingClosureChainIsBounded() {
        let depth = 300
        let source = "final class M: ObservableObject {\n    @Published var a = 0\n    func f() {\n"
            + String(repeating: "g {\n a = 1\n", count: depth) + String(repeating: "}\n", count: depth) + "    }\n}\n"
        let file = SourceFile(path: "Deep.swift", text: source)
        XCTAssertEqual(file.invariantViolations(), [])
        let analysis = file.bodyAnalysis
        XCTAssertEqual(analysis.closures.count, depth)
        let assignments = file.mutations(in: 0..<file.tokens.count).map(\.operatorToken)
        XCTAssertEqual(assignments.count, depth)

        // The innermost assignment: the chain stops at the bound, innermost closure first.
        let innermost = analysis.enclosingClosures(of: assignments[depth - 1])
        XCTAssertEqual(innermost.count, BodyAnalysis.maxEnclosingClosures)
        XCTAssertEqual(innermost.first?.open, analysis.closures.last?.open)
        XCTAssertEqual(zip(innermost, innermost.dropFirst()).filter { $0.0.open <= $0.1.open }.count, 0, "innermost first")

        // Shallow assignments still see every closure around them.
        for level in [1, 2, 3] {
            XCTAssertEqual(analysis.enclosingClosures(of: assignments[level - 1]).count, level)
        }
    }
}
