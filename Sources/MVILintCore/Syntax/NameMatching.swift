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
