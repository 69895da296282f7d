/// Suppression comments: scopes, regions, `all`, reasons, and the `unused_suppression` findings.
import XCTest
@testable import MVILintCore

/// Reports every class whose name starts with `Bad`.
private struct BadRule: Rule {
    static let info = RuleInfo(id: "test_bad", title: "T", summary: "S", rationale: "R", category: .state,
                               defaults: [.mvvm: .warning, .mvi: .warning], examples: [])
    func check(_ context: inout RuleContext) {
        for t in context.file.tree.allTypes where t.name.hasPrefix("Bad") { context.report(at: t.nameToken, "`\(t.name)` is bad") }
    }
}

/// Reports every struct whose name starts with `Ugly`.
private struct UglyRule: Rule {
    static let info = RuleInfo(id: "test_ugly", title: "T", summary: "S", rationale: "R", category: .state,
                               defaults: [.mvvm: .warning, .mvi: .warning], examples: [])
    func check(_ context: inout RuleContext) {
        for t in context.file.tree.allTypes where t.name.hasPrefix("Ugly") { context.report(at: t.nameToken, "`\(t.name)` is ugly") }
    }
}

/// Off by default: reports classes named `Rare`.
private struct RareRule: Rule {
    static let info = RuleInfo(id: "test_rare", title: "T", summary: "S", rationale: "R", category: .state, defaults: [:], examples: [])
    func check(_ context: inout RuleContext) {
        for t in context.file.tree.allTypes where t.name == "Rare" { context.report(at: t.nameToken, "`Rare` found") }
    }
}

/// The engine rule, as the rules module declares it.
private struct TestUnusedSuppression: EngineRule {
    static let info = RuleInfo(id: Suppressions.unusedRuleID, title: "T", summary: "S", rationale: "R", category: .hygiene,
                               defaults: [.mvvm: .warning, .mvi: .warning], examples: [])
}

final class SuppressionsTests: XCTestCase {
    let rules: [any Rule.Type] = [BadRule.self, UglyRule.self, RareRule.self, TestUnusedSuppression.self]

    /// Findings as `line:column rule`, in report order.
    func lint(_ source: String, selection: RuleSelection = RuleSelection(), rules: [any Rule.Type]? = nil) -> [String] {
        Linter(rules: rules ?? self.rules, selection: selection).lint(sources: [("A.swift", source)]).map { "\($0.line):\($0.column) \($0.ruleID)" }
    }

    func messages(_ source: String) -> [String] {
        Linter(rules: rules).lint(sources: [("A.swift", source)]).filter { $0.ruleID == Suppressions.unusedRuleID }.map(\.message)
    }

    func testLineScopes() {
        XCTAssertEqual(lint("class Bad1 {}\nclass Bad2 {}\n"), ["1:7 test_bad", "2:7 test_bad"])
        XCTAssertEqual(lint("// mvilint:disable:next test_bad\nclass Bad1 {}\nclass Bad2 {}\n"), ["3:7 test_bad"])
        XCTAssertEqual(lint("class Bad1 {} // mvilint:disable:this test_bad - reviewed\nclass Bad2 {}\n"), ["2:7 test_bad"])
        XCTAssertEqual(lint("class Bad1 {}\n// mvilint:disable:previous test_bad\nclass Bad2 {}\n"), ["3:7 test_bad"])
        XCTAssertEqual(lint("/* mvilint:disable:next test_bad */\nclass Bad1 {}\n"), [])
        // `next` is exactly the following line: a blank line in between leaves the finding.
        XCTAssertEqual(lint("// mvilint:disable:next test_bad\n\nclass Bad1 {}\n"), ["1:25 unused_suppression", "3:7 test_bad"])
        // After a multi-line block comment, `next` is the line after its end.
        XCTAssertEqual(lint("/* mvilint:disable:next test_bad\n   because\n */\nclass Bad1 {}\n"), [])
    }

    func testRegionsLastThroughTheEnableLineOrToTheEndOfTheFile() {
        let source = """
        class Bad1 {}
        // mvilint:disable test_bad - legacy
        class Bad2 {}
        struct Ugly1 {}
        class Bad3 {} // mvilint:enable test_bad
        class Bad4 {}
        """
        XCTAssertEqual(lint(source), ["1:7 test_bad", "4:8 test_ugly", "6:7 test_bad"])
        XCTAssertEqual(lint("// mvilint:disable test_bad\nclass Bad1 {}\n\nclass Bad2 {}\n"), [], "a region without enable is file-level")
        XCTAssertEqual(lint("class Bad0 {} // mvilint:disable test_bad\nclass Bad1 {}\n"), [], "a disable covers its own line")
    }

    func testAllCoversEveryRuleButCanBePartlyReenabled() {
        let source = """
        // mvilint:disable all - generated
        class Bad1 {}
        struct Ugly1 {}
        // mvilint:enable test_ugly
        class Bad2 {}
        struct Ugly2 {}
        // mvilint:enable all
        class Bad3 {}
        """
        XCTAssertEqual(lint(source), ["6:8 test_ugly", "8:7 test_bad"])
        XCTAssertEqual(lint("// mvilint:disable:next all\nclass Bad1 {}; struct Ugly1 {}\n"), [])
    }

    func testSeveralIdsAndReasons() {
        XCTAssertEqual(lint("// mvilint:disable:next test_bad, test_ugly - both reviewed - twice\nclass Bad1 {}; struct Ugly1 {}\n"), [])
        XCTAssertEqual(lint("// mvilint:disable:next test_bad test_ugly\nclass Bad1 {}; struct Ugly1 {}\n"), [])
        XCTAssertEqual(lint("// mvilint:disable:next test_bad,test_ugly -\nclass Bad1 {}; struct Ugly1 {}\n"), [])
        let directive = Suppressions(file: SourceFile(path: "A.swift", text: "// mvilint:disable:this test_bad - ticket 12 - see wiki\n")).directives.first
        XCTAssertEqual(directive?.reason, "ticket 12 - see wiki")
        XCTAssertEqual(directive?.mentions.map(\.id), ["test_bad"])
    }

    func testUnusedMentionsAreReportedAtTheRuleId() {
        let source = "struct Fine {}\n// mvilint:disable:next test_bad, test_ugly\nclass Bad1 {}\n"
        XCTAssertEqual(lint(source), ["2:35 unused_suppression"])
        XCTAssertEqual(messages(source), ["`mvilint:disable:next test_ugly` silences nothing: `test_ugly` reports nothing on the next line; remove it"])
        XCTAssertEqual(messages("// mvilint:disable all\nstruct Fine {}\n"), ["`mvilint:disable all` silences nothing: no rule reports anything in its region; remove it"])
        XCTAssertEqual(lint("/*😀é*/ // mvilint:disable:this test_bad\n"), ["1:32 unused_suppression"], "columns count characters")
    }

    func testUnknownIdsMalformedDirectivesAndStrayEnablesAreReported() {
        XCTAssertEqual(messages("// mvilint:disable:next test_bda\nclass Bad1 {}\n"),
                       ["`test_bda` in this suppression is not a rule id; did you mean `test_bad`?"])
        XCTAssertEqual(messages("// mvilint:disable:next zzzzzzzzzz\nstruct Fine {}\n"),
                       ["`zzzzzzzzzz` in this suppression is not a rule id; run `mvilint rules` to list the rules"])
        XCTAssertEqual(messages("// mvilint:disabel:next test_bad\nstruct Fine {}\n"),
                       ["`mvilint:disabel:next` is not a suppression command; did you mean `mvilint:disable:next`?"])
        XCTAssertEqual(messages("// mvilint:disable:next - no ids\nstruct Fine {}\n"), ["`mvilint:disable:next` names no rule; list rule ids or `all`"])
        XCTAssertEqual(messages("// mvilint:enable test_bad\nstruct Fine {}\n"), ["`mvilint:enable test_bad` has no `mvilint:disable` before it; remove it"])
        // The malformed directive silences nothing.
        XCTAssertEqual(lint("// mvilint:disabel:next test_bad\nclass Bad1 {}\n"), ["1:4 unused_suppression", "2:7 test_bad"])
    }

    func testOnlyRulesEnabledInTheRunCanBeUnused() {
        XCTAssertEqual(lint("// mvilint:disable:next test_rare\nclass Fine {}\n"), [], "test_rare is off")
        XCTAssertEqual(lint("// mvilint:disable:next test_rare\nclass Fine {}\n", selection: RuleSelection(onlyRules: ["test_rare", Suppressions.unusedRuleID])),
                       ["1:25 unused_suppression"])
        XCTAssertEqual(lint("// mvilint:disable:next test_bad\nclass Fine {}\n", selection: RuleSelection(onlyRules: ["test_ugly", Suppressions.unusedRuleID])),
                       [], "test_bad does not run")
        XCTAssertEqual(lint("// mvilint:enable test_rare\n"), [], "a stray enable of a rule that is off is not reported")
    }

    func testUnusedSuppressionIsConfigurableAndSuppressible() {
        let stale = "// mvilint:disable:next test_bad\nstruct Fine {}\n"
        XCTAssertEqual(lint(stale, selection: RuleSelection(overrides: [Suppressions.unusedRuleID: .off])), [])
        XCTAssertEqual(lint(stale, rules: [BadRule.self]), [], "without the engine rule registered nothing is reported")
        XCTAssertEqual(lint("// mvilint:disable:next test_bad\nclass Bad1 {}\n", rules: [BadRule.self]), [], "suppressions still apply")
        XCTAssertEqual(lint("// mvilint:disable:next unused_suppression\n" + stale), [])
        XCTAssertEqual(lint("// mvilint:disable unused_suppression\n// mvilint:disable all\nstruct Fine {}\n"), [])
        XCTAssertEqual(lint("// mvilint:disable all\n// mvilint:disable:next test_bad\nstruct Fine {}\n").count, 2, "`all` does not silence unused_suppression")
        let error = Linter(rules: rules, selection: RuleSelection(overrides: [Suppressions.unusedRuleID: .error])).lint(sources: [("A.swift", stale)])
        XCTAssertEqual(error.map(\.severity), [.error])
    }

    func testOnlyPlainCommentsThatStartWithTheMarkerAreDirectives() {
        let source = """
        /// mvilint:disable:next test_bad
        class Bad1 {}
        /** mvilint:disable:next test_bad */
        class Bad2 {}
        // see mvilint:disable:next test_bad
        class Bad3 {}
        let s = "// mvilint:disable:next test_bad"
        class Bad4 {}
        //mvilint:disable:next test_bad
        class Bad5 {}
        """
        XCTAssertEqual(lint(source), ["2:7 test_bad", "4:7 test_bad", "6:7 test_bad", "8:7 test_bad"])
    }

    func testHostileDirectivesNeverCrash() {
        for text in ["// mvilint:", "// mvilint:disable", "// mvilint:disable:next ,,, - ", "/* mvilint:disable:next test_bad", "// mvilint:disable:next test_bad -",
                     "// mvilint:disable:next \u{1}\u{7F} é😀", "// mvilint:enable all\n// mvilint:enable all", String(repeating: "// mvilint:disable all\n", count: 300)] {
            XCTAssertLessThanOrEqual(lint(text + "\nclass Bad1 {}").filter { $0.hasSuffix(" test_bad") }.count, 1, text)
        }
        XCTAssertEqual(lint("// mvilint:disable:next test_bad -\nclass Bad1 {}"), [])
    }
}
