/// A per-file memo keyed by a token's name bytes: a rule that asks the same question about
/// many tokens spelling the same name (`Text`, `Button`, its own model type) pays for the
/// `String` and the answer once per name, not once per token.
///
/// Inlinable, so that the rules module specializes it (an unspecialized generic table costs
/// more than the strings it saves).

public struct TokenTextCache<Value> {
    @usableFromInline struct Entry {
        @usableFromInline var hash: UInt64
        /// Byte range of the first token seen with this name (backticks excluded).
        @usableFromInline var start: Int32
        @usableFromInline var end: Int32
        @usableFromInline var value: Value
        @usableFromInline init(hash: UInt64, start: Int32, end: Int32, value: Value) {
            self.hash = hash; self.start = start; self.end = end; self.value = value
        }
    }

    @usableFromInline let file: SourceFile
    /// Open addressing, a power of two in size, at most half full.
    @usableFromInline var slots: [Entry?]
    @usableFromInline var count = 0

    @inlinable public init(file: SourceFile) {
        self.file = file
        slots = [Entry?](repeating: nil, count: 64)
    }

    /// The value for token `i`'s name, made from the name by `make` the first time it is seen.
    @inlinable public mutating func value(forToken i: Int, _ make: (String) -> Value) -> Value {
        guard i >= 0, i < file.tokens.count else { return make("") }
        let (a, b) = file.nameRange(i)
        let bytes = file.bytes
        // FNV-1a over the name's bytes.
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for o in a..<b { h = (h ^ UInt64(bytes[o])) &* 0x100_0000_01b3 }
        let mask = slots.count - 1
        var s = TokenTextCache.home(h, mask)
        while let e = slots[s] {
            if e.hash == h, Int(e.end - e.start) == b - a {
                var k = 0
                let o = Int(e.start)
                while k < b - a, bytes[o + k] == bytes[a + k] { k += 1 }
                if k == b - a { return e.value }
            }
            s = (s + 1) & mask
        }
        let value = make(file.name(i))
        slots[s] = Entry(hash: h, start: Int32(truncatingIfNeeded: a), end: Int32(truncatingIfNeeded: b), value: value)
        count += 1
        if count * 2 > slots.count { grow() }
        return value
    }

    /// The first slot to probe for a name hashed to `h`.
    @inlinable static func home(_ h: UInt64, _ mask: Int) -> Int { Int(truncatingIfNeeded: h ^ (h >> 29)) & mask }

    @usableFromInline mutating func grow() {
        let old = slots
        slots = [Entry?](repeating: nil, count: old.count * 2)
        let mask = slots.count - 1
        for case let e? in old {
            var s = TokenTextCache.home(e.hash, mask)
            while slots[s] != nil { s = (s + 1) & mask }
            slots[s] = e
        }
    }
}
