/// Canned-output tests of every reporter: exact text for one fixed set of findings.

import Foundation
@testable import MVILintCore
import XCTest

/// Findings in three files (one outside the base and current directory), a note, text that
/// needs escaping in every format, and an input diagnostic.
enum ReporterFixture {
    static let rules = [
        RuleInfo(id: "state_private_set", title: "Private Setter for Observable State",
                 summary: "Observable state should only be written by its own model",
                 rationale: "Views that write a model's state directly bypass its logic.", category: .state,
                 defaults: [.mvvm: .warning, .mvi: .warning], examples: []),
        RuleInfo(id: "main_actor_mutation", title: "Main-Actor Mutation", summary: "Observable state must change on the main actor",
                 rationale: "SwiftUI reads observable state on the main actor.\nWriting it elsewhere is a data race.",
                 category: .concurrency, defaults: [.mvvm: .error, .mvi: .error], examples: []),
        RuleInfo(id: "view_binds_model_state", title: "View Binds Model State", summary: "Views should not bind into model state",
                 rationale: "Two-way bindings bypass intents.", category: .architecture, defaults: [.mvi: .error], examples: []),
    ]

    static let findings = [
        Finding(ruleID: "main_actor_mutation", severity: .error, path: "/proj/Sources/Model.swift", location: SourceLocation(line: 9, column: 9),
                message: "`count` is mutated off the main actor: wrap it in `await MainActor.run { }`"),
        Finding(ruleID: "state_private_set", severity: .warning, path: "/proj/Sources/Model.swift", location: SourceLocation(line: 3, column: 16),
                message: "`count` can be set from outside its model"),
        Finding(ruleID: "state_private_set", severity: .warning, path: "/proj/Sources/Other Dir/Ünï,x.swift",
                location: SourceLocation(line: 2, column: 5), message: "`a<b>` & \"q\" 'x' 100%\nsecond line, still",
                notes: [FindingNote(path: "/proj/Sources/Model.swift", location: SourceLocation(line: 1, column: 7), message: "model declared here")]),
        Finding(ruleID: "main_actor_mutation", severity: .error, path: "/elsewhere/Outside.swift", location: SourceLocation(line: 1, column: 1),
                message: "outside the base"),
    ]

    static let result = LintResult(findings: findings, diagnostics: [InputDiagnostic(path: "/proj/Broken.swift", message: "file is not valid UTF-8")],
                                   lintedFileCount: 4, timings: LintTimings())

    static let context = ReportContext(
        toolVersion: "1.2.3", rules: rules, baseDirectory: "/proj", currentDirectory: "/proj",
        lineTexts: ["/proj/Sources/Model.swift": [3: "    @Published var count = 0", 9: "        count += 1"],
                    "/proj/Sources/Other Dir/Ünï,x.swift": [2: "\tvar  a = 1 "]])
}

final class ReporterTests: XCTestCase {
    /// Compares line by line first, so that a failure names the first differing line.
    func assertReport(_ reporter: any Reporter.Type, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        let actual = reporter.report(ReporterFixture.result, context: ReporterFixture.context)
        let a = actual.components(separatedBy: "\n"), e = expected.components(separatedBy: "\n")
        if let i = zip(a, e).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            XCTFail("\(reporter.id): line \(i + 1) differs:\n  actual:   \(a[i])\n  expected: \(e[i])", file: file, line: line)
        }
        XCTAssertEqual(actual, expected, "\(reporter.id)", file: file, line: line)
    }

    func testRegistryListsEveryReporterOnceWithTheDefaultFirst() {
        XCTAssertEqual(Reporters.ids, ["xcode", "json", "sarif", "github", "checkstyle", "junit", "gitlab", "summary", "csv", "sonarqube", "codeclimate", "html", "markdown"])
        XCTAssertEqual(Reporters.default.id, "xcode")
        for r in Reporters.all {
            XCTAssertFalse(r.summary.isEmpty, r.id)
            XCTAssertFalse(r.summary.hasSuffix("."), r.id)
            XCTAssertEqual(Reporters.named(r.id).map(ObjectIdentifier.init), ObjectIdentifier(r), r.id)
        }
        XCTAssertEqual(Reporters.all.filter { $0.usesLineTexts }.map { $0.id }, ["sarif", "gitlab", "codeclimate", "html"])
        XCTAssertEqual(Reporters.all.filter { $0.usesGraph }.map { $0.id }, ["html", "markdown"])
    }

    /// A finding with a fix carries its title and safety in `fix`; one without has no `fix` key.
    func testJSONReportNamesFixes() throws {
        let fixed = Finding(ruleID: "state_private_set", severity: .warning, path: "/proj/Model.swift", location: SourceLocation(line: 3, column: 16),
                            message: "settable", fix: Fix(title: "Make the setter of `count` `private(set)`", edits: [.insert("private(set) ", at: 20)]))
        var unsafe = fixed
        unsafe.location = SourceLocation(line: 1, column: 7)
        unsafe.fix = Fix(title: "Isolate `Model` to the main actor", safety: .unsafe, edits: [.insert("@MainActor\n", at: 0)])
        var plain = fixed
        plain.location = SourceLocation(line: 9, column: 1)
        plain.fix = nil
        let result = LintResult(findings: [plain, fixed, unsafe], diagnostics: [], lintedFileCount: 1, timings: LintTimings())
        let text = JSONReporter.report(result, context: ReportContext(toolVersion: "1"))
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(object["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.map { $0["line"] as? Int }, [1, 3, 9])
        XCTAssertEqual(findings[0]["fix"] as? [String: String], ["title": "Isolate `Model` to the main actor", "safety": "unsafe"])
        XCTAssertEqual(findings[1]["fix"] as? [String: String], ["title": "Make the setter of `count` `private(set)`", "safety": "safe"])
        XCTAssertNil(findings[2]["fix"])
        XCTAssertFalse(text.contains("null"), text)
    }

    func testXcodeReport() {
        assertReport(XcodeReporter.self, #"""
        /elsewhere/Outside.swift:1:1: error: outside the base (main_actor_mutation)
        /proj/Broken.swift:1:1: error: file is not valid UTF-8
        /proj/Sources/Model.swift:3:16: warning: `count` can be set from outside its model (state_private_set)
        /proj/Sources/Model.swift:9:9: error: `count` is mutated off the main actor: wrap it in `await MainActor.run { }` (main_actor_mutation)
        /proj/Sources/Other Dir/Ünï,x.swift:2:5: warning: `a<b>` & "q" 'x' 100% second line, still (state_private_set)
        /proj/Sources/Model.swift:1:7: note: model declared here

        """#)
    }

    func testXcodeReportKeepsEveryFindingOnOneLine() {
        let messages = ["a\r\nb", "a\rb", "a\u{0B}b\u{0C}c", "a\u{85}b", "a\u{2028}b\u{2029}c", "plain → arrow", "émoji 🙂 only"]
        let findings = messages.enumerated().map { i, m in
            Finding(ruleID: "state_private_set", severity: .warning, path: "/proj/A.swift", location: SourceLocation(line: i + 1, column: 1), message: m)
        }
        let result = LintResult(findings: findings, diagnostics: [], lintedFileCount: 1, timings: LintTimings())
        let lines = XcodeReporter.report(result, context: ReporterFixture.context).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.map(String.init), [
            "/proj/A.swift:1:1: warning: a b (state_private_set)",
            "/proj/A.swift:2:1: warning: a b (state_private_set)",
            "/proj/A.swift:3:1: warning: a b c (state_private_set)",
            "/proj/A.swift:4:1: warning: a b (state_private_set)",
            "/proj/A.swift:5:1: warning: a b c (state_private_set)",
            "/proj/A.swift:6:1: warning: plain → arrow (state_private_set)",
            "/proj/A.swift:7:1: warning: émoji 🙂 only (state_private_set)",
            "",
        ])
    }

    /// Characters that share their first UTF-8 bytes with NEL, LS and PS are not line breaks.
    func testNewlineDetectionByBytes() {
        for text in ["a\nb", "a\r\nb", "a\rb", "\u{0B}", "\u{0C}", "x\u{85}", "\u{2028}", "a\u{2029}"] {
            XCTAssertTrue(XcodeReporter.hasNewline(text), text.debugDescription)
        }
        for text in ["", "plain", "wait…", "a — b", "it’s", "“quoted”", "\u{2027}", "\u{202A}", "\u{84}", "ä", "🙂", "→"] {
            XCTAssertFalse(XcodeReporter.hasNewline(text), text.debugDescription)
            XCTAssertEqual(text.contains(where: \.isNewline), false, text.debugDescription)
        }
    }

    func testSARIFReport() {
        assertReport(SARIFReporter.self, #"""
        {
          "$schema": "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
          "version": "2.1.0",
          "runs": [
            {
              "tool": {
                "driver": {
                  "name": "mvilint",
                  "version": "1.2.3",
                  "informationUri": "https://github.com/mvilint/mvilint",
                  "rules": [
                    {
                      "id": "state_private_set",
                      "name": "Private Setter for Observable State",
                      "shortDescription": {
                        "text": "Observable state should only be written by its own model"
                      },
                      "fullDescription": {
                        "text": "Views that write a model's state directly bypass its logic."
                      },
                      "helpUri": "https://github.com/mvilint/mvilint/blob/main/docs/rules/state_private_set.md",
                      "defaultConfiguration": {
                        "level": "warning"
                      },
                      "properties": {
                        "category": "state"
                      }
                    },
                    {
                      "id": "main_actor_mutation",
                      "name": "Main-Actor Mutation",
                      "shortDescription": {
                        "text": "Observable state must change on the main actor"
                      },
                      "fullDescription": {
                        "text": "SwiftUI reads observable state on the main actor.\nWriting it elsewhere is a data race."
                      },
                      "helpUri": "https://github.com/mvilint/mvilint/blob/main/docs/rules/main_actor_mutation.md",
                      "defaultConfiguration": {
                        "level": "error"
                      },
                      "properties": {
                        "category": "concurrency"
                      }
                    },
                    {
                      "id": "view_binds_model_state",
                      "name": "View Binds Model State",
                      "shortDescription": {
                        "text": "Views should not bind into model state"
                      },
                      "fullDescription": {
                        "text": "Two-way bindings bypass intents."
                      },
                      "helpUri": "https://github.com/mvilint/mvilint/blob/main/docs/rules/view_binds_model_state.md",
                      "defaultConfiguration": {
                        "enabled": false
                      },
                      "properties": {
                        "category": "architecture"
                      }
                    }
                  ]
                }
              },
              "invocations": [
                {
                  "executionSuccessful": false,
                  "toolExecutionNotifications": [
                    {
                      "level": "error",
                      "message": {
                        "text": "file is not valid UTF-8"
                      },
                      "locations": [
                        {
                          "physicalLocation": {
                            "artifactLocation": {
                              "uri": "Broken.swift",
                              "uriBaseId": "%SRCROOT%"
                            }
                          }
                        }
                      ]
                    }
                  ]
                }
              ],
              "originalUriBaseIds": {
                "%SRCROOT%": {
                  "uri": "file:///proj/"
                }
              },
              "columnKind": "unicodeCodePoints",
              "results": [
                {
                  "ruleId": "main_actor_mutation",
                  "ruleIndex": 1,
                  "level": "error",
                  "message": {
                    "text": "outside the base"
                  },
                  "locations": [
                    {
                      "physicalLocation": {
                        "artifactLocation": {
                          "uri": "file:///elsewhere/Outside.swift"
                        },
                        "region": {
                          "startLine": 1,
                          "startColumn": 1
                        }
                      }
                    }
                  ],
                  "partialFingerprints": {
                    "mvilint/v1": "6ead95fb3f0c994ae6b3e5a38f39931db17c547bf0d23b8996de79cc68bb2d52"
                  }
                },
                {
                  "ruleId": "state_private_set",
                  "ruleIndex": 0,
                  "level": "warning",
                  "message": {
                    "text": "`count` can be set from outside its model"
                  },
                  "locations": [
                    {
                      "physicalLocation": {
                        "artifactLocation": {
                          "uri": "Sources/Model.swift",
                          "uriBaseId": "%SRCROOT%"
                        },
                        "region": {
                          "startLine": 3,
                          "startColumn": 16
                        }
                      }
                    }
                  ],
                  "partialFingerprints": {
                    "mvilint/v1": "a89d7bae3b891851e84f9da9771cf9cf0d2e9fbd3a39bbfeffdc92f4f9b04bd6"
                  }
                },
                {
                  "ruleId": "main_actor_mutation",
                  "ruleIndex": 1,
                  "level": "error",
                  "message": {
                    "text": "`count` is mutated off the main actor: wrap it in `await MainActor.run { }`"
                  },
                  "locations": [
                    {
                      "physicalLocation": {
                        "artifactLocation": {
                          "uri": "Sources/Model.swift",
                          "uriBaseId": "%SRCROOT%"
                        },
                        "region": {
                          "startLine": 9,
                          "startColumn": 9
                        }
                      }
                    }
                  ],
                  "partialFingerprints": {
                    "mvilint/v1": "fddbccfacba0c47f8aacca969aeea1b9b20f13e820e72172aa87184f80bf8ca0"
                  }
                },
                {
                  "ruleId": "state_private_set",
                  "ruleIndex": 0,
                  "level": "warning",
                  "message": {
                    "text": "`a<b>` & \"q\" 'x' 100%\nsecond line, still"
                  },
                  "locations": [
                    {
                      "physicalLocation": {
                        "artifactLocation": {
                          "uri": "Sources/Other%20Dir/%C3%9Cn%C3%AF,x.swift",
                          "uriBaseId": "%SRCROOT%"
                        },
                        "region": {
                          "startLine": 2,
                          "startColumn": 5
                        }
                      }
                    }
                  ],
                  "partialFingerprints": {
                    "mvilint/v1": "4b0fe85cb869539680ee77948e9ab6196aee93598d91d45da1f7d7182e56e509"
                  },
                  "relatedLocations": [
                    {
                      "id": 1,
                      "physicalLocation": {
                        "artifactLocation": {
                          "uri": "Sources/Model.swift",
                          "uriBaseId": "%SRCROOT%"
                        },
                        "region": {
                          "startLine": 1,
                          "startColumn": 7
                        }
                      },
                      "message": {
                        "text": "model declared here"
                      }
                    }
                  ]
                }
              ]
            }
          ]
        }

        """#)
    }

    func testJSONReport() {
        assertReport(JSONReporter.self, #"""
        {
          "diagnostics": [
            {
              "file": "Broken.swift",
              "message": "file is not valid UTF-8"
            }
          ],
          "findings": [
            {
              "column": 1,
              "file": "/elsewhere/Outside.swift",
              "line": 1,
              "message": "outside the base",
              "notes": [],
              "rule": "main_actor_mutation",
              "severity": "error"
            },
            {
              "column": 16,
              "file": "Sources/Model.swift",
              "line": 3,
              "message": "`count` can be set from outside its model",
              "notes": [],
              "rule": "state_private_set",
              "severity": "warning"
            },
            {
              "column": 9,
              "file": "Sources/Model.swift",
              "line": 9,
              "message": "`count` is mutated off the main actor: wrap it in `await MainActor.run { }`",
              "notes": [],
              "rule": "main_actor_mutation",
              "severity": "error"
            },
            {
              "column": 5,
              "file": "Sources/Other Dir/Ünï,x.swift",
              "line": 2,
              "message": "`a<b>` & \"q\" 'x' 100%\nsecond line, still",
              "notes": [
                {
                  "column": 7,
                  "file": "Sources/Model.swift",
                  "line": 1,
                  "message": "model declared here"
                }
              ],
              "rule": "state_private_set",
              "severity": "warning"
            }
          ],
          "summary": {
            "by_rule": {
              "main_actor_mutation": 2,
              "state_private_set": 2
            },
            "errors": 2,
            "files": 4,
            "findings": 4,
            "warnings": 2
          },
          "tool": {
            "name": "mvilint",
            "version": "1.2.3"
          },
          "version": 1
        }

        """#)
    }

    func testGitHubReport() {
        assertReport(GitHubReporter.self, #"""
        ::error file=/elsewhere/Outside.swift,line=1,col=1,title=main_actor_mutation::outside the base
        ::error file=Broken.swift,line=1,col=1,title=input_error::file is not valid UTF-8
        ::warning file=Sources/Model.swift,line=3,col=16,title=state_private_set::`count` can be set from outside its model
        ::error file=Sources/Model.swift,line=9,col=9,title=main_actor_mutation::`count` is mutated off the main actor: wrap it in `await MainActor.run { }`
        ::warning file=Sources/Other Dir/Ünï%2Cx.swift,line=2,col=5,title=state_private_set::`a<b>` & "q" 'x' 100%25%0Asecond line, still

        """#)
    }

    func testCheckstyleReport() {
        assertReport(CheckstyleReporter.self, #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <checkstyle version="4.3">
          <file name="/elsewhere/Outside.swift">
            <error line="1" column="1" severity="error" message="outside the base" source="mvilint.main_actor_mutation"/>
          </file>
          <file name="Broken.swift">
            <error line="1" column="1" severity="error" message="file is not valid UTF-8" source="mvilint.input_error"/>
          </file>
          <file name="Sources/Model.swift">
            <error line="3" column="16" severity="warning" message="`count` can be set from outside its model" source="mvilint.state_private_set"/>
            <error line="9" column="9" severity="error" message="`count` is mutated off the main actor: wrap it in `await MainActor.run { }`" source="mvilint.main_actor_mutation"/>
          </file>
          <file name="Sources/Other Dir/Ünï,x.swift">
            <error line="2" column="5" severity="warning" message="`a&lt;b&gt;` &amp; &quot;q&quot; &apos;x&apos; 100%&#10;second line, still" source="mvilint.state_private_set"/>
          </file>
        </checkstyle>

        """#)
    }

    func testJUnitReport() {
        assertReport(JUnitReporter.self, #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="mvilint" tests="5" failures="4" errors="1">
          <testsuite name="/elsewhere/Outside.swift" tests="1" failures="1" errors="0">
            <testcase classname="/elsewhere/Outside.swift" name="main_actor_mutation at 1:1">
              <failure type="error" message="outside the base">/elsewhere/Outside.swift:1:1: error: outside the base (main_actor_mutation)</failure>
            </testcase>
          </testsuite>
          <testsuite name="Sources/Model.swift" tests="2" failures="2" errors="0">
            <testcase classname="Sources/Model.swift" name="state_private_set at 3:16">
              <failure type="warning" message="`count` can be set from outside its model">Sources/Model.swift:3:16: warning: `count` can be set from outside its model (state_private_set)</failure>
            </testcase>
            <testcase classname="Sources/Model.swift" name="main_actor_mutation at 9:9">
              <failure type="error" message="`count` is mutated off the main actor: wrap it in `await MainActor.run { }`">Sources/Model.swift:9:9: error: `count` is mutated off the main actor: wrap it in `await MainActor.run { }` (main_actor_mutation)</failure>
            </testcase>
          </testsuite>
          <testsuite name="Sources/Other Dir/Ünï,x.swift" tests="1" failures="1" errors="0">
            <testcase classname="Sources/Other Dir/Ünï,x.swift" name="state_private_set at 2:5">
              <failure type="warning" message="`a&lt;b&gt;` &amp; &quot;q&quot; &apos;x&apos; 100%&#10;second line, still">Sources/Other Dir/Ünï,x.swift:2:5: warning: `a&lt;b&gt;` &amp; &quot;q&quot; &apos;x&apos; 100%&#10;second line, still (state_private_set)</failure>
            </testcase>
          </testsuite>
          <testsuite name="mvilint" tests="1" failures="0" errors="1">
            <testcase classname="mvilint" name="Broken.swift">
              <error type="input" message="file is not valid UTF-8"/>
            </testcase>
          </testsuite>
        </testsuites>

        """#)
    }

    func testGitLabReport() {
        assertReport(GitLabReporter.self, #"""
        [
          {
            "description": "outside the base",
            "check_name": "main_actor_mutation",
            "fingerprint": "6ead95fb3f0c994ae6b3e5a38f39931db17c547bf0d23b8996de79cc68bb2d52",
            "severity": "major",
            "location": {
              "path": "/elsewhere/Outside.swift",
              "lines": {
                "begin": 1
              }
            }
          },
          {
            "description": "file is not valid UTF-8",
            "check_name": "input_error",
            "fingerprint": "abc3d549020cadab604ab53751651c98b6ab38b754ddc51802ff9d2694f94c8b",
            "severity": "major",
            "location": {
              "path": "Broken.swift",
              "lines": {
                "begin": 1
              }
            }
          },
          {
            "description": "`count` can be set from outside its model",
            "check_name": "state_private_set",
            "fingerprint": "a89d7bae3b891851e84f9da9771cf9cf0d2e9fbd3a39bbfeffdc92f4f9b04bd6",
            "severity": "minor",
            "location": {
              "path": "Sources/Model.swift",
              "lines": {
                "begin": 3
              }
            }
          },
          {
            "description": "`count` is mutated off the main actor: wrap it in `await MainActor.run { }`",
            "check_name": "main_actor_mutation",
            "fingerprint": "fddbccfacba0c47f8aacca969aeea1b9b20f13e820e72172aa87184f80bf8ca0",
            "severity": "major",
            "location": {
              "path": "Sources/Model.swift",
              "lines": {
                "begin": 9
              }
            }
          },
          {
            "description": "`a<b>` & \"q\" 'x' 100%\nsecond line, still",
            "check_name": "state_private_set",
            "fingerprint": "4b0fe85cb869539680ee77948e9ab6196aee93598d91d45da1f7d7182e56e509",
            "severity": "minor",
            "location": {
              "path": "Sources/Other Dir/Ünï,x.swift",
              "lines": {
                "begin": 2
              }
            }
          }
        ]

        """#)
    }

    func testSummaryReport() {
        assertReport(SummaryReporter.self, #"""
        RULE                 ERRORS  WARNINGS  TOTAL
        main_actor_mutation       2         0      2
        state_private_set         0         2      2

        FILE                           ERRORS  WARNINGS  TOTAL
        Sources/Model.swift                 1         1      2
        /elsewhere/Outside.swift            1         0      1
        Sources/Other Dir/Ünï,x.swift       0         1      1

        INPUT ERRORS
        Broken.swift: file is not valid UTF-8

        Total: 4 findings (2 errors, 2 warnings) in 3 files; 4 files linted; 1 input error

        """#)
    }
}
