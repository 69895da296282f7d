/// Checks that every rule documents itself and is registered exactly once.
import XCTest
import Foundation
import MVILintCore
@testable import MVILintRules

final class RuleMetadataTests: XCTestCase {
    static let rulesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Rules")

    func upperCamel(_ id: String) -> String {
        id.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    func testEveryRuleHasCompleteMetadata() {
        var ids = Set<String>()
        for rule in allRules {
            let info = rule.info
            XCTAssertTrue(ids.insert(info.id).inserted, "duplicate id \(info.id)")
            XCTAssertNotNil(info.id.range(of: "^[a-z]+(_[a-z]+)*$", options: .regularExpression), "\(info.id) is not snake_case")
            XCTAssertEqual(String(describing: rule), upperCamel(info.id), "type name must be the UpperCamel form of the id")
            XCTAssertFalse(info.title.isEmpty, info.id)
            XCTAssertFalse(info.summary.isEmpty, info.id)
            XCTAssertGreaterThan(info.rationale.count, 80, "\(info.id): the rationale explains why")
            XCTAssertTrue(info.examples.contains { $0.kind == .triggering }, "\(info.id) needs a triggering example")
            XCTAssertTrue(info.examples.contains { $0.kind == .nonTriggering }, "\(info.id) needs a non-triggering example")
            XCTAssertFalse(info.examples.contains(where: \.isFocused), "\(info.id): remove .focused() before committing")
            for p in Profile.allCases { XCTAssertNotNil(info.defaults[p], "\(info.id) has no default for \(p)") }
        }
    }

    func testEveryRuleFileIsRegisteredOnce() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.rulesDirectory.path)
            .filter { $0.hasSuffix(".swift") && $0 != "AllRules.swift" && !$0.contains("+") }
            .map { String($0.dropLast(".swift".count)) }
        let registered = allRules.map { String(describing: $0) }
        XCTAssertEqual(Set(registered).count, registered.count, "a rule is registered twice")
        XCTAssertEqual(Set(files), Set(registered), "every file in Rules/ is one registered rule")
    }
}
