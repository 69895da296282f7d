/// JSON string literals, written alike by everything that writes JSON: reports, baselines, the starter configuration.

enum JSONString {
    /// A JSON string literal: `"` and `\` escaped, control characters as `\n`, `\r`, `\t` or
    /// `\u00XX`; everything else, `/` and non-ASCII included, written as is (valid UTF-8 JSON).
    static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// `s` as a JSON string literal (`quote(_:into:)`).
    static func quoted(_ s: String) -> String {
        var r = ""
        quote(s, into: &r)
        return r
    }
}
