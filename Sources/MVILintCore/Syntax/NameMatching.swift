/// Byte-level suffix tests for type names, used where rules test every name they meet.

extension String {
    /// Whether the UTF-8 bytes of the string end with those of `suffix`. Unlike `hasSuffix`, it
    /// compares bytes rather than characters: for the identifier suffixes rules look for
    /// (`ViewModel`, `UseCase`, `State`) the answers agree, and it is many times cheaper.
    @inlinable public func hasNameSuffix(_ suffix: String) -> Bool {
        let a = utf8, b = suffix.utf8
        let n = b.count, m = a.count
        guard n <= m else { return false }
        if n == 0 { return true }
        if let fast = a.withContiguousStorageIfAvailable({ x in
            b.withContiguousStorageIfAvailable { y -> Bool in
                var i = 0
                let base = m - n
                while i < n { if x[base + i] != y[i] { return false }; i += 1 }
                return true
            }
        }), let answer = fast {
            return answer
        }
        return a.suffix(n).elementsEqual(b)
    }
}

extension String {
    /// Whether `part`'s UTF-8 bytes occur in the string's (a plain byte search, for ASCII
    /// fragments of type text such as `->` or `View`; much cheaper than Foundation's `contains`).
    /// Native strings are read in place, like `hasNameSuffix`.
    public func containsBytes(_ part: String) -> Bool {
        let a = utf8, b = part.utf8
        if let fast = a.withContiguousStorageIfAvailable({ x in
            b.withContiguousStorageIfAvailable { y in String.occurs(y, in: x) }
        }), let answer = fast {
            return answer
        }
        return Array(a).withUnsafeBufferPointer { x in Array(b).withUnsafeBufferPointer { y in String.occurs(y, in: x) } }
    }

    private static func occurs(_ needle: UnsafeBufferPointer<UInt8>, in hay: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !needle.isEmpty else { return true }
        guard hay.count >= needle.count else { return false }
        var i = 0
        let last = hay.count - needle.count
        while i <= last {
            if hay[i] == needle[0] {
                var k = 1
                while k < needle.count, hay[i + k] == needle[k] { k += 1 }
                if k == needle.count { return true }
            }
            i += 1
        }
        return false
    }
}
