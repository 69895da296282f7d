/// What `state_private_set`'s write collector finds in one file: each member written, with the
/// instance as far as the file tells and the types around the write.
import XCTest
import MVILintCore
@testable import MVILintRules

final class StatePrivateSetWritesTests: XCTestCase {
    func writes(_ text: String) -> [String] {
        var collector = WriteCollector(file: SourceFile(path: "W.swift", text: text))
        return collector.writes().map { w in
            let receiver: String
            switch w.receiver {
            case .instance(let t, let p): receiver = ([t] + p).joined(separator: ".")
            case .staticMember(let t, let p): receiver = ([t + ".Type"] + p).joined(separator: ".")
            case .unknown: receiver = "?"
            }
            return "\(receiver).\(w.member)\(w.throughValue ? " (through)" : "") in \(w.scope.isEmpty ? "-" : w.scope)"
        }.sorted()
    }

    func testDeclarationsAndOwnMembersAreNotWrites() {
        XCTAssertEqual(writes("""
        final class Model {
            var count = 0
            let limit: Int = 3
            enum Kind: Int { case a = 1 }
            func reset(to value: Int = 0) {
                let local = value
                var other = local
                other = 2
                count = other
                self.count += 1
            }
        }
        let global = 1
        """), [])
    }

    func testInstancesAreWorkedOutFromTheFile() {
        XCTAssertEqual(writes("""
        struct Panel {
            @ObservedObject var model: Model
            var form = Form()
            func run(_ other: Model, items: [Item]) {
                model.count = 1
                other.items.append(Item())
                form.text = ""
                let made = Model()
                made.flag.toggle()
                guard let held = self.holder?.model else { return }
                held.count = 2
                items.forEach { $0.isDone = true }
                Store.shared.total += 1
                nudge(&model.position)
                model[keyPath: \\.count] = 3
            }
        }
        """), [
            // Members of the enclosing type are named through it (`Panel.model`); the index tells
            // their types. `form` is Panel's own: writing it is Panel's business.
            "?.isDone in Panel",
            "Model.flag (through) in Panel",
            "Model.items (through) in Panel",
            "Panel.form.text in Panel",
            "Panel.holder.model.count in Panel",
            "Panel.model.count in Panel",
            "Panel.model.count in Panel",
            "Panel.model.position in Panel",
            // `shared` itself is a static property of `Store`, which the index leaves out.
            "Store.Type.shared (through) in Panel",
            "Store.Type.shared.total in Panel",
        ])
    }
}
