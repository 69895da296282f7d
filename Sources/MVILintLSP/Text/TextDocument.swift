/// An editor buffer: UTF-8 bytes, the protocol's line table, and UTF-16 positions.

/// A position as the protocol counts it: 0-based line, 0-based UTF-16 code unit in the line.
public struct Position: Hashable, Comparable, Sendable {
    public var line: Int
    public var character: Int
    public init(line: Int, character: Int) { self.line = line; self.character = character }
    public static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }

    public var json: JSON { ["line": .int(line), "character": .int(character)] }
    public init?(_ json: JSON) {
        guard let l = json["line"].int, let c = json["character"].int, l >= 0, c >= 0 else { return nil }
        self.init(line: l, character: c)
    }
}

/// A range of positions, end exclusive.
public struct TextRange: Hashable, Sendable {
    public var start: Position
    public var end: Position
    public init(start: Position, end: Position) { self.start = start; self.end = end }

    public var json: JSON { ["start": start.json, "end": end.json] }
    public init?(_ json: JSON) {
        guard let s = Position(json["start"]), let e = Position(json["end"]) else { return nil }
        self.init(start: s, end: max(s, e))
    }

    /// Whether the two ranges share a position (an empty range touching the other counts).
    public func overlaps(_ other: TextRange) -> Bool {
        start <= other.end && other.start <= end
    }
}

/// A document's text with the line table of the protocol: a line ends at `\n`, `\r\n` or a
/// lone `\r`, as mvilint's scanner also counts lines.
///
/// Positions outside the text are clamped (the protocol asks for that): a character past the
/// end of its line means the end of the line, a line past the last one the end of the text. A
/// character inside a surrogate pair (the middle of an emoji) means the start of that character.
public struct TextDocument: Sendable {
    public private(set) var bytes: [UInt8]
    public var version: Int
    /// Byte offset where each line starts; the first is 0.
    public private(set) var lineStarts: [Int]

    public init(bytes: [UInt8], version: Int = 0) {
        self.bytes = bytes
        self.version = version
        self.lineStarts = [0]
        lineStarts.append(contentsOf: TextDocument.breaks(in: bytes, from: 0, to: bytes.count))
    }

    public init(text: String, version: Int = 0) { self.init(bytes: Array(text.utf8), version: version) }

    public var text: String { String(decoding: bytes, as: UTF8.self) }
    public var lineCount: Int { lineStarts.count }

    /// The line starts that the line breaks in `from..<to` make (each break's following offset).
    static func breaks(in bytes: [UInt8], from: Int, to: Int) -> [Int] {
        var out: [Int] = []
        bytes.withUnsafeBufferPointer { b in
            var p = from
            while p < to {
                let c = b[p]
                if c == 10 {
                    out.append(p + 1)
                } else if c == 13 {
                    if p + 1 < b.count, b[p + 1] == 10 {
                        out.append(p + 2)
                        p += 1
                    } else {
                        out.append(p + 1)
                    }
                }
                p += 1
            }
        }
        return out
    }

    /// The 0-based line holding byte `offset`.
    public func line(ofOffset offset: Int) -> Int {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Where line `line`'s content ends (before its line break).
    public func contentEnd(ofLine line: Int) -> Int {
        guard line + 1 < lineStarts.count else { return bytes.count }
        var end = lineStarts[line + 1]
        if end > lineStarts[line], bytes[end - 1] == 10 { end -= 1 }
        if end > lineStarts[line], bytes[end - 1] == 13 { end -= 1 }
        return end
    }

    /// The bytes of line `line` without its line break.
    public func lineBytes(_ line: Int) -> ArraySlice<UInt8> {
        guard line >= 0, line < lineStarts.count else { return [] }
        return bytes[lineStarts[line]..<contentEnd(ofLine: line)]
    }

    /// The byte offset of a protocol position (clamped; see the type's comment).
    public func offset(of position: Position) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        let start = lineStarts[position.line]
        let end = contentEnd(ofLine: position.line)
        return UTF16Columns.offset(ofUnits: position.character, in: bytes, from: start, to: end)
    }

    /// The protocol position of byte `offset` (clamped to the text).
    public func position(ofOffset offset: Int) -> Position {
        let off = max(0, min(offset, bytes.count))
        let line = self.line(ofOffset: off)
        let start = lineStarts[line]
        return Position(line: line, character: UTF16Columns.units(in: bytes, from: start, to: min(off, max(start, contentEnd(ofLine: line)))))
    }

    /// Replaces `range` (protocol positions) with `text`, keeping the line table current without
    /// scanning the whole buffer again.
    public mutating func replace(_ range: TextRange, with text: String) {
        let a = offset(of: range.start)
        let b = max(a, offset(of: range.end))
        replace(bytes: a..<b, with: Array(text.utf8))
    }

    /// Replaces a byte range. Line starts at or before the line above the edit are kept, those
    /// after the replaced bytes are shifted, and only the lines in between are scanned again
    /// (a `\r` just before the edit may pair with a `\n` the edit inserts).
    public mutating func replace(bytes range: Range<Int>, with new: [UInt8]) {
        let lower = max(0, min(range.lowerBound, bytes.count))
        let upper = max(lower, min(range.upperBound, bytes.count))
        let startLine = line(ofOffset: lower)
        let anchorIndex = max(0, startLine - 1)
        let anchor = lineStarts[anchorIndex]
        let delta = new.count - (upper - lower)
        // The first old line start past the replaced bytes: its line break is unchanged.
        var tail = startLine + 1
        while tail < lineStarts.count, lineStarts[tail] <= upper { tail += 1 }
        let shifted = lineStarts[tail...].map { $0 + delta }
        bytes.replaceSubrange(lower..<upper, with: new)
        let newEnd = lower + new.count
        let scanned = TextDocument.breaks(in: bytes, from: anchor, to: newEnd).filter { $0 <= newEnd }
        lineStarts.removeSubrange((anchorIndex + 1)...)
        lineStarts.append(contentsOf: scanned)
        lineStarts.append(contentsOf: shifted)
    }
}

/// Conversions between byte offsets, UTF-16 code units and characters within a line.
public enum UTF16Columns {
    /// Whether `bytes[from..<to]` is all ASCII (then bytes, units and characters coincide).
    static func isASCII(_ bytes: [UInt8], _ from: Int, _ to: Int) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            var i = from
            while i < to { if b[i] >= 0x80 { return false }; i += 1 }
            return true
        }
    }

    /// The length of the UTF-8 sequence that starts with `lead` (1 for a byte that cannot start one).
    @inline(__always) static func sequenceLength(_ lead: UInt8) -> Int {
        if lead < 0xC0 { return 1 }
        if lead < 0xE0 { return 2 }
        if lead < 0xF0 { return 3 }
        return lead < 0xF8 ? 4 : 1
    }

    /// UTF-16 code units of the UTF-8 text `bytes[from..<to]`.
    public static func units(in bytes: [UInt8], from: Int, to: Int) -> Int {
        guard from < to else { return 0 }
        return bytes.withUnsafeBufferPointer { b in
            var i = from, units = 0
            while i < to {
                let n = sequenceLength(b[i])
                units += n == 4 ? 2 : 1
                i += n
            }
            return units
        }
    }

    /// The offset `units` UTF-16 code units after `from`, not past `to`; a count that ends
    /// inside a character's surrogate pair gives the character's start.
    public static func offset(ofUnits units: Int, in bytes: [UInt8], from: Int, to: Int) -> Int {
        bytes.withUnsafeBufferPointer { b in
            var i = from, count = 0
            while i < to {
                let n = sequenceLength(b[i])
                let w = n == 4 ? 2 : 1
                if count + w > units { return i }
                count += w
                i = min(to, i + n)
            }
            return min(i, to)
        }
    }

    /// The offset of the 1-based `column`, counted in characters (grapheme clusters) from
    /// `lineStart` as mvilint counts columns: the first offset whose prefix holds `column - 1`
    /// characters, not past `lineEnd`.
    public static func offset(ofCharacterColumn column: Int, in bytes: [UInt8], lineStart: Int, lineEnd: Int) -> Int {
        let wanted = max(0, column - 1)
        if isASCII(bytes, lineStart, lineEnd) { return min(lineEnd, lineStart + wanted) }
        // Walk the line's characters; the prefix count is checked at the end, because a prefix
        // can cluster differently from the whole line.
        let line = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
        var offset = lineStart, counted = 0
        for ch in line {
            if counted == wanted { break }
            offset += ch.utf8.count
            counted += 1
        }
        offset = min(offset, lineEnd)
        if String(decoding: bytes[lineStart..<offset], as: UTF8.self).count == wanted { return offset }
        // Scalar by scalar: the first boundary whose prefix has the wanted count.
        var i = lineStart
        while i < lineEnd {
            if String(decoding: bytes[lineStart..<i], as: UTF8.self).count >= wanted { return i }
            i = min(lineEnd, i + sequenceLength(bytes[i]))
        }
        return lineEnd
    }
}
