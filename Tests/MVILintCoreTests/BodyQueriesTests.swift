/// Table tests of the body queries: closure nesting, call labels and local names.
import XCTest
@testable import MVILintCore

final class BodyQueriesTests: XCTestCase {
    func file(_ s: String) -> SourceFile { SourceFile(path: "T.swift", text: s) }

    /// Index of the first token spelling `text` at or after token `from`.
    func token(_ f: SourceFile, _ text: String, from: Int = 0) -> Int {
        (from..<f.tokens.count).first { f.text($0) == text } ?? -1
    }

    func testInsideClosureIgnoresDeclarationBraces() {
        let f = file("""
        struct V: View {
            var body: some View {
                let a = 1
                Text("x").task { let b = 2 }
                Button { let c = 3 } label: { Text("d") }
            }
        }
        """)
        let body = f.tree.allTypes[0].variables[0]
        let range = (body.accessorOpen! + 1)..<body.accessorClose!
        let cases: [(String, Bool)] = [("a", false), ("b", true), ("c", true), ("\"d\"", true), ("Text", false)]
        for (name, inside) in cases {
            XCTAssertEqual(f.isInsideClosure(token(f, name), within: range), inside, name)
        }
        // A closure that encloses the whole range does not count.
        let g = file("let f = { let x = 1; _ = x }")
        let x = token(g, "x")
        XCTAssertFalse(g.isInsideClosure(x, within: x..<(x + 3)))
        XCTAssertTrue(g.isInsideClosure(x, within: 0..<g.tokens.count))
    }

    func testClosuresInRangeAreTheOnesOpeningThere() {
        let f = file("a { }; b { c { } }; d { }")
        let all = f.closures(in: 0..<f.tokens.count).map { f.text($0.open - 1) }
        XCTAssertEqual(all, ["a", "b", "c", "d"])
        let bOpen = token(f, "b") + 1
        XCTAssertEqual(f.closures(in: bOpen..<(f.partner(bOpen)! + 1)).map { f.text($0.open - 1) }, ["b", "c"])
        XCTAssertEqual(f.closures(in: 0..<0).count, 0)
    }

    func testArgumentLabelsAtTheCallsOwnDepth() {
        let cases: [(String, [String])] = [
            ("task(id: x, priority: .low)", ["id", "priority"]),
            ("task(priority: f(id: 1))", ["priority"]),
            ("task(x, y: [a: 1])", ["y"]),
            ("task()", []),
            ("task(a ? b : c)", []),
        ]
        for (source, labels) in cases {
            let f = file(source)
            XCTAssertEqual(f.argumentLabels(ofCallAt: token(f, "(")), labels, source)
        }
    }

    func testLocalNames() {
        let cases: [(String, Set<String>)] = [
            ("let a = 1; var b = 2", ["a", "b"]),
            ("if let model { }", []),
            ("guard let model else { return }", []),
            ("if let a = b, let model { }", ["a"]),
            ("@Bindable var model = model", []),
            ("let model = self.model", []),
            ("let model = makeModel()", ["model"]),
            ("for (i, item) in items.enumerated() { }", ["i", "item"]),
            ("for item in items { }", ["item"]),
            ("switch r { case .success(let data): break }", ["data"]),
            ("list.map { [weak self] (row: Row, index) -> Int in 1 }", ["row", "index"]),
            ("items.forEach { item in }", ["item"]),
        ]
        for (source, names) in cases {
            let f = file(source)
            XCTAssertEqual(f.localNames(in: 0..<f.tokens.count), names, source)
        }
    }
}

final class ContainsIdentifierTests: XCTestCase {
    func testIdentifiersOnlyAndLookalikesAreScannedNotGuessed() {
        let file = SourceFile(path: "/c.swift", text: """
            // onAppear in a comment
            let text = "onAppear in a string"
            let oXXXXXXr = 1 // same length and ends as onAppear
            let value = Reduce { }
            let `onDisappear` = 2
            """)
        XCTAssertFalse(file.containsIdentifier("onAppear"), "comments, strings and a lookalike are not the word")
        XCTAssertTrue(file.containsIdentifier("Reduce"))
        XCTAssertTrue(file.containsIdentifier("oXXXXXXr"))
        XCTAssertFalse(file.containsIdentifier("let"), "keywords are not identifiers")
        XCTAssertFalse(file.containsIdentifier("onDisappear"), "the backticked token's text has its backticks")
        XCTAssertFalse(file.containsIdentifier("Reducer"))
        XCTAssertFalse(file.containsIdentifier(""))
        XCTAssertFalse(SourceFile(path: "/e.swift", text: "").containsIdentifier("Reduce"))
    }

    /// The byte search that runs first must see a word at the very start and the very end of the
    /// file, and look past a partial match and past the word inside a longer one.
    func testTheWordIsFoundAtEitherEndOfTheFile() {
        XCTAssertTrue(SourceFile(path: "/a.swift", text: "onAppear").containsIdentifier("onAppear"))
        XCTAssertTrue(SourceFile(path: "/a.swift", text: "x.onAppear").containsIdentifier("onAppear"))
        XCTAssertTrue(SourceFile(path: "/a.swift", text: "Reduce()").containsIdentifier("Reduce"))
        XCTAssertTrue(SourceFile(path: "/a.swift", text: "onAppea; onAppearing; onAppear").containsIdentifier("onAppear"))
        XCTAssertFalse(SourceFile(path: "/a.swift", text: "x.onAppea").containsIdentifier("onAppear"))
        XCTAssertFalse(SourceFile(path: "/a.swift", text: "nAppear").containsIdentifier("onAppear"))
        XCTAssertFalse(SourceFile(path: "/a.swift", text: "Reduc").containsIdentifier("Reduce"))
        XCTAssertFalse(SourceFile(path: "/a.swift", text: "/* Reduce */ Reducer").containsIdentifier("Reduce"))
    }
}
