/// Table tests for the declarations on which the structure pass once disagreed with SwiftParser.
import XCTest
@testable import MVILintCore

final class OracleRegressionTests: XCTestCase {
    struct Case {
        var name: String
        var source: String
        /// Every property and function of the file, as `describe` prints them, in source order.
        var members: [String]
        var line: UInt = #line
    }

    /// `line kind name attrs` for each top-level or member property and function.
    func describe(_ file: SourceFile) -> [String] {
        var out: [(Int, String)] = []
        func add(_ members: [Member]) {
            for m in members {
                switch m {
                case .variable(let v):
                    let attrs = v.header.attributes.map(\.name).joined(separator: ",")
                    out.append((v.nameToken, "\(file.line(ofToken: v.nameToken)) \(v.isLet ? "let" : "var") \(v.name) [\(attrs)]"))
                case .function(let f):
                    let attrs = f.header.attributes.map(\.name).joined(separator: ",")
                    out.append((f.nameToken, "\(file.line(ofToken: f.nameToken)) func \(f.name) [\(attrs)]"))
                default:
                    break
                }
            }
        }
        add(file.tree.declarations)
        for t in file.tree.allTypes { add(t.members) }
        return out.sorted { $0.0 < $1.0 }.map(\.1)
    }

    static let cases: [Case] = [
        Case(name: "generic arguments in an initializer keep their comma",
             source: """
             let subject = PassthroughSubject<String, Never>()
             var task = Task<Void, Never> {}, other = 1
             let nested = Array<Dictionary<String, Int>>(), none = Optional<Array<Int>>.none
             let r = Result<Int, Error>.success(1)
             """,
             members: ["1 let subject []", "2 var task []", "2 var other []", "3 let nested []", "3 let none []", "4 let r []"]),
        Case(name: "comparisons are not generic arguments",
             source: """
             let first = 1 < 2, second = 3 > 1
             let tight = a<b, third = b>a
             let call = f(x<y, z>w)
             """,
             members: ["1 let first []", "1 let second []", "2 let tight []", "2 let third []", "3 let call []"]),
        Case(name: "generic attribute names",
             source: """
             struct S {
                 @ReducerBuilder<State, Action>
                 var body: some Reducer<State, Action> { EmptyReducer() }
                 @FocusState<Field?> private var focused: Field?
                 @FocusState<Field?>.Binding var external: Field?
                 @Dependency<Client>(\\.client) var client
             }
             """,
             members: ["3 var body [ReducerBuilder]", "4 var focused [FocusState]", "5 var external [FocusState.Binding]", "6 var client [Dependency]"]),
        Case(name: "#if clauses inside an attribute list",
             source: """
             struct S {
                 #if os(iOS)
                 @available(iOS 16, *)
                 #else
                 @available(macOS 13, *)
                 #endif
                 @MainActor
                 func show() {}
                 @discardableResult
                 #if DEBUG
                 @inline(never)
                 #endif
                 func hide() -> Bool { true }
                 #if DEBUG
                 var flag = false
                 #endif
             }
             """,
             members: ["8 func show [available,available,MainActor]", "13 func hide [discardableResult,inline]", "15 var flag []"]),
        Case(name: "$ inside identifiers",
             source: """
             struct T {
                 var _$id = 0
                 mutating func _$willModify() {}
                 func f() -> Int { [1].map { $0 + _$id }.count }
             }
             """,
             members: ["2 var _$id []", "3 func _$willModify []", "4 func f []"]),
    ]

    func testCases() {
        for c in Self.cases {
            let file = SourceFile(path: "Case.swift", text: c.source)
            XCTAssertEqual(describe(file), c.members, c.name, line: c.line)
            XCTAssertEqual(file.invariantViolations(), [], c.name, line: c.line)
        }
    }

    func testGenericArgumentDecisionTable() {
        // Each source has one `<`; the expectation is whether it opens generic arguments.
        let table: [(String, Bool)] = [
            ("x = PassthroughSubject<String, Never>()", true),
            ("x = Task<Void, Never> {}", true),
            ("x = Array<Int>.self", true),
            ("x = [Set<Int>]()", true),
            ("x = Foo<Bar<Int>>()", true),
            ("x = Foo<Int>?.none", true),
            ("x = Foo<(Int) -> Void>()", true),
            ("x = a < b", false),
            ("x = a <b", false),
            ("x = a<b", false),
            ("x = f(a<b, c>d)", false),
            ("x = a<b && c>(d)", false),
            ("x = a<b>=c", false),
            ("x = a<\"s\">()", false),
        ]
        for (source, expected) in table {
            let file = SourceFile(path: "T.swift", text: source)
            let parser = Parser(file: file)
            guard let open = file.tokens.indices.first(where: { file.kind($0) == .operator && file.text($0).hasPrefix("<") }) else {
                XCTFail("no `<` in \(source)")
                continue
            }
            XCTAssertEqual(parser.genericArgumentsEnd(at: open, end: file.tokens.count - 1) != nil, expected, source)
        }
    }
}
