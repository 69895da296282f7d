/// Table tests of closures, member chains and mutations inside bodies.
import XCTest
@testable import MVILintCore

final class BodyAnalysisTests: XCTestCase {
    func file(_ s: String) -> SourceFile { SourceFile(path: "T.swift", text: s) }

    func closureCallees(_ s: String) -> [String] {
        let f = file(s)
        return f.bodyAnalysis.closures.map { c in
            c.callee.map(\.name).joined(separator: ".") + (c.attributes.isEmpty ? "" : " @" + c.attributes.joined(separator: ",")) + (c.label.map { " label:" + $0 } ?? "")
        }
    }

    func testClosureCallees() {
        let body = """
        func f() {
            Task { }
            Task.detached(priority: .low) { }
            DispatchQueue.global(qos: .utility).async { }
            DispatchQueue.main.asyncAfter(deadline: .now() + 1) { }
            Task { @MainActor [weak self] in }
            publisher.receive(on: RunLoop.main).sink(receiveValue: { _ in })
            client.fetch(id: 1, completion: { result in })
            if x { } else if y { } else { }
            guard let a = b else { return }
            for i in items where i > 0 { }
            while cond { }
            do { } catch { }
            repeat { } while x
            items.forEach { }
            let handler = { }
            switch x { default: break }
            items.map { $0 }.filter { $0 > 1 }
        }
        """
        XCTAssertEqual(closureCallees(body), [
            "Task", "Task.detached", "DispatchQueue.global.async", "DispatchQueue.main.asyncAfter", "Task @MainActor",
            "publisher.receive.sink label:receiveValue", "client.fetch label:completion", "items.forEach", "", "items.map", "items.map.filter",
        ])
    }

    func testComputedAccessorsAreNotClosures() {
        XCTAssertEqual(closureCallees("""
        struct V { var x: Int { get { 1 } set { } }
          var y = 0 { didSet { } willSet(n) { } }
          var body: some View { Button("a") { go() } } }
        """), ["Button"])
    }

    func testMutations() {
        let f = file("""
        func f() {
            count = 1
            self.items[0] = x
            state.isLoading = true
            model?.flag.toggle()
            self?.items.append(contentsOf: more)
            total += 2
            let a = 1
            var b = 2
            if a == b { }
            guard let c = d else { return }
            f(x: y)
            items.removeAll { $0 > 1 }
            case .a = value
        }
        """)
        let ms = f.mutations(in: 0..<f.tokens.count)
        XCTAssertEqual(ms.map { $0.path.joined(separator: ".") }, ["count", "items", "state.isLoading", "model.flag", "items", "total", "items"])
        XCTAssertEqual(ms.map(\.viaSelf), [false, true, false, false, true, false, false])
        XCTAssertEqual(ms[3].kind, .mutatingCall("toggle"))
        XCTAssertEqual(ms[5].kind, .compoundAssignment)
        XCTAssertEqual(f.location(ofToken: ms[1].rootToken), SourceLocation(line: 3, column: 5))
    }

    func testEnclosingClosuresInnermostFirst() {
        let f = file("func f() { Task { DispatchQueue.main.async { x = 1 } } }")
        let x = f.tokens.indices.first { f.isText($0, "x") }!
        XCTAssertEqual(f.bodyAnalysis.enclosingClosures(of: x).map { $0.calleeName ?? "" }, ["async", "Task"])
    }
}
