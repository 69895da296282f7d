/// A light structural scan of a JSON5 document: where each key stands, syntax errors, strict JSON.

/// One step of a path into a JSON document: an object key or an array index.
public enum JSONPathComponent: Hashable, Sendable {
    case key(String)
    case index(Int)
}

extension Array where Element == JSONPathComponent {
    /// `rules.state_private_set.severity`, `included[2]`.
    var rendered: String {
        var out = ""
        for c in self {
            switch c {
            case .key(let k): out += out.isEmpty ? k : "." + k
            case .index(let i): out += "[\(i)]"
            }
        }
        return out
    }
}

/// The outline of a JSON5 document, from a single scan that does not build values.
///
/// Values come from `JSONDecoder`; this scan only supplies what the decoder does not report:
/// the 1-based line of every key and array element (by path), keys written twice in one object
/// (the decoder silently keeps one of them), the line and column of a syntax error, and the
/// document converted to strict JSON for platforms whose `JSONDecoder` lacks `allowsJSON5`.
///
/// Accepted JSON5: `//` and `/* */` comments, trailing commas, unquoted identifier keys,
/// single-quoted strings with JSON5 escapes (also `\x41` and escaped line breaks), hexadecimal
/// numbers, a leading `+`, a leading or trailing decimal point, `Infinity` and `NaN` (but, as
/// in JSON, no leading zeros). A line
/// break is `\n`, `\r\n` or `\r`. Nesting deeper than `maximumDepth` is a syntax error, so hostile
/// input cannot exhaust the stack.
public struct JSON5Outline {
    public struct SyntaxError: Error, Sendable, Equatable {
        public var line: Int
        public var column: Int
        public var message: String
    }

    public static let maximumDepth = 64

    /// Line of each key (for object members) or of each element's first token (for arrays).
    public private(set) var lines: [[JSONPathComponent]: Int] = [:]
    /// Keys written more than once in the same object: the path and line of each repetition.
    public private(set) var duplicates: [(path: [JSONPathComponent], line: Int)] = []
    /// The first syntax error, if any (then the other fields are incomplete).
    public private(set) var syntaxError: SyntaxError?
    /// The document as strict JSON (comments and trailing commas dropped, keys and strings
    /// double-quoted, numbers in decimal; `Infinity` and `NaN`, which JSON cannot express, become
    /// `null`). Empty when there is a syntax error.
    public private(set) var strictJSON = ""

    private let b: [UInt8]
    private var p = 0
    private var line = 1
    private var lineStart = 0
    private var out: [UInt8] = []

    public init(_ text: String) {
        b = Array(text.utf8)
        do {
            if b.starts(with: [0xEF, 0xBB, 0xBF]) { p = 3; lineStart = 3 }
            try skipTrivia()
            try value(path: [], depth: 0)
            try skipTrivia()
            if p < b.count { throw error("unexpected text after the end of the document") }
            strictJSON = String(decoding: out, as: UTF8.self)
        } catch let e as SyntaxError {
            syntaxError = e
        } catch {
            syntaxError = SyntaxError(line: line, column: 1, message: "\(error)")
        }
    }

    /// The line of `path`, or of its nearest ancestor that has one (1 for the document itself).
    public func line(of path: [JSONPathComponent]) -> Int {
        var p = path
        while !p.isEmpty {
            if let l = lines[p] { return l }
            p.removeLast()
        }
        return 1
    }

    // MARK: Grammar

    private mutating func value(path: [JSONPathComponent], depth: Int) throws {
        guard depth <= JSON5Outline.maximumDepth else { throw error("nesting is deeper than \(JSON5Outline.maximumDepth) levels") }
        guard p < b.count else { throw error("expected a value, found the end of the file") }
        switch b[p] {
        case UInt8(ascii: "{"): try object(path: path, depth: depth)
        case UInt8(ascii: "["): try array(path: path, depth: depth)
        case UInt8(ascii: "\""), UInt8(ascii: "'"): emitString(try string())
        default:
            if isNumberStart(b[p]) { try number(); return }
            let start = p
            let word = identifier()
            switch word {
            case "true", "false", "null": out += Array(word.utf8)
            case "Infinity", "NaN": out += Array("null".utf8)
            default:
                p = start
                throw error(word.isEmpty ? "unexpected character '\(character(at: p))'" : "unexpected word '\(word)'; strings must be quoted")
            }
        }
    }

    private mutating func object(path: [JSONPathComponent], depth: Int) throws {
        p += 1
        out.append(UInt8(ascii: "{"))
        var seen = Set<String>()
        var first = true
        while true {
            try skipTrivia()
            guard p < b.count else { throw error("unterminated object: expected '}'") }
            if b[p] == UInt8(ascii: "}") { p += 1; break }
            let keyLine = line
            let key: String
            if b[p] == UInt8(ascii: "\"") || b[p] == UInt8(ascii: "'") {
                key = try string()
            } else {
                key = identifier()
                if key.isEmpty { throw error("expected a key or '}', found '\(character(at: p))'") }
            }
            let childPath = path + [.key(key)]
            if seen.insert(key).inserted {
                lines[childPath] = keyLine
            } else {
                duplicates.append((childPath, keyLine))
            }
            try skipTrivia()
            guard p < b.count, b[p] == UInt8(ascii: ":") else { throw error("expected ':' after key '\(key)'") }
            p += 1
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            emitString(key)
            out.append(UInt8(ascii: ":"))
            try skipTrivia()
            try value(path: childPath, depth: depth + 1)
            try skipTrivia()
            guard p < b.count else { throw error("unterminated object: expected '}'") }
            if b[p] == UInt8(ascii: ",") { p += 1; continue }
            if b[p] == UInt8(ascii: "}") { p += 1; break }
            throw error("expected ',' or '}' after the value of '\(key)'")
        }
        out.append(UInt8(ascii: "}"))
    }

    private mutating func array(path: [JSONPathComponent], depth: Int) throws {
        p += 1
        out.append(UInt8(ascii: "["))
        var index = 0
        while true {
            try skipTrivia()
            guard p < b.count else { throw error("unterminated list: expected ']'") }
            if b[p] == UInt8(ascii: "]") { p += 1; break }
            if index > 0 { out.append(UInt8(ascii: ",")) }
            lines[path + [.index(index)]] = line
            try value(path: path + [.index(index)], depth: depth + 1)
            index += 1
            try skipTrivia()
            guard p < b.count else { throw error("unterminated list: expected ']'") }
            if b[p] == UInt8(ascii: ",") { p += 1; continue }
            if b[p] == UInt8(ascii: "]") { p += 1; break }
            throw error("expected ',' or ']' in a list")
        }
        out.append(UInt8(ascii: "]"))
    }

    // MARK: Tokens

    private mutating func skipTrivia() throws {
        while p < b.count {
            let c = b[p]
            if c == 10 { p += 1; newline() } else if c == 13 {
                p += 1
                if p < b.count, b[p] == 10 { p += 1 }
                newline()
            } else if c == 32 || c == 9 || c == 11 || c == 12 {
                p += 1
            } else if c == 0xC2, p + 1 < b.count, b[p + 1] == 0xA0 {
                p += 2  // no-break space
            } else if c == 0xEF, p + 2 < b.count, b[p + 1] == 0xBB, b[p + 2] == 0xBF {
                p += 3  // byte order mark
            } else if c == UInt8(ascii: "/"), p + 1 < b.count, b[p + 1] == UInt8(ascii: "/") {
                while p < b.count, b[p] != 10, b[p] != 13 { p += 1 }
            } else if c == UInt8(ascii: "/"), p + 1 < b.count, b[p + 1] == UInt8(ascii: "*") {
                let start = (line, p - lineStart + 1)
                p += 2
                while true {
                    guard p < b.count else {
                        throw SyntaxError(line: start.0, column: start.1, message: "unterminated comment: expected '*/'")
                    }
                    if b[p] == UInt8(ascii: "*"), p + 1 < b.count, b[p + 1] == UInt8(ascii: "/") { p += 2; break }
                    if b[p] == 10 || (b[p] == 13 && (p + 1 >= b.count || b[p + 1] != 10)) { p += 1; newline() } else { p += 1 }
                }
            } else {
                return
            }
        }
    }

    private mutating func newline() { line += 1; lineStart = p }

    /// An unquoted key or a literal word: ASCII letters, digits, `_`, `$`, and any non-ASCII byte
    /// (Unicode letters, leniently).
    private mutating func identifier() -> String {
        let start = p
        while p < b.count {
            let c = b[p]
            let isStart = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == UInt8(ascii: "_") || c == UInt8(ascii: "$") || c >= 0x80
            guard isStart || (p > start && c >= 48 && c <= 57) else { break }
            // A no-break space or line separator is trivia, not part of a word.
            if c == 0xC2, p + 1 < b.count, b[p + 1] == 0xA0 { break }
            p += 1
        }
        return String(decoding: b[start..<p], as: UTF8.self)
    }

    private func isNumberStart(_ c: UInt8) -> Bool {
        (c >= 48 && c <= 57) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
    }

    /// A JSON5 number, written out in JSON's decimal form.
    private mutating func number() throws {
        var text = ""
        if b[p] == UInt8(ascii: "-") { text = "-"; p += 1 } else if b[p] == UInt8(ascii: "+") { p += 1 }
        if p < b.count, !(b[p] >= 48 && b[p] <= 57), b[p] != UInt8(ascii: ".") {
            let word = identifier()
            guard word == "Infinity" || word == "NaN" else { throw error("expected a number after the sign") }
            out += Array("null".utf8)
            return
        }
        if p + 1 < b.count, b[p] == UInt8(ascii: "0"), b[p + 1] | 0x20 == UInt8(ascii: "x") {
            p += 2
            let start = p
            while p < b.count, isHexDigit(b[p]) { p += 1 }
            guard p > start, let magnitude = UInt64(String(decoding: b[start..<p], as: UTF8.self), radix: 16) else {
                throw error("invalid hexadecimal number")
            }
            out += Array((text + String(magnitude)).utf8)
            return
        }
        var digits = ""
        while p < b.count, b[p] >= 48 && b[p] <= 57 { digits.append(Character(UnicodeScalar(b[p]))); p += 1 }
        var fraction: String?
        if p < b.count, b[p] == UInt8(ascii: ".") {
            p += 1
            var f = ""
            while p < b.count, b[p] >= 48 && b[p] <= 57 { f.append(Character(UnicodeScalar(b[p]))); p += 1 }
            fraction = f
        }
        guard !digits.isEmpty || !(fraction ?? "").isEmpty else { throw error("invalid number") }
        var exponent = ""
        if p < b.count, b[p] | 0x20 == UInt8(ascii: "e") {
            p += 1
            exponent = "e"
            if p < b.count, b[p] == UInt8(ascii: "+") || b[p] == UInt8(ascii: "-") { exponent.append(Character(UnicodeScalar(b[p]))); p += 1 }
            let start = p
            while p < b.count, b[p] >= 48 && b[p] <= 57 { exponent.append(Character(UnicodeScalar(b[p]))); p += 1 }
            guard p > start else { throw error("invalid number: the exponent has no digits") }
        }
        if p < b.count, isIdentifierByte(b[p]) { throw error("invalid number") }
        // JSON5, like JSON, has no leading zeros (`007` could be read as octal).
        if digits.count > 1, digits.first == "0" { throw error("invalid number: leading zeros are not allowed") }
        text += digits.isEmpty ? "0" : digits
        if let f = fraction { text += "." + (f.isEmpty ? "0" : f) }
        out += Array((text + exponent).utf8)
    }

    private func isHexDigit(_ c: UInt8) -> Bool { (c >= 48 && c <= 57) || (c | 0x20 >= 97 && c | 0x20 <= 102) }
    private func isIdentifierByte(_ c: UInt8) -> Bool { (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == UInt8(ascii: "_") || c == UInt8(ascii: "$") }

    /// A single- or double-quoted string with JSON5 escapes; returns its value.
    private mutating func string() throws -> String {
        let quote = b[p]
        let start = (line, p - lineStart + 1)
        p += 1
        var value: [UInt8] = []
        while true {
            guard p < b.count else { throw SyntaxError(line: start.0, column: start.1, message: "unterminated string") }
            let c = b[p]
            if c == quote { p += 1; break }
            if c == 10 || c == 13 { throw SyntaxError(line: start.0, column: start.1, message: "unterminated string (a line break must be escaped)") }
            if c != UInt8(ascii: "\\") { value.append(c); p += 1; continue }
            p += 1
            guard p < b.count else { throw SyntaxError(line: start.0, column: start.1, message: "unterminated string") }
            let e = b[p]
            p += 1
            switch e {
            case UInt8(ascii: "n"): value.append(10)
            case UInt8(ascii: "t"): value.append(9)
            case UInt8(ascii: "r"): value.append(13)
            case UInt8(ascii: "b"): value.append(8)
            case UInt8(ascii: "f"): value.append(12)
            case UInt8(ascii: "v"): value.append(11)
            case UInt8(ascii: "0"): value.append(0)
            // A line continuation keeps its line break, as Foundation's JSON5 decoder does
            // (the JSON5 specification drops it); both decoders must agree.
            case 10:
                value.append(10)
                newline()
            case 13:
                value.append(13)
                if p < b.count, b[p] == 10 { p += 1; value.append(10) }
                newline()
            case UInt8(ascii: "x"), UInt8(ascii: "u"):
                let count = e == UInt8(ascii: "x") ? 2 : 4
                guard p + count <= b.count, b[p..<(p + count)].allSatisfy(isHexDigit),
                      var scalar = UInt32(String(decoding: b[p..<(p + count)], as: UTF8.self), radix: 16) else {
                    throw error("invalid \\\(Character(UnicodeScalar(e))) escape")
                }
                p += count
                // A surrogate pair written as two `\u` escapes.
                if scalar >= 0xD800, scalar < 0xDC00, p + 6 <= b.count, b[p] == UInt8(ascii: "\\"), b[p + 1] == UInt8(ascii: "u"),
                   let low = UInt32(String(decoding: b[(p + 2)..<(p + 6)], as: UTF8.self), radix: 16), low >= 0xDC00, low < 0xE000 {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    p += 6
                }
                value += Array(String(UnicodeScalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
            default:
                value.append(e)  // `\\`, `\"`, `\'`, `\/` and any other character stand for themselves
            }
        }
        return String(decoding: value, as: UTF8.self)
    }

    private mutating func emitString(_ s: String) {
        out += Array(JSONString.quoted(s).utf8)
    }

    private func character(at i: Int) -> String {
        guard i < b.count else { return "end of file" }
        var end = i + 1
        while end < b.count, b[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: b[i..<end], as: UTF8.self)
    }

    private func error(_ message: String) -> SyntaxError {
        let column = String(decoding: b[min(lineStart, b.count)..<min(p, b.count)], as: UTF8.self).count + 1
        return SyntaxError(line: line, column: column, message: message)
    }
}
