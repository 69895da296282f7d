/// Canned-output tests of the csv, sonarqube and codeclimate reporters, on the fixture of `ReporterTests`.

@testable import MVILintCore
import XCTest

final class IssueFormatReporterTests: XCTestCase {
    /// Compares line by line first, so that a failure names the first differing line.
    func assertReport(_ reporter: any Reporter.Type, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        let actual = reporter.report(ReporterFixture.result, context: ReporterFixture.context)
        let a = actual.components(separatedBy: "\n"), e = expected.components(separatedBy: "\n")
        if let i = zip(a, e).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            XCTFail("\(reporter.id): line \(i + 1) differs:\n  actual:   \(a[i])\n  expected: \(e[i])", file: file, line: line)
        }
        XCTAssertEqual(actual, expected, "\(reporter.id)", file: file, line: line)
    }

    /// Rows end with CRLF (RFC 4180); the quoted message keeps its own line feed.
    func testCSVReport() {
        let rows: [String] = [
            "file,line,column,severity,rule,message,notes",
            "/elsewhere/Outside.swift,1,1,error,main_actor_mutation,outside the base,",
            "Broken.swift,1,1,error,input_error,file is not valid UTF-8,",
            "Sources/Model.swift,3,16,warning,state_private_set,`count` can be set from outside its model,",
            "Sources/Model.swift,9,9,error,main_actor_mutation,`count` is mutated off the main actor: wrap it in `await MainActor.run { }`,",
            "\"Sources/Other Dir/Ünï,x.swift\",2,5,warning,state_private_set,\"`a<b>` & \"\"q\"\" 'x' 100%\nsecond line, still\",Sources/Model.swift:1:7: model declared here",
            "",
        ]
        assertReport(CSVReporter.self, rows.dropLast().joined(separator: "\r\n") + "\r\n")
    }

    func testCSVFieldQuoting() {
        XCTAssertEqual(Escaping.csv("plain"), "plain")
        XCTAssertEqual(Escaping.csv("a,b"), "\"a,b\"")
        XCTAssertEqual(Escaping.csv("say \"hi\""), "\"say \"\"hi\"\"\"")
        XCTAssertEqual(Escaping.csv("two\nlines"), "\"two\nlines\"")
        XCTAssertEqual(Escaping.csv("=1+1"), "=1+1")
    }

    func testSonarQubeReport() {
        assertReport(SonarQubeReporter.self, #"""
        {
          "rules": [
            {
              "id": "state_private_set",
              "name": "Private Setter for Observable State",
              "description": "Observable state should only be written by its own model. See https://github.com/mvilint/mvilint/blob/main/docs/rules/state_private_set.md",
              "engineId": "mvilint",
              "cleanCodeAttribute": "CLEAR",
              "type": "CODE_SMELL",
              "severity": "MAJOR",
              "impacts": [
                {
                  "softwareQuality": "MAINTAINABILITY",
                  "severity": "MEDIUM"
                }
              ]
            },
            {
              "id": "main_actor_mutation",
              "name": "Main-Actor Mutation",
              "description": "Observable state must change on the main actor. See https://github.com/mvilint/mvilint/blob/main/docs/rules/main_actor_mutation.md",
              "engineId": "mvilint",
              "cleanCodeAttribute": "LOGICAL",
              "type": "CODE_SMELL",
              "severity": "CRITICAL",
              "impacts": [
                {
                  "softwareQuality": "RELIABILITY",
                  "severity": "HIGH"
                }
              ]
            },
            {
              "id": "input_error",
              "name": "Input error",
              "description": "mvilint could not lint the file (it cannot be read, is binary or is not UTF-8), so its findings are missing.",
              "engineId": "mvilint",
              "cleanCodeAttribute": "COMPLETE",
              "type": "CODE_SMELL",
              "severity": "CRITICAL",
              "impacts": [
                {
                  "softwareQuality": "RELIABILITY",
                  "severity": "HIGH"
                }
              ]
            }
          ],
          "issues": [
            {
              "ruleId": "main_actor_mutation",
              "primaryLocation": {
                "message": "outside the base",
                "filePath": "/elsewhere/Outside.swift",
                "textRange": {
                  "startLine": 1,
                  "startColumn": 0
                }
              }
            },
            {
              "ruleId": "input_error",
              "primaryLocation": {
                "message": "file is not valid UTF-8",
                "filePath": "Broken.swift",
                "textRange": {
                  "startLine": 1,
                  "startColumn": 0
                }
              }
            },
            {
              "ruleId": "state_private_set",
              "primaryLocation": {
                "message": "`count` can be set from outside its model",
                "filePath": "Sources/Model.swift",
                "textRange": {
                  "startLine": 3,
                  "startColumn": 15
                }
              }
            },
            {
              "ruleId": "main_actor_mutation",
              "primaryLocation": {
                "message": "`count` is mutated off the main actor: wrap it in `await MainActor.run { }`",
                "filePath": "Sources/Model.swift",
                "textRange": {
                  "startLine": 9,
                  "startColumn": 8
                }
              }
            },
            {
              "ruleId": "state_private_set",
              "primaryLocation": {
                "message": "`a<b>` & \"q\" 'x' 100%\nsecond line, still",
                "filePath": "Sources/Other Dir/Ünï,x.swift",
                "textRange": {
                  "startLine": 2,
                  "startColumn": 4
                }
              },
              "secondaryLocations": [
                {
                  "message": "model declared here",
                  "filePath": "Sources/Model.swift",
                  "textRange": {
                    "startLine": 1,
                    "startColumn": 6
                  }
                }
              ]
            }
          ]
        }

        """#)
    }

    func testCodeClimateReport() {
        assertReport(CodeClimateReporter.self, #"""
        [
          {
            "type": "issue",
            "check_name": "main_actor_mutation",
            "description": "outside the base",
            "content": {
              "body": "Observable state must change on the main actor. See https://github.com/mvilint/mvilint/blob/main/docs/rules/main_actor_mutation.md"
            },
            "categories": [
              "Bug Risk"
            ],
            "location": {
              "path": "/elsewhere/Outside.swift",
              "positions": {
                "begin": {
                  "line": 1,
                  "column": 1
                }
              }
            },
            "severity": "critical",
            "fingerprint": "6ead95fb3f0c994ae6b3e5a38f39931db17c547bf0d23b8996de79cc68bb2d52"
          },
          {
            "type": "issue",
            "check_name": "input_error",
            "description": "file is not valid UTF-8",
            "content": {
              "body": "mvilint could not lint this file, so its findings are missing: file is not valid UTF-8."
            },
            "categories": [
              "Bug Risk"
            ],
            "location": {
              "path": "Broken.swift",
              "positions": {
                "begin": {
                  "line": 1,
                  "column": 1
                }
              }
            },
            "severity": "critical",
            "fingerprint": "abc3d549020cadab604ab53751651c98b6ab38b754ddc51802ff9d2694f94c8b"
          },
          {
            "type": "issue",
            "check_name": "state_private_set",
            "description": "`count` can be set from outside its model",
            "content": {
              "body": "Observable state should only be written by its own model. See https://github.com/mvilint/mvilint/blob/main/docs/rules/state_private_set.md"
            },
            "categories": [
              "Clarity"
            ],
            "location": {
              "path": "Sources/Model.swift",
              "positions": {
                "begin": {
                  "line": 3,
                  "column": 16
                }
              }
            },
            "severity": "minor",
            "fingerprint": "a89d7bae3b891851e84f9da9771cf9cf0d2e9fbd3a39bbfeffdc92f4f9b04bd6"
          },
          {
            "type": "issue",
            "check_name": "main_actor_mutation",
            "description": "`count` is mutated off the main actor: wrap it in `await MainActor.run { }`",
            "content": {
              "body": "Observable state must change on the main actor. See https://github.com/mvilint/mvilint/blob/main/docs/rules/main_actor_mutation.md"
            },
            "categories": [
              "Bug Risk"
            ],
            "location": {
              "path": "Sources/Model.swift",
              "positions": {
                "begin": {
                  "line": 9,
                  "column": 9
                }
              }
            },
            "severity": "critical",
            "fingerprint": "fddbccfacba0c47f8aacca969aeea1b9b20f13e820e72172aa87184f80bf8ca0"
          },
          {
            "type": "issue",
            "check_name": "state_private_set",
            "description": "`a<b>` & \"q\" 'x' 100%\nsecond line, still",
            "content": {
              "body": "Observable state should only be written by its own model. See https://github.com/mvilint/mvilint/blob/main/docs/rules/state_private_set.md"
            },
            "categories": [
              "Clarity"
            ],
            "location": {
              "path": "Sources/Other Dir/Ünï,x.swift",
              "positions": {
                "begin": {
                  "line": 2,
                  "column": 5
                }
              }
            },
            "other_locations": [
              {
                "path": "Sources/Model.swift",
                "positions": {
                  "begin": {
                    "line": 1,
                    "column": 7
                  }
                }
              }
            ],
            "severity": "minor",
            "fingerprint": "4b0fe85cb869539680ee77948e9ab6196aee93598d91d45da1f7d7182e56e509"
          }
        ]

        """#)
    }

    /// Every rule category has a SonarQube attribute and quality and a Code Climate category
    /// from the lists those formats accept.
    func testCategoryMappingsUseValuesTheFormatsAccept() {
        let attributes: Set<String> = ["FORMATTED", "CONVENTIONAL", "IDENTIFIABLE", "CLEAR", "LOGICAL", "COMPLETE", "EFFICIENT",
                                       "FOCUSED", "DISTINCT", "MODULAR", "TESTED", "LAWFUL", "TRUSTWORTHY", "RESPECTFUL"]
        let qualities: Set<String> = ["MAINTAINABILITY", "RELIABILITY", "SECURITY"]
        let categories: Set<String> = ["Bug Risk", "Clarity", "Compatibility", "Complexity", "Duplication", "Performance", "Security", "Style"]
        for c in [RuleCategory.architecture, .concurrency, .lifecycle, .state, .hygiene] {
            XCTAssertTrue(attributes.contains(CategoryMapping.sonar(c).attribute), c.rawValue)
            XCTAssertTrue(qualities.contains(CategoryMapping.sonar(c).quality), c.rawValue)
            XCTAssertTrue(categories.contains(CategoryMapping.codeClimate(c)), c.rawValue)
        }
    }

    /// The JSON reports parse, whatever the messages hold.
    func testJSONReportsParse() throws {
        for r in [SonarQubeReporter.self, CodeClimateReporter.self] as [any Reporter.Type] {
            let text = r.report(ReporterFixture.result, context: ReporterFixture.context)
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(text.utf8)), r.id)
        }
    }
}
