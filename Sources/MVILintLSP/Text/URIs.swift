/// `file://` URIs and paths.

/// Conversions between `file://` URIs and absolute paths (percent-encoding as RFC 3986 asks).
public enum URIs {
    /// The path of a `file:` URI (`file:///a/b%20c.swift` → `/a/b c.swift`); nil for another
    /// scheme (`untitled:`), a remote host, or bad escapes. The path is standardized lexically.
    public static func path(fromURI uri: String) -> String? {
        let lower = uri.lowercased()
        guard lower.hasPrefix("file:") else { return nil }
        var rest = Substring(uri.dropFirst(5))
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            // An authority: empty or `localhost`.
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            let host = rest[..<slash].lowercased()
            guard host.isEmpty || host == "localhost" else { return nil }
            rest = rest[slash...]
        }
        // Query and fragment are not part of the path.
        if let cut = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<cut] }
        guard let decoded = percentDecoded(rest), decoded.hasPrefix("/") else { return nil }
        return standardized(decoded)
    }

    /// The `file://` URI of an absolute path.
    public static func uri(fromPath path: String) -> String {
        var out = "file://"
        for b in path.utf8 {
            if isUnreserved(b) || b == UInt8(ascii: "/") {
                out.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                out += "%" + hex(b >> 4) + hex(b & 15)
            }
        }
        return out
    }

    private static func isUnreserved(_ b: UInt8) -> Bool {
        (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || (b >= 48 && b <= 57) || b == 45 || b == 46 || b == 95 || b == 126
    }

    private static func hex(_ n: UInt8) -> String { String("0123456789ABCDEF"[String.Index(utf16Offset: Int(n), in: "0123456789ABCDEF")]) }

    private static func percentDecoded(_ s: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count)
        var it = Array(s.utf8)[...]
        while let b = it.first {
            it = it.dropFirst()
            if b == UInt8(ascii: "%") {
                guard it.count >= 2, let hi = hexValue(it[it.startIndex]), let lo = hexValue(it[it.startIndex + 1]) else { return nil }
                bytes.append(hi << 4 | lo)
                it = it.dropFirst(2)
            } else {
                bytes.append(b)
            }
        }
        guard !bytes.contains(0) else { return nil }
        return String(validatingUTF8Bytes: bytes)
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 48...57: return b - 48
        case 65...70: return b - 55
        case 97...102: return b - 87
        default: return nil
        }
    }

    /// `.` and empty components dropped, `..` removing the one before (as the command line
    /// standardizes paths).
    static func standardized(_ path: String) -> String {
        var parts: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == ".." { _ = parts.popLast(); continue }
            parts.append(component)
        }
        return "/" + parts.joined(separator: "/")
    }
}

extension String {
    /// The string of valid UTF-8 bytes; nil when they are not valid.
    init?(validatingUTF8Bytes bytes: [UInt8]) {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var scalars = String.UnicodeScalarView()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let v): scalars.append(v)
            case .emptyInput: break loop
            case .error: return nil
            }
        }
        self = String(scalars)
    }
}
