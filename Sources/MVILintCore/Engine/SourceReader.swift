/// Reads source files for the engine with POSIX calls, rejecting what cannot be linted with a clear message.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one source file and decides whether it can be linted.
///
/// Decisions:
/// - Only regular files are read (symlinks are followed). A directory, FIFO, socket or device is
///   rejected without reading, so that `/dev/zero` or a named pipe called `Foo.swift` cannot hang
///   the run. The file is opened non-blocking for the same reason.
/// - A file that vanished after discovery, a dangling symlink, a symlink loop and a permission
///   failure each get their own message; the rest of the project is still linted.
/// - Files larger than `maximumFileSize` are rejected: scanning costs about 10–25 bytes of memory per
///   source byte, and no hand-written Swift file comes near the limit.
/// - Source must be UTF-8 (a byte-order mark is allowed) without NUL bytes; a NUL byte almost
///   always means a binary file with a `.swift` name.
public enum SourceReader {
    public enum Outcome { case success([UInt8]), failure(String) }

    /// The largest file that is linted, in bytes (128 MiB).
    public static let maximumFileSize = 128 << 20

    public static func read(_ path: String) -> Outcome {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 { return .failure(openFailure(path, errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(ioFailure(errno)) }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR { return .failure("is a directory, not a Swift file") }
        guard type == S_IFREG else { return .failure("is not a regular file (a pipe, socket or device), so it is not read") }
        let size = Int(info.st_size)
        if size > maximumFileSize { return .failure(tooLarge(size)) }
        var failure: Int32 = 0
        // Read one byte more than `fstat` promised, to notice a file that grows meanwhile. A read
        // that stops short at exactly the promised size has met the end of the file: no second
        // read is made to hear it again (one system call per file saved).
        var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            count = readFully(fd, buffer.baseAddress!, size + 1, endingAt: size, &failure)
        }
        if failure != 0 { return .failure(ioFailure(failure)) }
        if bytes.count > size {
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let got = chunk.withUnsafeMutableBytes { readFully(fd, $0.baseAddress!, $0.count, &failure) }
                if failure != 0 { return .failure(ioFailure(failure)) }
                if got == 0 { break }
                bytes.append(contentsOf: chunk[0..<got])
                if bytes.count > maximumFileSize { return .failure(tooLarge(bytes.count)) }
            }
        }
        return validate(bytes)
    }

    /// Reads until `capacity` bytes or end of file; retries on `EINTR`. Returns the count read.
    /// A short read that brings the total to `expectedEnd` (the size `fstat` gave) counts as the
    /// end of the file.
    private static func readFully(_ fd: Int32, _ base: UnsafeMutableRawPointer, _ capacity: Int, endingAt expectedEnd: Int = -1,
                                  _ failure: inout Int32) -> Int {
        var total = 0
        while total < capacity {
            let r = systemRead(fd, base + total, capacity - total)
            if r < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            if r == 0 { break }
            total += r
            if total == expectedEnd { break }
        }
        return total
    }

    /// Accepts `bytes` as Swift source unless they contain NUL bytes or are not UTF-8.
    public static func validate(_ bytes: [UInt8]) -> Outcome {
        switch checkText(bytes) {
        case .valid: return .success(bytes)
        case .nul: return .failure("file contains NUL bytes; it looks binary, not Swift source")
        case .invalidUTF8: return .failure("file is not valid UTF-8")
        }
    }

    private static func tooLarge(_ size: Int) -> String {
        "file is too large to lint (\(size >> 20) MiB; the limit is \(maximumFileSize >> 20) MiB)"
    }

    private static func openFailure(_ path: String, _ code: Int32) -> String {
        switch code {
        case ENOENT, ENOTDIR:
            var info = stat()
            if lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK {
                return "is a symbolic link whose target does not exist"
            }
            return "file does not exist (it may have been removed while linting)"
        case ELOOP: return "is a symbolic link that loops"
        case EACCES, EPERM: return "file cannot be read (permission denied)"
        default: return ioFailure(code)
        }
    }

    private static func ioFailure(_ code: Int32) -> String {
        "file cannot be read (\(String(cString: strerror(code))))"
    }
}

/// `read(2)`, named so that it does not clash with `SourceReader.read`.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.read(fd, buffer, count)
    #elseif canImport(Musl)
    return Musl.read(fd, buffer, count)
    #else
    return Darwin.read(fd, buffer, count)
    #endif
}

enum TextCheck { case valid, nul, invalidUTF8 }

/// Whether `bytes` is NUL-free, well-formed UTF-8 (no overlong forms, surrogates or values past
/// U+10FFFF). ASCII runs are checked eight bytes at a time.
func checkText(_ bytes: [UInt8]) -> TextCheck {
    bytes.withUnsafeBufferPointer { b in
        let n = b.count
        var i = 0
        var sawNUL = false
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        while i < n {
            // Fastest path: 32 ASCII bytes, none of them NUL, tested together.
            while i + 32 <= n {
                let p = UnsafeRawPointer(b.baseAddress! + i)
                let w0 = p.loadUnaligned(as: UInt64.self), w1 = p.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                let w2 = p.loadUnaligned(fromByteOffset: 16, as: UInt64.self), w3 = p.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                let zero = ((w0 &- ones) & ~w0) | ((w1 &- ones) & ~w1) | ((w2 &- ones) & ~w2) | ((w3 &- ones) & ~w3)
                if (w0 | w1 | w2 | w3 | zero) & high != 0 { break }
                i += 32
            }
            if i >= n { break }
            // Fast path: eight ASCII bytes, none of them NUL.
            if i + 8 <= n {
                let word = UnsafeRawPointer(b.baseAddress! + i).loadUnaligned(as: UInt64.self)
                let hasZero = (word &- ones) & ~word & high
                if word & high == 0 && hasZero == 0 { i += 8; continue }
            }
            let c = b[i]
            if c < 0x80 {
                if c == 0 { sawNUL = true }
                i += 1
                continue
            }
            func cont(_ j: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> Bool { j < n && b[j] >= lo && b[j] <= hi }
            let length: Int
            switch c {
            case 0xC2...0xDF: length = cont(i + 1) ? 2 : 0
            case 0xE0: length = cont(i + 1, 0xA0) && cont(i + 2) ? 3 : 0
            case 0xED: length = cont(i + 1, 0x80, 0x9F) && cont(i + 2) ? 3 : 0
            case 0xE1...0xEF: length = cont(i + 1) && cont(i + 2) ? 3 : 0
            case 0xF0: length = cont(i + 1, 0x90) && cont(i + 2) && cont(i + 3) ? 4 : 0
            case 0xF1...0xF3: length = cont(i + 1) && cont(i + 2) && cont(i + 3) ? 4 : 0
            case 0xF4: length = cont(i + 1, 0x80, 0x8F) && cont(i + 2) && cont(i + 3) ? 4 : 0
            default: length = 0
            }
            // A NUL byte anywhere wins: the file is most likely binary.
            if length == 0 { return b.contains(0) ? .nul : .invalidUTF8 }
            i += length
        }
        return sawNUL ? .nul : .valid
    }
}

/// Whether `bytes` is well-formed UTF-8 (NUL bytes allowed).
func isValidUTF8(_ bytes: [UInt8]) -> Bool { checkText(bytes) != .invalidUTF8 }
