/// Atomic file replacement: write a temporary file next to the target, then rename it over.

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole files so that a reader sees either the old or the new contents, never a mix,
/// and a failure leaves the old file as it was.
///
/// Decisions:
/// - The temporary file is created in the target's directory (a rename across file systems is
///   not atomic) and gets the target's permission bits before the rename; a new file gets
///   `0666` minus the umask, like one created by an editor.
/// - A symlink is followed: its target is replaced, the link stays.
/// - A file or directory whose permission bits grant no write access to anyone is treated as
///   read-only even when the process could write it anyway (running as root): a read-only file
///   is a deliberate signal, so it is never replaced.
public enum AtomicFile {
    /// Why a file was not written; the old contents are untouched.
    public struct WriteError: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Replaces (or creates) the file at `path` with `bytes`.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        var target = FileDiscovery.absolutePath(path)
        if let resolved = realpath(target, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        let directory = FileDiscovery.parent(of: target)
        var info = stat()
        let exists = stat(target, &info) == 0
        var mode: mode_t
        if exists {
            guard (info.st_mode & mode_t(S_IFMT)) == mode_t(S_IFREG) else { throw WriteError(message: "not a regular file") }
            guard isWritable(target, mode: info.st_mode) else { throw WriteError(message: "the file is read-only (no write permission)") }
            mode = info.st_mode & 0o7777
        } else {
            let mask = umask(0o022)
            umask(mask)
            mode = 0o666 & ~mask
        }
        var dirInfo = stat()
        guard stat(directory, &dirInfo) == 0 else { throw WriteError(message: "its directory \(directory) does not exist") }
        guard isWritable(directory, mode: dirInfo.st_mode) else {
            throw WriteError(message: "its directory \(directory) is read-only, so no temporary file can be created next to it")
        }

        let name = String(target[target.index(after: target.lastIndex(of: "/")!)...])
        var template = Array(FileDiscovery.join(directory, ".\(name).mvilint-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw WriteError(message: "cannot create a temporary file in \(directory): \(errorText())") }
        let temporary = String(cString: template)
        var failure: String?
        var written = 0
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let n = writeBytes(fd, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = "cannot write a temporary file: \(errorText())"
                    return
                }
                written += n
            }
        }
        if failure == nil, fchmod(fd, mode) != 0 { failure = "cannot set permissions: \(errorText())" }
        if failure == nil, fsync(fd) != 0 { failure = "cannot flush the temporary file: \(errorText())" }
        if close(fd) != 0, failure == nil { failure = "cannot close the temporary file: \(errorText())" }
        if failure == nil, rename(temporary, target) != 0 { failure = "cannot replace the file: \(errorText())" }
        if let message = failure {
            unlink(temporary)
            throw WriteError(message: message)
        }
    }

    /// Whether the process may write `path` and its mode grants write access to someone.
    static func isWritable(_ path: String, mode: mode_t) -> Bool {
        mode & 0o222 != 0 && access(path, W_OK) == 0
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}

/// POSIX `write`, named apart from `AtomicFile.write` so that lookup finds the C function.
private func writeBytes(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, pointer, count)
    #elseif canImport(Musl)
    return Musl.write(fd, pointer, count)
    #else
    return Darwin.write(fd, pointer, count)
    #endif
}
