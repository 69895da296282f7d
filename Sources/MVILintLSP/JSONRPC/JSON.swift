/// A JSON value read and written with Foundation's `JSONSerialization`.

import Foundation

/// A JSON value. Messages are parsed with `JSONSerialization` and turned into this enum at once,
/// so that the server never casts `Any` while handling a message.
public enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    /// An integral number that fits in 64 bits.
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    /// Keys in no particular order; `JSONSerialization` writes them sorted.
    case object([String: JSON])

    /// Why bytes are not a JSON value.
    public struct ParseError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Parses `bytes` (a whole message body). `JSONSerialization` rejects nesting deeper than
    /// 512 levels with an error, so hostile input cannot exhaust the stack here.
    public static func parse(_ bytes: [UInt8]) throws -> JSON {
        let any: Any
        do {
            any = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw ParseError(description: detail ?? "the text is not JSON")
        }
        return JSON(foundation: any)
    }

    /// The value `JSONSerialization` produced; anything it cannot produce becomes `null`.
    init(foundation any: Any) {
        switch any {
        case is NSNull:
            self = .null
        case let s as String:
            self = .string(s)
        case let n as NSNumber:
            self = JSON.number(n)
        case let a as [Any]:
            self = .array(a.map { JSON(foundation: $0) })
        case let o as [String: Any]:
            var out: [String: JSON] = [:]
            out.reserveCapacity(o.count)
            for (k, v) in o { out[k] = JSON(foundation: v) }
            self = .object(out)
        default:
            self = .null
        }
    }

    /// A number as `JSONSerialization` returns it: booleans have the type code `c` (parsed
    /// JSON never yields a `char` number otherwise), integers an integral code, the rest doubles.
    private static func number(_ n: NSNumber) -> JSON {
        let code = String(cString: n.objCType)
        switch code {
        case "c", "B":
            return .bool(n.boolValue)
        case "d", "f":
            let d = n.doubleValue
            if d.rounded() == d, abs(d) < 9.0e15 { return .int(Int(d)) }
            return .double(d)
        default:
            return .int(n.intValue)
        }
    }

    /// The value as `JSONSerialization` writes it.
    var foundation: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let b): return NSNumber(value: b)
        case .int(let i): return NSNumber(value: i)
        case .double(let d): return d.isFinite ? NSNumber(value: d) : NSNull()
        case .string(let s): return s
        case .array(let a): return a.map(\.foundation)
        case .object(let o): return o.mapValues(\.foundation)
        }
    }

    /// UTF-8 JSON text, keys sorted (stable output for tests and logs).
    public func serialized() -> [UInt8] {
        switch self {
        case .object, .array:
            if let data = try? JSONSerialization.data(withJSONObject: foundation, options: [.sortedKeys, .withoutEscapingSlashes]) {
                return [UInt8](data)
            }
            return Array("null".utf8)
        default:
            // A top-level scalar: wrapped in an array, which is then stripped.
            guard let data = try? JSONSerialization.data(withJSONObject: [foundation], options: [.withoutEscapingSlashes]) else {
                return Array("null".utf8)
            }
            return Array([UInt8](data).dropFirst().dropLast())
        }
    }

    /// The serialized text, for logs and tests.
    public var text: String { String(decoding: serialized(), as: UTF8.self) }

    // MARK: Reading

    public subscript(key: String) -> JSON {
        if case .object(let o) = self { return o[key] ?? .null }
        return .null
    }

    public subscript(index: Int) -> JSON {
        if case .array(let a) = self, index >= 0, index < a.count { return a[index] }
        return .null
    }

    public var string: String? { if case .string(let s) = self { return s }; return nil }
    public var int: Int? {
        switch self {
        case .int(let i): return i
        case .double(let d) where d.rounded() == d && abs(d) < 9.0e15: return Int(d)
        default: return nil
        }
    }
    public var bool: Bool? { if case .bool(let b) = self { return b }; return nil }
    public var array: [JSON]? { if case .array(let a) = self { return a }; return nil }
    public var object: [String: JSON]? { if case .object(let o) = self { return o }; return nil }
    public var isNull: Bool { self == .null }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) {
        var o: [String: JSON] = [:]
        for (k, v) in elements { o[k] = v }
        self = .object(o)
    }
    public init(nilLiteral: ()) { self = .null }
}
