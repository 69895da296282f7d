/// The transport: a reader thread that frames and parses messages, and a locked writer.

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the reader thread hands to the server.
public enum TransportEvent: Sendable {
    case message(IncomingMessage)
    /// Bad framing or a body that is not JSON-RPC; the connection goes on.
    case framingError(String)
    /// The input ended (end of file or a read error): the client is gone.
    case closed
}

/// A JSON-RPC connection over two file descriptors (standard input and output, or pipes).
public final class Connection: @unchecked Sendable {
    private let input: Int32
    private let output: Int32
    private let writeLock = NSLock()
    private var writeFailed = false
    /// Called (under the write lock) with each message written, for tests and logs.
    var onWrite: ((JSON) -> Void)?

    public init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
    }

    /// Starts the reader thread; `deliver` is called on it, in order, and last with `.closed`.
    public func startReading(_ deliver: @escaping @Sendable (TransportEvent) -> Void) {
        let fd = input
        let thread = Thread {
            var framer = MessageFramer()
            let size = 64 * 1024
            let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
            defer { buffer.deallocate() }
            while true {
                let n = read(fd, buffer, size)
                if n < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    break
                }
                if n == 0 { break }
                for event in framer.append(UnsafeBufferPointer(start: buffer, count: n)) {
                    deliver(Connection.decode(event))
                }
            }
            deliver(.closed)
        }
        thread.name = "mvilint-lsp-reader"
        // Large messages are parsed here: `JSONSerialization` recurses, so the thread gets room.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// A framer event as the server sees it: a body is parsed and classified.
    static func decode(_ event: MessageFramer.Event) -> TransportEvent {
        switch event {
        case .error(let message):
            return .framingError(message)
        case .body(let bytes):
            do {
                return .message(IncomingMessage.classify(try JSON.parse(bytes)))
            } catch {
                return .message(.invalid(id: nil, error: ResponseError(ErrorCode.parseError, "the message body is not JSON: \(error)")))
            }
        }
    }

    /// Writes one message, framed, in one piece (messages from several threads never interleave).
    /// After a failed write (the client is gone) further messages are dropped.
    public func send(_ message: JSON) {
        let bytes = framed(message.serialized())
        writeLock.lock()
        defer { writeLock.unlock() }
        onWrite?(message)
        guard !writeFailed else { return }
        var offset = 0
        bytes.withUnsafeBufferPointer { b in
            while offset < b.count {
                let n = write(output, b.baseAddress! + offset, b.count - offset)
                if n < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    writeFailed = true
                    return
                }
                offset += n
            }
        }
    }

    /// Whether a write has failed (the client closed its end).
    public var isBroken: Bool {
        writeLock.lock()
        defer { writeLock.unlock() }
        return writeFailed
    }
}
