/// Checks that every knowledge table is complete, read by a rule, and tested through that rule's examples.
import XCTest
import MVILintCore
@testable import MVILintRules

final class KnowledgeTablesTests: XCTestCase {
    func testEveryRowHasATriggeringExampleAndANearMiss() {
        var ids = Set<String>()
        for table in KnowledgeTables.all {
            XCTAssertTrue(ids.insert(table.id).inserted, "duplicate table id \(table.id)")
            XCTAssertFalse(table.rows.isEmpty, table.id)
            for row in table.rows {
                XCTAssertEqual(row.cells.count, table.columns.count, "\(table.id): \(row.cells.first ?? "")")
                XCTAssertFalse(row.examples.contains(where: \.isFocused), "\(table.id): remove .focused() before committing")
                XCTAssertTrue(row.examples.contains { $0.kind == .nonTriggering }, "\(table.id): \(row.cells.first ?? "") needs a near miss")
                // SwiftUI's own store access is listed as what the data layer is not: near misses only.
                if table.id == DataLayerAPIs.table.id, row.cells.dropFirst().first == "not the data layer" { continue }
                XCTAssertTrue(row.examples.contains { $0.kind == .triggering }, "\(table.id): \(row.cells.first ?? "") needs a triggering example")
            }
        }
    }

    /// Each table's examples run against a registered rule that lists the table, so that the
    /// shared example test runs them (`RuleInfo.allExamples`); and every table a rule lists is known.
    func testEveryTableIsReadByTheRuleItsExamplesRunAgainst() {
        let infos = Dictionary(uniqueKeysWithValues: allRules.map { ($0.info.id, $0.info) })
        let known = Set(KnowledgeTables.all.map(\.id))
        for table in KnowledgeTables.all {
            guard let info = infos[table.exampleRule] else { XCTFail("\(table.id): no rule \(table.exampleRule)"); continue }
            XCTAssertTrue(info.knowledge.contains { $0.id == table.id }, "\(table.exampleRule) does not list \(table.id)")
        }
        for info in infos.values { for t in info.knowledge { XCTAssertTrue(known.contains(t.id), "\(info.id) lists \(t.id), which KnowledgeTables.all lacks") } }
    }

    /// The lookups the rules make are derived from the rows: a configured row joins them.
    func testConfiguredRowsJoinTheBuiltInOnes() {
        let acme = MainQueueCallback.configured(type: "AcmePayClient", methods: ["charge"], module: "AcmePay", unlessArgument: "queue")
        let knowledge = Knowledge(mainQueueCallbacks: [acme], viewLikeProtocols: ["AcmeScreen"])
        XCTAssertEqual(knowledge.callbacks(named: "charge").map(\.library), ["AcmePay"])
        XCTAssertTrue(knowledge.callbackReceiverTypes.isSuperset(of: ["AcmePayClient", "GIDSignIn", "MKLocalSearch"]))
        XCTAssertEqual(Knowledge.builtIn.callbacks(named: "charge").count, 0)
        XCTAssertEqual(knowledge.mainQueueCallbacks.count, MainQueueCallbacks.rows.count + 1)
        // Every class with a row is in the pre-filter of the files that may hold one.
        let file = SourceFile(path: "A.swift", text: "final class M { let signIn: GIDSignIn = .sharedInstance }")
        XCTAssertTrue(file.containsIdentifier(in: Knowledge.builtIn.callbackReceiverSearch))
        XCTAssertFalse(SourceFile(path: "B.swift", text: "let gid = 1 // GIDSignIn").containsIdentifier(in: Knowledge.builtIn.callbackReceiverSearch))
    }
}
