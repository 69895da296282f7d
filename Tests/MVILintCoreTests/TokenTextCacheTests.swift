import XCTest
@testable import MVILintCore

final class TokenTextCacheTests: XCTestCase {
    func testEachNameIsMadeOnceAndBackticksDoNotCount() {
        let file = SourceFile(path: "/c.swift", text: "let a = Foo(); let b = Foo(); let c = `Foo`(); let d = Fo(); let e = Foo2()\n")
        var cache = TokenTextCache<String>(file: file)
        var made: [String] = []
        var answers: [String] = []
        for i in file.tokens.indices where file.kind(i) == .identifier && file.name(i).first?.isUppercase == true {
            answers.append(cache.value(forToken: i) { name in made.append(name); return name.lowercased() })
        }
        XCTAssertEqual(answers, ["foo", "foo", "foo", "fo", "foo2"])
        XCTAssertEqual(made, ["Foo", "Fo", "Foo2"])
    }

    func testManyNamesSurviveGrowth() {
        let names = (0..<500).map { "Name\($0)" }
        let file = SourceFile(path: "/g.swift", text: (names + names).map { "_ = \($0)()\n" }.joined())
        var cache = TokenTextCache<Int>(file: file)
        var calls = 0
        var seen: [Int] = []
        for i in file.tokens.indices where file.kind(i) == .identifier && file.name(i).first?.isUppercase == true {
            seen.append(cache.value(forToken: i) { name in calls += 1; return Int(name.dropFirst(4))! })
        }
        XCTAssertEqual(calls, 500)
        XCTAssertEqual(seen, Array(0..<500) + Array(0..<500))
    }
}
