/// The index's table of type names: each name's symbol and the target of a typealias of that name.

/// Type names to their symbol number in `ProjectIndex.symbolTable` and to the target of the
/// typealias of that name, in one hash table. The index answers every question about a type by
/// name (its symbol, its kind, whether it is a model or a view), most of them through a
/// typealias check first: with two standard dictionaries, each was two SipHash computations over
/// the name, about 500 instructions, 340 000 times on the five repositories of the real-code
/// benchmark and mostly on the one thread that builds the index. Here a name is hashed once,
/// eight bytes at a time, and compared only with the names that share 32 bits of its hash.
///
/// Open addressing with linear probing, at most three quarters full: a slot holds 32 bits of its
/// name's hash and the number of its entry (plus one; zero is an empty slot).
struct NameTable: Sendable {
    struct Entry: Sendable {
        var name: String
        /// The symbol's number, or -1 when the project declares or extends no type of this name.
        var symbol: Int32
        /// The typealias's target in `aliasTargets`, or -1 when the name is no typealias.
        var alias: Int32
    }

    private(set) var entries: [Entry] = []
    private var slots: [UInt64]
    private var aliasTargets: [String] = []

    init(minimumCapacity: Int = 0) {
        var capacity = 16
        while capacity * 3 < max(0, minimumCapacity) * 4 { capacity *= 2 }
        slots = [UInt64](repeating: 0, count: capacity)
        entries.reserveCapacity(minimumCapacity)
    }

    var count: Int { entries.count }

    /// The number of `name`'s entry, if it has one.
    @inline(__always) func find(_ name: String) -> Int? {
        let h = NameTable.hash(name)
        let mask = slots.count - 1
        var s = Int(truncatingIfNeeded: h) & mask
        while true {
            let slot = slots[s]
            if slot == 0 { return nil }
            let e = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
            // Equal strings that share storage (interned names) compare without reading their bytes.
            if UInt32(truncatingIfNeeded: slot >> 32) == h, entries[e].name == name { return e }
            s = (s + 1) & mask
        }
    }

    /// The number of `name`'s entry, made (with neither a symbol nor an alias) when it has none.
    mutating func entry(for name: String) -> Int {
        let h = NameTable.hash(name)
        var mask = slots.count - 1
        var s = Int(truncatingIfNeeded: h) & mask
        while true {
            let slot = slots[s]
            if slot == 0 { break }
            let e = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
            if UInt32(truncatingIfNeeded: slot >> 32) == h, entries[e].name == name { return e }
            s = (s + 1) & mask
        }
        let e = entries.count
        entries.append(Entry(name: name, symbol: -1, alias: -1))
        if (entries.count) * 4 > slots.count * 3 {
            grow()
            mask = slots.count - 1
            s = Int(truncatingIfNeeded: h) & mask
            while slots[s] != 0 { s = (s + 1) & mask }
        }
        slots[s] = UInt64(h) << 32 | UInt64(e + 1)
        return e
    }

    /// The symbol number of exactly `name` (no typealias followed).
    @inline(__always) func symbol(_ name: String) -> Int32? {
        guard let e = find(name) else { return nil }
        let s = entries[e].symbol
        return s >= 0 ? s : nil
    }

    /// The target of the typealias `name`, if it is one.
    @inline(__always) func aliasTarget(_ name: String) -> String? {
        guard let e = find(name) else { return nil }
        let a = entries[e].alias
        return a >= 0 ? aliasTargets[Int(a)] : nil
    }

    /// The symbol number of `name` with its typealiases followed (at most `maxAliasSteps` of
    /// them, as `ProjectIndex.resolve(_:)` follows them): one lookup for a name that is no alias.
    @inline(__always) func resolvedSymbol(_ name: String) -> Int32? {
        guard var e = find(name) else { return nil }
        var steps = 0
        while entries[e].alias >= 0, steps < NameTable.maxAliasSteps {
            guard let next = find(aliasTargets[Int(entries[e].alias)]) else { return nil }
            e = next
            steps += 1
        }
        let s = entries[e].symbol
        return s >= 0 ? s : nil
    }

    static let maxAliasSteps = 16

    mutating func setSymbol(_ symbol: Int32, at e: Int) { entries[e].symbol = symbol }

    /// Records that `name` is a typealias of `target`.
    mutating func setAlias(_ name: String, target: String) {
        let e = entry(for: name)
        entries[e].alias = Int32(aliasTargets.count)
        aliasTargets.append(target)
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot != 0 {
            var s = Int(truncatingIfNeeded: slot >> 32) & mask
            while slots[s] != 0 { s = (s + 1) & mask }
            slots[s] = slot
        }
    }

    /// 32 bits of a hash of the name's UTF-8 bytes, read eight at a time.
    @inline(__always) static func hash(_ name: String) -> UInt32 {
        if let h = name.utf8.withContiguousStorageIfAvailable(hashBytes) { return h }
        var copy = name
        return copy.withUTF8(hashBytes)
    }

    static func hashBytes(_ b: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let n = b.count
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: n)
        guard let p = b.baseAddress else { return UInt32(truncatingIfNeeded: h >> 32) }
        var i = 0
        while i &+ 8 <= n {
            h = (h ^ UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 29
            i &+= 8
        }
        if i < n {
            var w: UInt64 = 0, shift: UInt64 = 0
            while i < n { w |= UInt64(p[i]) << shift; shift &+= 8; i &+= 1 }
            h = (h ^ w) &* 0x94D0_49BB_1331_11EB
        }
        h ^= h >> 31
        h = h &* 0xD6E8_FEB8_6659_FD93
        return UInt32(truncatingIfNeeded: h >> 32)
    }
}
