/// The base protocol's framing: `Content-Length` headers, a blank line, then the JSON body.

/// Splits a byte stream into message bodies. A pure state machine: bytes go in with `append`,
/// events come out in order. It never throws and never stops: after bad framing it reports an
/// error and resynchronises on the next `Content-Length` header.
///
/// Decisions:
/// - Header lines end with `\r\n` (a bare `\n` is accepted too); names are case-insensitive; the
///   only header read is `Content-Length`, others (`Content-Type`) are ignored.
/// - A header block without a valid `Content-Length`, a line that is not `name: value`, or a block
///   longer than `maximumHeaderBytes` is a framing error: bytes are dropped up to the next
///   `Content-Length` at the start of a line.
/// - A body longer than `maximumBodyBytes` is reported and skipped without being stored.
/// - A wrong length cannot be detected here: the body then fails to parse as JSON (reported by
///   the caller), and the bytes left over from the next message are resynchronised over.
public struct MessageFramer {
    public enum Event: Equatable {
        /// A complete body (not yet checked to be JSON).
        case body([UInt8])
        /// Bad framing; the bytes involved were dropped.
        case error(String)
    }

    /// Longest header block accepted (real ones are under 100 bytes).
    public static let maximumHeaderBytes = 8 * 1024
    /// Largest body accepted: a 20 MB source file escaped as JSON is about 25 MB.
    public static let maximumBodyBytes = 256 << 20

    private var buffer: [UInt8] = []
    /// Where unread bytes start in `buffer` (dropped lazily, so that appending is amortised).
    private var start = 0
    private enum State { case header, body(Int), skip(Int), resync }
    private var state = State.header
    private var maximumBody: Int

    public init(maximumBodyBytes: Int = MessageFramer.maximumBodyBytes) {
        self.maximumBody = maximumBodyBytes
    }

    /// Bytes held that do not yet form a message.
    public var pendingByteCount: Int { buffer.count - start }

    /// Adds bytes read from the stream and returns the events they complete.
    public mutating func append<C: Collection>(_ bytes: C) -> [Event] where C.Element == UInt8 {
        var events: [Event] = []
        var input = bytes[...]
        // Bytes of an oversized body are dropped as they arrive.
        if case .skip(let n) = state {
            let k = min(n, input.count)
            input = input.dropFirst(k)
            state = n - k == 0 ? .header : .skip(n - k)
            if input.isEmpty { return events }
        }
        buffer.append(contentsOf: input)
        while let event = next() { events.append(event) }
        compact()
        return events
    }

    /// The next event the buffered bytes complete, if any.
    private mutating func next() -> Event? {
        switch state {
        case .resync:
            guard resynchronise() else { return nil }
            return next()
        case .skip(let n):
            let k = min(n, buffer.count - start)
            start += k
            state = n - k == 0 ? .header : .skip(n - k)
            return nil
        case .body(let length):
            guard buffer.count - start >= length else { return nil }
            let body = Array(buffer[start..<(start + length)])
            start += length
            state = .header
            return .body(body)
        case .header:
            // Blank lines between messages are tolerated.
            while start < buffer.count, buffer[start] == 13 || buffer[start] == 10 { start += 1 }
            guard start < buffer.count else { return nil }
            guard let end = headerEnd() else {
                if buffer.count - start > MessageFramer.maximumHeaderBytes {
                    start += 1
                    state = .resync
                    return .error("header block longer than \(MessageFramer.maximumHeaderBytes) bytes without a blank line")
                }
                return nil
            }
            let headerStart = start
            switch parseHeaders(headerStart..<end.headers) {
            case .failure(let message):
                start = headerStart + 1
                state = .resync
                return .error(message)
            case .success(let length):
                start = end.body
                if length > maximumBody {
                    state = .skip(length)
                    return .error("message body of \(length) bytes is larger than the \(maximumBody)-byte limit; skipped")
                }
                state = .body(length)
                return next()
            }
        }
    }

    /// The end of the header block at `start`: where its last line ends and where the body begins.
    private func headerEnd() -> (headers: Int, body: Int)? {
        var i = start
        let limit = min(buffer.count, start + MessageFramer.maximumHeaderBytes + 4)
        var lineStart = i
        while i < limit {
            if buffer[i] == 10 {
                // A line that is empty (or only `\r`) ends the block.
                let lineLength = i - lineStart
                if lineLength == 0 || (lineLength == 1 && buffer[lineStart] == 13) { return (lineStart, i + 1) }
                lineStart = i + 1
            }
            i += 1
        }
        return nil
    }

    private enum HeaderResult { case success(Int), failure(String) }

    /// The content length the header lines in `range` give.
    private func parseHeaders(_ range: Range<Int>) -> HeaderResult {
        var length: Int?
        var lineStart = range.lowerBound
        var i = range.lowerBound
        while i <= range.upperBound {
            if i == range.upperBound || buffer[i] == 10 {
                var lineEnd = i
                if lineEnd > lineStart, buffer[lineEnd - 1] == 13 { lineEnd -= 1 }
                if lineEnd > lineStart {
                    guard let colon = buffer[lineStart..<lineEnd].firstIndex(of: UInt8(ascii: ":")), colon > lineStart,
                          buffer[lineStart..<colon].allSatisfy(MessageFramer.isTokenByte) else {
                        return .failure("malformed header line: \(MessageFramer.preview(buffer[lineStart..<lineEnd]))")
                    }
                    let name = String(decoding: buffer[lineStart..<colon], as: UTF8.self).lowercased()
                    if name == "content-length" {
                        let value = buffer[(colon + 1)..<lineEnd].drop { $0 == 32 || $0 == 9 }
                        let digits = value.reversed().drop { $0 == 32 || $0 == 9 }.reversed()
                        guard !digits.isEmpty, digits.count <= 12, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
                            return .failure("invalid Content-Length: \(MessageFramer.preview(value))")
                        }
                        length = digits.reduce(0) { $0 * 10 + Int($1 - 48) }
                    }
                }
                lineStart = i + 1
            }
            i += 1
        }
        guard let n = length else { return .failure("header block without Content-Length") }
        return .success(n)
    }

    /// Drops bytes up to the next `Content-Length` (whatever precedes it: the rest of a body
    /// whose length was wrong ends without a line break). Returns whether one was found; if not,
    /// keeps only a tail that may be the start of one still arriving.
    private mutating func resynchronise() -> Bool {
        let needle = MessageFramer.needle
        var i = start
        while i + needle.count <= buffer.count {
            if MessageFramer.lower(buffer[i]) == needle[0] {
                var matches = true
                for k in 1..<needle.count where MessageFramer.lower(buffer[i + k]) != needle[k] { matches = false; break }
                if matches {
                    start = i
                    state = .header
                    return true
                }
            }
            i += 1
        }
        start = max(start, buffer.count - needle.count + 1)
        return false
    }

    private static let needle = Array("content-length".utf8)

    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            start = 0
        } else if start > 64 * 1024 && start > buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
    }

    private static func lower(_ b: UInt8) -> UInt8 { b >= 65 && b <= 90 ? b + 32 : b }

    /// Characters of an HTTP header name.
    private static func isTokenByte(_ b: UInt8) -> Bool {
        (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 45 || b == 95 || b == 46
    }

    /// Up to 40 bytes of a line, quoted, for an error message.
    private static func preview<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        let text = String(decoding: bytes.prefix(40), as: UTF8.self)
        return "\"" + text.unicodeScalars.map { $0.value < 32 ? "?" : String($0) }.joined() + (bytes.count > 40 ? "…" : "") + "\""
    }
}

/// Frames a body for writing: `Content-Length: N\r\n\r\n` then the bytes.
public func framed(_ body: [UInt8]) -> [UInt8] {
    Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
}
