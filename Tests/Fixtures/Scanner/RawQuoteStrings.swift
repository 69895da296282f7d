// Scanner fixture: a raw string whose `"""` is followed by its closing `"#` on the same line is a
// one-line string holding quotes, not the start of a multi-line string (checked by Tools/oracle.sh).
import Foundation

extension String {
    func escapedQuotes() -> String {
        replacingOccurrences(of: #"""#, with: #"\""#)
    }

    var quoted: String { #"""\#(self)""# }

    func commit(message: String) -> [String] {
        ["commit", "-m", #"""a "b" c"#, message]
    }

    static let block = #"""
        a "quoted" line
        """#

    var after: Int { 1 }
}
