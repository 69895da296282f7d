// Scanner fixture: bare regex literals where an expression starts, after `try?`, `try!`, `try`
// and `await` and as a statement of a result builder; a `//` or `/*` inside one does not begin a
// comment (checked by Tools/oracle.sh).
import Foundation
import RegexBuilder

struct VersionParser {
    func version(of host: String) -> (Int, Int)? {
        guard let match = try? /(\d+)\.(\d+)/.wholeMatch(in: host) else { return nil }
        return (Int(match.1) ?? 0, Int(match.2) ?? 0)
    }

    func scheme(of url: String) -> Substring? {
        (try! /https?:\/\//.firstMatch(in: url))?.output
    }

    var afterScheme = "kept"

    func hasComment(_ line: String) throws -> Bool {
        try /a\/*b/.firstMatch(in: line) != nil
    }

    var afterComment = 1

    func word(in text: String) async -> Bool {
        await /\w+/.firstMatch(in: text) != nil
    }

    let pattern = Regex {
        "v"
        /\d+/
        Optionally {
            /\.[0-9]+/
        }
    }

    func describe(_ text: String) -> String {
        "\((try? /[")]+/.firstMatch(in: text)) != nil) and \(text.count / 2)"
    }

    var last = 2.0 / 3.0
}
