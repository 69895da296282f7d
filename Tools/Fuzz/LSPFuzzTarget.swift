/// libFuzzer entry point for the language server's input side: framing, JSON-RPC, buffers and URIs.

/// Feeds `data` to the message reader as a byte stream, in two chunkings, and checks that both
/// give the same messages; parses and classifies every body as the server does; applies edits
/// derived from the input to a buffer and checks its line table; reads the input as a URI.
/// Compiled into the MVILintLSP module with the files it needs by `Tools/fuzz.sh --target lsp`.
/// A crash, a hang, a sanitizer report or a broken invariant is a finding; each one becomes a
/// case in `Tests/LSPTests/TransportTests.swift`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))

    // Framing: the stream whole, and cut where the first byte says.
    var whole = MessageFramer(maximumBodyBytes: 1 << 20)
    let once = whole.append(bytes)
    var chunked = MessageFramer(maximumBodyBytes: 1 << 20)
    let cut = size > 0 ? Int(bytes[0]) % (size + 1) : 0
    let twice = chunked.append(bytes[..<cut]) + chunked.append(bytes[cut...])
    func bodies(_ events: [MessageFramer.Event]) -> [[UInt8]] {
        events.compactMap { if case .body(let b) = $0 { return b } else { return nil } }
    }
    precondition(bodies(once) == bodies(twice), "the messages depend on how the stream was read")
    precondition(whole.pendingByteCount <= size, "the reader holds more than it was given")

    // Every body as the server takes it: parsed, classified, answered.
    for event in once {
        if case .message(let message) = Connection.decode(event) {
            switch message {
            case .request(let id, _, let params): _ = Outgoing.response(id: id, result: params).serialized()
            case .notification(_, let params): _ = params["textDocument"]["uri"].string
            case .response(_, let result, _): _ = result.serialized()
            case .invalid(let id, let error): _ = Outgoing.error(id: id, error).serialized()
            }
        }
    }

    // A buffer edited at positions the input gives: the line table stays what a fresh scan gives.
    let half = size / 2
    var doc = TextDocument(bytes: Array(bytes[..<half]))
    var k = half
    while k + 4 <= size {
        let a = Position(line: Int(bytes[k] % 16), character: Int(bytes[k + 1] % 32))
        let b = Position(line: a.line + Int(bytes[k + 2] % 3), character: Int(bytes[k + 3] % 32))
        let text = String(decoding: bytes[(k + 4)..<min(size, k + 4 + Int(bytes[k] % 8))], as: UTF8.self)
        doc.replace(TextRange(start: min(a, b), end: max(a, b)), with: text)
        k += 4 + Int(bytes[k] % 8)
    }
    precondition(doc.lineStarts == TextDocument(bytes: doc.bytes).lineStarts, "incremental line table differs from a fresh one")
    for line in 0..<min(doc.lineCount, 8) {
        for character in [0, 1, 2, 7, 1000] {
            let offset = doc.offset(of: Position(line: line, character: character))
            precondition(offset >= doc.lineStarts[line] && offset <= doc.bytes.count, "offset outside its line")
            _ = doc.position(ofOffset: offset)
        }
        let end = doc.contentEnd(ofLine: line)
        _ = UTF16Columns.offset(ofCharacterColumn: Int(size % 9) + 1, in: doc.bytes, lineStart: doc.lineStarts[line], lineEnd: end)
    }

    // URIs: whatever the text, a path or nil; a path's URI gives the path back.
    let text = String(decoding: bytes, as: UTF8.self)
    if let path = URIs.path(fromURI: text) {
        precondition(URIs.path(fromURI: URIs.uri(fromPath: path)) == path, "a path does not survive its URI")
    }
    return 0
}
