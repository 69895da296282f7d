/// The JSON5 outline, configuration validation with file/line/key-path issues, and the starter file.
import Foundation
import XCTest
@testable import MVILintCore

final class ConfigurationTests: XCTestCase {
    /// Rules with every option type, standing in for the registered rules.
    let rules: [RuleInfo] = [
        RuleInfo(id: "state_private_set", title: "T", summary: "Observable state is private(set)", rationale: "R", category: .state,
                 defaults: [.mvvm: .warning, .mvi: .warning], examples: []),
        RuleInfo(id: "no_usecase_in_view", title: "T", summary: "Views hold no use cases", rationale: "R", category: .architecture,
                 defaults: [.mvvm: .error, .mvi: .error],
                 options: [RuleOption("extra_names", default: .strings([]), "Extra names"),
                           RuleOption("check_statics", default: .bool(true), "Also static members"),
                           RuleOption("max_depth", default: .int(3), "How deep"),
                           RuleOption("mode", default: .string("strict"), "A \"quoted\" mode")],
                 examples: []),
        RuleInfo(id: "view_binds_model_state", title: "T", summary: "Bindings into model state", rationale: "R", category: .state,
                 defaults: [.mvvm: .off, .mvi: .error], examples: []),
    ]

    func parse(_ text: String) throws -> Configuration {
        try ConfigurationLoader.parse(text, path: "/p/.mvilint.json", rules: rules)
    }

    /// The issues `text` produces, as `line keyPath: message`.
    func issues(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        do {
            _ = try parse(text)
            XCTFail("expected configuration issues", file: file, line: line)
            return []
        } catch let e as ConfigurationError {
            return e.issues.map { "\($0.line) \($0.keyPath): \($0.message)" }
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
            return []
        }
    }

    // MARK: Outline

    func testOutlineRecordsKeyAndElementLines() {
        let outline = JSON5Outline("""
        // comment
        {
          profile: 'mvi', /* inline */
          "rules": {
            state_private_set: { severity: "error", },
          },
          included: [
            "Sources",
            'App',
          ],
        }
        """)
        XCTAssertNil(outline.syntaxError)
        XCTAssertEqual(outline.lines[[.key("profile")]], 3)
        XCTAssertEqual(outline.lines[[.key("rules")]], 4)
        XCTAssertEqual(outline.lines[[.key("rules"), .key("state_private_set"), .key("severity")]], 5)
        XCTAssertEqual(outline.lines[[.key("included"), .index(1)]], 9)
        XCTAssertEqual(outline.line(of: [.key("rules"), .key("state_private_set"), .key("missing")]), 5)
        XCTAssertEqual([JSONPathComponent.key("rules"), .key("x"), .key("severty")].rendered, "rules.x.severty")
        XCTAssertEqual([JSONPathComponent.key("included"), .index(2)].rendered, "included[2]")
    }

    func testOutlineReportsSyntaxErrorsWithLineAndColumn() {
        let table: [(String, Int, Int, String)] = [
            ("{\n  profile: \"mvi\"\n  rules: {}\n}", 3, 3, "expected ',' or '}'"),
            ("{\n  a: [1,,2]\n}", 2, 9, "unexpected character ','"),
            ("{ a: 'open\n}", 1, 6, "unterminated string"),
            ("{ a: 1 } trailing", 1, 10, "unexpected text"),
            ("{\n /* never closed", 2, 2, "unterminated comment"),
            ("", 1, 1, "expected a value"),
            ("{ a: mvi }", 1, 6, "strings must be quoted"),
            ("{ a: 0x }", 1, 8, "hexadecimal"),
            ("{ a: 007 }", 1, 9, "leading zeros"),
            (String(repeating: "[", count: 200), 1, 66, "nesting is deeper"),
        ]
        for (text, line, column, message) in table {
            guard let e = JSON5Outline(text).syntaxError else { XCTFail("no error for \(text)"); continue }
            XCTAssertEqual(e.line, line, text)
            XCTAssertEqual(e.column, column, text)
            XCTAssertTrue(e.message.contains(message), "\(text): \(e.message)")
        }
    }

    func testStrictRenderingDecodesLikeTheNativeJSON5Decoder() throws {
        let documents = [
            "{a: 1, 'b': \"two\", c: [true, false, null,], d: {e: -0.5e1,},}",
            "// top\n{ hex: 0x1F, plus: +3, lead: .25, trail: 4., zero: 0, str: 'it\\'s \\x41\\u00e9 \\\n continued' }",
            "{ \"emoji\": \"😀\\ud83d\\ude00\", $id: 'x', _k: [], nested: [[{}]] }",
        ]
        for text in documents {
            let outline = JSON5Outline(text)
            XCTAssertNil(outline.syntaxError, text)
            let strict = try ConfigurationLoader.decodeStrict(outline)
            XCTAssertEqual(strict, try ConfigurationLoader.decode(text, outline: outline), text)
        }
        let outline = JSON5Outline("{ hex: 0x1F, lead: .25, s: 'it\\'s', n: Infinity }")
        XCTAssertEqual(try ConfigurationLoader.decodeStrict(outline), .object(["hex": .int(31), "lead": .double(0.25), "s": .string("it's"), "n": .null]))
    }

    // MARK: Validation

    func testValidConfigurationIsRead() throws {
        let c = try parse("""
        {
          profile: "mvi",
          included: ["Sources/**"],
          excluded: ["**/Generated"],
          default_isolation: "MainActor",
          model_suffixes: ["Model"],
          usecase_suffixes: ["Service"],
          layers: { view: ["View"], store: ["Store"] },
          layer_dependencies: { view: ["store"], store: [] },
          rules: {
            state_private_set: "error",
            view_binds_model_state: "off",
            no_usecase_in_view: { severity: "warning", extra_names: ["Gateway"], check_statics: false, max_depth: 5, mode: "loose" },
          },
        }
        """)
        XCTAssertEqual(c.profile, .mvi)
        XCTAssertEqual(c.included.map(\.pattern), ["Sources/**"])
        XCTAssertEqual(c.excluded.map(\.pattern), ["**/Generated"])
        XCTAssertEqual(c.severities, ["state_private_set": .error, "view_binds_model_state": .off, "no_usecase_in_view": .warning])
        XCTAssertEqual(c.options["no_usecase_in_view"], ["extra_names": .strings(["Gateway"]), "check_statics": .bool(false), "max_depth": .int(5), "mode": .string("loose")])
        XCTAssertEqual(c.defaultIsolation, .mainActor)
        XCTAssertEqual(c.modelSuffixes, ["Model"])
        XCTAssertEqual(c.useCaseSuffixes, ["Service"])
        XCTAssertEqual(c.layers, ["view": ["View"], "store": ["Store"]])
        XCTAssertEqual(c.layerDependencies, ["view": ["store"], "store": []])
        XCTAssertEqual(c.directory, "/p")
    }

    func testUnknownKeysRuleIdsAndOptionsNameLineKeyPathAndClosestName() {
        XCTAssertEqual(issues("{\n  profle: \"mvi\",\n}"), ["2 profle: unknown key 'profle'. Did you mean 'profile'?"])
        XCTAssertEqual(issues("{\n  rules: {\n    state_privat_set: \"off\",\n  },\n}"),
                       ["3 rules.state_privat_set: unknown rule id 'state_privat_set'. Did you mean 'state_private_set'?"])
        XCTAssertEqual(issues("{ rules: {\n  no_usecase_in_view: {\n    severty: \"error\" } } }"),
                       ["3 rules.no_usecase_in_view.severty: unknown option 'severty' of no_usecase_in_view. Did you mean 'severity'?"])
        XCTAssertEqual(issues("{ rules: { state_private_set: { names: [] } } }"),
                       ["1 rules.state_private_set.names: unknown option 'names' of state_private_set; expected one of: severity"])
        XCTAssertEqual(issues("{ rules: { zzz_qqq: 'off' } }"), ["1 rules.zzz_qqq: unknown rule id 'zzz_qqq'; run 'mvilint rules' to list the rules"])
        XCTAssertEqual(issues("{ zzzzzzzz: 1 }").first?.hasPrefix("1 zzzzzzzz: unknown key 'zzzzzzzz'; expected one of: profile, included,"), true)
    }

    func testWronglyTypedValuesAreErrors() {
        XCTAssertEqual(issues("""
        {
          profile: 3,
          included: "Sources",
          excluded: ["ok", 4],
          rules: {
            state_private_set: true,
            no_usecase_in_view: {
              extra_names: "Gateway",
              check_statics: "no",
              max_depth: 2.5,
              mode: ["a"],
              severity: "warn",
            },
          },
          layers: { view: "View" },
          model_suffixes: [""],
          default_isolation: "mainactor",
        }
        """), [
            "2 profile: expected a string, found an integer",
            "3 included: expected a list of strings, found a string",
            "4 excluded[1]: expected a string, found an integer",
            "6 rules.state_private_set: expected a severity (\"off\", \"warning\", \"error\") or an object { severity: …, options… }, found true or false",
            "8 rules.no_usecase_in_view.extra_names: expected a list of strings (like the default, []), found a string",
            "9 rules.no_usecase_in_view.check_statics: expected true or false (like the default, true), found a string",
            "10 rules.no_usecase_in_view.max_depth: expected an integer (like the default, 3), found a number",
            "11 rules.no_usecase_in_view.mode: expected a string (like the default, \"strict\"), found a list",
            "12 rules.no_usecase_in_view.severity: invalid severity 'warn'. Did you mean 'warning'?",
            "15 layers.view: expected a list of strings, found a string",
            "16 model_suffixes[0]: an empty name matches every type; remove it",
            "17 default_isolation: invalid isolation 'mainactor'. Did you mean 'MainActor'?",
        ])
    }

    func testDuplicateKeysBadGlobsAndUnknownLayersAreErrors() {
        XCTAssertEqual(issues("""
        {
          profile: "mvvm",
          excluded: ["[abc"],
          profile: "mvi",
          layers: { view: ["View"], store: ["Store"] },
          layer_dependencies: { view: ["stor"], data: [] },
        }
        """), [
            "3 excluded[0]: invalid glob '[abc': '[' is not closed by ']'",
            "4 profile: duplicate key (first written on line 2); keep only one",
            "6 layer_dependencies.data: unknown layer 'data'; declared layers: store, view",
            "6 layer_dependencies.view[0]: unknown layer 'stor'. Did you mean 'store'?",
        ])
        XCTAssertEqual(issues("[1, 2]"), ["1 : the configuration must be an object ({ … }), not a list"])
        XCTAssertEqual(issues("{\n  profile: mvi\n}"), ["2 : invalid JSON5 at column 12: unexpected word 'mvi'; strings must be quoted"])
    }

    func testIssueDescriptionNamesFileLineAndKeyPath() {
        let issue = ConfigurationIssue(path: "/p/.mvilint.json", line: 4, keyPath: "rules.x.severty", message: "unknown option 'severty'")
        XCTAssertEqual(issue.description, "/p/.mvilint.json:4: rules.x.severty: unknown option 'severty'")
        XCTAssertEqual(ConfigurationIssue(path: "/p/c.json", line: 0, keyPath: "", message: "the configuration file does not exist").description,
                       "/p/c.json: the configuration file does not exist")
    }

    // MARK: Application

    func testConfigurationChangesSelectionAndSettings() throws {
        let c = try parse("""
        { profile: "mvi", default_isolation: "nonisolated", model_suffixes: ["Model"],
          layers: { a: ["A"] }, layer_dependencies: { a: [] },
          rules: { state_private_set: "off", no_usecase_in_view: { max_depth: 9 } } }
        """)
        var selection = RuleSelection()
        c.apply(to: &selection)
        XCTAssertEqual(selection.profile, .mvi)
        XCTAssertEqual(selection.severity(of: rules[0]), .off)
        XCTAssertEqual(selection.severity(of: rules[1]), .error, "an options-only entry keeps the default severity")
        XCTAssertEqual(selection.severity(of: rules[2]), .error, "profile mvi turns view_binds_model_state on")
        XCTAssertEqual(selection.options["no_usecase_in_view"], ["max_depth": .int(9)])
        var cli = RuleSelection(profile: .mvvm)
        c.apply(to: &cli, keepProfile: true)
        XCTAssertEqual(cli.profile, .mvvm)

        var settings = ProjectSettings()
        settings.defaultMainActorDirectories = ["/p/Sources/App/"]
        c.apply(to: &settings)
        XCTAssertEqual(settings.defaultMainActorDirectories, [])
        XCTAssertFalse(settings.defaultMainActorEverywhere)
        XCTAssertEqual(settings.modelSuffixes, ["Model"])
        XCTAssertEqual(settings.layers, ["a": ["A"]])
        XCTAssertEqual(settings.allowedLayerDependencies, ["a": []])
        var untouched = ProjectSettings()
        try parse("{}").apply(to: &untouched)
        XCTAssertEqual(untouched.modelSuffixes, ProjectSettings().modelSuffixes)
    }

    func testIncludedAndExcludedPickFilesRelativeToTheConfigurationDirectory() throws {
        let c = try parse("{ included: ['Sources', 'App/*.swift'], excluded: ['**/Generated', 'Sources/Legacy/Old.swift'] }")
        XCTAssertTrue(c.isLinted("/p/Sources/A.swift"))
        XCTAssertTrue(c.isLinted("/p/App/Main.swift"))
        XCTAssertFalse(c.isLinted("/p/App/Sub/Main.swift"))
        XCTAssertFalse(c.isLinted("/p/Tests/T.swift"))
        XCTAssertFalse(c.isLinted("/p/Sources/Feature/Generated/Model.swift"))
        XCTAssertFalse(c.isLinted("/p/Sources/Legacy/Old.swift"))
        XCTAssertTrue(c.isLinted("/p/Sources/Legacy/New.swift"))
        XCTAssertFalse(c.isLinted("/other/Sources/A.swift"), "outside the configuration's directory nothing is included")
        let excludeOnly = try parse("{ excluded: ['Generated'] }")
        XCTAssertTrue(excludeOnly.isLinted("/other/Generated/A.swift"))
        XCTAssertFalse(excludeOnly.isLinted("/p/Generated/A.swift"))
    }

    func testConfigurationIsFoundInTheRootOrTheNearestParentWithinTheRepository() throws {
        let base = FileDiscovery.absolutePath(NSTemporaryDirectory()) + "/mvilint-config-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: base) }
        let fm = FileManager.default
        try fm.createDirectory(atPath: base + "/repo/.git", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: base + "/repo/packages/Feature", withIntermediateDirectories: true)
        XCTAssertNil(ConfigurationLoader.find(from: base + "/repo/packages/Feature"))
        try "{}".write(toFile: base + "/.mvilint.json", atomically: true, encoding: .utf8)
        XCTAssertNil(ConfigurationLoader.find(from: base + "/repo/packages/Feature"), "the search stops at the repository root")
        try "{}".write(toFile: base + "/repo/.mvilint.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(ConfigurationLoader.find(from: base + "/repo/packages/Feature"), base + "/repo/.mvilint.json")
        try "{}".write(toFile: base + "/repo/packages/Feature/.mvilint.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(ConfigurationLoader.find(from: base + "/repo/packages/Feature"), base + "/repo/packages/Feature/.mvilint.json")
        XCTAssertThrowsError(try ConfigurationLoader.load(path: base + "/missing.json", rules: rules)) { error in
            XCTAssertEqual((error as? ConfigurationError)?.description, base + "/missing.json: the configuration file does not exist")
        }
    }

    // MARK: Starter

    func testStarterConfigurationIsValidAndChangesNothingUntilEdited() throws {
        let text = StarterConfiguration.text(rules: rules)
        let plain = try parse(text)
        XCTAssertEqual(plain.profile, .mvvm)
        XCTAssertTrue(plain.severities.isEmpty)
        for info in rules { XCTAssertTrue(text.contains("// \(info.id):"), info.id) }
        XCTAssertTrue(text.contains(#"// no_usecase_in_view: { severity: "error", extra_names: [], check_statics: true, max_depth: 3, mode: "strict" },"#), text)
        XCTAssertTrue(text.contains("(mvvm: off, mvi: error)"))

        // Uncommenting every rule line and every setting keeps the file valid and restates the defaults.
        let uncommented = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let trimmed = line.drop { $0 == " " }
            let keys = rules.map(\.id) + ["included", "default_isolation", "model_suffixes", "usecase_suffixes", "layers", "layer_dependencies"]
            guard trimmed.hasPrefix("// "), keys.contains(where: { trimmed.dropFirst(3).hasPrefix($0 + ":") }) else { return String(line) }
            return String(line.prefix(line.count - trimmed.count)) + trimmed.dropFirst(3)
        }.joined(separator: "\n")
        let edited = try parse(uncommented)
        for info in rules {
            XCTAssertEqual(edited.severities[info.id], info.defaultSeverity(for: .mvvm), info.id)
            for option in info.options { XCTAssertEqual(edited.options[info.id]?[option.key], option.defaultValue, option.key) }
        }
        XCTAssertEqual(edited.modelSuffixes, ProjectSettings().modelSuffixes)
    }
}
