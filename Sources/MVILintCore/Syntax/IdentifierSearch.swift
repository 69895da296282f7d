/// Whether a file names one of several words, found fast: most files contain none of them.

/// Words (type names, usually) that a rule looks for in a file before doing costlier work: the
/// bytes are searched first (`memchr` on each word's rarest byte), and only a file that holds one
/// is scanned for an identifier token spelling one. Made once, from a table, not per file.
public struct IdentifierSearch: Sendable {
    private let needles: [ByteSearch.Needle]
    public let words: WordSet

    public init(_ words: [String]) {
        let unique = Array(Set(words.filter { !$0.isEmpty })).sorted()
        needles = unique.map(ByteSearch.Needle.init)
        self.words = WordSet(unique)
    }

    /// Whether no word was given.
    public var isEmpty: Bool { needles.isEmpty }
}

extension ByteSearch.Needle: @unchecked Sendable {}

extension SourceFile {
    /// Whether an identifier token of the file spells one of the words of `search`.
    public func containsIdentifier(in search: IdentifierSearch) -> Bool {
        guard !search.isEmpty else { return false }
        let present = bytes.withUnsafeBufferPointer { hay in search.needlesOccur(in: hay) }
        guard present else { return false }
        for i in tokens.indices where tokens[i].kind == .identifier {
            if isName(i, in: search.words) { return true }
        }
        return false
    }
}

extension IdentifierSearch {
    func needlesOccur(in hay: UnsafeBufferPointer<UInt8>) -> Bool { needles.contains { $0.occurs(in: hay) } }
}

extension SourceFile {
    /// Whether an identifier token of the file spells `word` (a name from a table or the
    /// configuration; `containsIdentifier(_:)` takes a literal).
    public func containsIdentifier(named word: String) -> Bool {
        guard !word.isEmpty else { return false }
        let needle = ByteSearch.Needle(word)
        guard bytes.withUnsafeBufferPointer({ needle.occurs(in: $0) }) else { return false }
        let utf8 = Array(word.utf8)
        for t in tokens where t.kind == .identifier && Int(t.end - t.start) == utf8.count {
            if bytes[Int(t.start)..<Int(t.end)].elementsEqual(utf8) { return true }
        }
        return false
    }
}
