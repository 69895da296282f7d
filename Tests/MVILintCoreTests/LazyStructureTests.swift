/// Structure computed on demand must equal what an eager computation gives.
import XCTest
@testable import MVILintCore

final class LazyStructureTests: XCTestCase {
    func testParametersAreParsedOnFirstUseAndKept() {
        let file = SourceFile(path: "/t.swift", text: """
        struct S {
            func load(id: Int, _ name: String = "x", completion: @escaping () -> Void) {}
            subscript(i: Int) -> Int { i }
            var body: Int { 0 }
            init() {}
        }
        """)
        let fs = file.tree.allTypes[0].functions
        XCTAssertNil(fs[0].parsedParameters)
        let first = file.parameters(of: fs[0])
        XCTAssertEqual(first.map(\.name), ["id", "name", "completion"])
        XCTAssertEqual(first.map(\.label), ["id", nil, "completion"])
        XCTAssertNotNil(first[1].defaultValue)
        XCTAssertEqual(fs[0].parsedParameters?.map(\.name), ["id", "name", "completion"])
        XCTAssertEqual(file.parameters(of: fs[0]).map(\.name), first.map(\.name))
        XCTAssertEqual(file.parameters(of: fs[1]).map(\.name), ["i"])
        XCTAssertEqual(file.parameters(of: fs[2]).map(\.name), [])
        XCTAssertNotNil(fs[2].parameterOpen)
    }

    /// The view-graph summary's light closure map must mark the same braces as closures, with the
    /// same extents and nesting, as the full analysis the rules use.
    func testLightClosureMapAgreesWithTheFullAnalysis() {
        let file = SourceFile(path: "/t.swift", text: """
        struct V: View {
            var items: [Int] { [1].map { $0 } }
            var body: some View {
                VStack {
                    ForEach(items, id: \\.self) { i in Text("\\(i)") }
                    Button("Go") { Task { await load() } } label: { Text("x") }
                    if flag { Text("a") } else { Text("b") }
                }
                .onAppear { for x in items { print(x) } }
                .sheet(isPresented: $show, content: { Sheet() })
            }
            var count = 0 { didSet { print(oldValue) } }
            func f() { repeat { g() } while cond; let h = { 1 }; switch h() { default: break } }
        }
        #Preview { V() }
        """)
        let full = BodyAnalyzer(file: file).run()
        let light = BodyAnalyzer(file: file, describesClosures: false).run()
        XCTAssertEqual(full.innermost, light.innermost)
        XCTAssertEqual(full.closures.map(\.open), light.closures.map(\.open))
        XCTAssertEqual(full.closures.map(\.close), light.closures.map(\.close))
        XCTAssertEqual(full.closures.map(\.parent), light.closures.map(\.parent))
        XCTAssertEqual(full.closures.count, 9)
        XCTAssertTrue(light.closures.allSatisfy { $0.callee.isEmpty && $0.label == nil })
        XCTAssertTrue(full.closures.contains { $0.calleeName == "Task" })
    }
}
