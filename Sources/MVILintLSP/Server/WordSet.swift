/// The words a file mentions, kept as hashes to find the files a changed name may reach.

/// The identifier-like words of a file (letters, digits, `_`, any non-ASCII byte; a leading
/// `$` or `@` is not part of the word), as sorted, unique 32-bit hashes: about 1 KB per file.
/// Comments and strings are included, so a lookup can over-report a file, never miss one. A
/// hash collision also only over-reports.
struct WordSet: Sendable {
    private(set) var hashes: [UInt32]

    init(bytes: [UInt8]) {
        var out: [UInt32] = []
        out.reserveCapacity(bytes.count / 16)
        bytes.withUnsafeBufferPointer { b in
            var i = 0
            let n = b.count
            while i < n {
                let c = b[i]
                if WordSet.isWordByte(c), !(c >= 48 && c <= 57) {
                    var h: UInt32 = 2_166_136_261
                    while i < n, WordSet.isWordByte(b[i]) {
                        h = (h ^ UInt32(b[i])) &* 16_777_619
                        i += 1
                    }
                    out.append(h)
                } else if c >= 48 && c <= 57 {
                    // A number (or a word starting with a digit, which is no identifier).
                    while i < n, WordSet.isWordByte(b[i]) { i += 1 }
                } else {
                    i += 1
                }
            }
        }
        out.sort()
        var unique = 0
        for k in out.indices where unique == 0 || out[k] != out[unique - 1] {
            out[unique] = out[k]
            unique += 1
        }
        out.removeLast(out.count - unique)
        hashes = out
    }

    @inline(__always) static func isWordByte(_ c: UInt8) -> Bool {
        (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c == 95 || c >= 0x80
    }

    /// The hash of one word, as the set stores it.
    static func hash(_ word: String) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        for b in word.utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        return h
    }

    func contains(_ hash: UInt32) -> Bool {
        var lo = 0, hi = hashes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if hashes[mid] < hash { lo = mid + 1 } else { hi = mid }
        }
        return lo < hashes.count && hashes[lo] == hash
    }

    /// Whether the set holds any of `wanted` (sorted): by binary search for a few hashes, by a
    /// merge of the two sorted lists for many.
    func containsAny(of wanted: [UInt32]) -> Bool {
        if wanted.count <= 8 { return wanted.contains { contains($0) } }
        var i = 0, j = 0
        while i < hashes.count, j < wanted.count {
            if hashes[i] == wanted[j] { return true }
            if hashes[i] < wanted[j] { i += 1 } else { j += 1 }
        }
        return false
    }
}
