/// Sources that do not come straight from disk: standard input and git's staged files.

import Foundation

/// What git reports about the files staged for the next commit.
struct StagedSnapshot {
    /// The root of the work tree, absolute.
    var root: String
    /// Staged Swift files (absolute paths in the work tree, sorted) with their staged content.
    var files: [(path: String, bytes: [UInt8])]
}

/// A failure of an integration (git, the plugin output): printed as `Error: …`, exit status 2.
struct IntegrationError: Error, CustomStringConvertible {
    var description: String
}

/// Runs git. Every call names its directory, so that nothing depends on the process's own
/// working directory except the default the command line passes in.
enum Git {

    /// Runs `git ARGS` in `directory`, feeding `input` to its standard input. Standard input is
    /// written and standard error drained on other threads, so that a large output cannot
    /// deadlock on full pipes.
    static func run(_ arguments: [String], in directory: String, input: [UInt8] = []) throws -> (status: Int32, stdout: [UInt8], stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory, isDirectory: true)
        // The user's locale must not change the messages this code reads; hooks set GIT_DIR
        // and GIT_INDEX_FILE, which git must keep seeing, so the environment is otherwise kept.
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        process.environment = environment
        let stdinPipe = Pipe(), stdoutPipe = Pipe(), stderrPipe = Pipe()
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        do {
            try process.run()
        } catch {
            throw IntegrationError(description: "cannot run git (\(error.localizedDescription)); is git installed and on PATH?")
        }
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            if !input.isEmpty { stdinPipe.fileHandleForWriting.write(Data(input)) }
            try? stdinPipe.fileHandleForWriting.close()
        }
        let errorData = Collected()
        DispatchQueue.global().async(group: group) {
            errorData.data = stderrPipe.fileHandleForReading.readDataToEndOfFile()
        }
        let output = stdoutPipe.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        let message = String(decoding: errorData.data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return (process.terminationStatus, [UInt8](output), message)
    }

    /// Bytes read on another thread; `DispatchGroup.wait` orders the write before the read.
    private final class Collected: @unchecked Sendable {
        var data = Data()
    }

    /// The staged Swift files of the repository that holds `directory`, with the content git's
    /// index holds for them (what the next commit will contain, which can differ from the
    /// working tree after `git add -p`).
    ///
    /// Staged means added, copied, modified or renamed (`--diff-filter=ACMR`); deleted files are
    /// not linted. Files are treated as if found by searching a directory: only `.swift` files,
    /// not package manifests, nothing inside hidden directories or the directories that searches
    /// skip (`.build`, `Pods`, ...).
    static func stagedSwiftFiles(in directory: String) throws -> StagedSnapshot {
        let top = try run(["rev-parse", "--show-toplevel"], in: directory)
        guard top.status == 0 else {
            throw IntegrationError(description: "--staged needs a git repository: " + (top.stderr.isEmpty ? "git rev-parse failed" : top.stderr))
        }
        let root = FileDiscovery.absolutePath(String(decoding: top.stdout, as: UTF8.self).trimmingCharacters(in: .newlines))
        let diff = try run(["diff", "--cached", "--name-only", "--diff-filter=ACMR", "-z", "--no-renames"], in: root)
        guard diff.status == 0 else { throw IntegrationError(description: "git diff --cached failed: \(diff.stderr)") }
        let names = diff.stdout.split(separator: 0, omittingEmptySubsequences: true)
            .map { String(decoding: $0, as: UTF8.self) }
            .filter(isLintable)
            .sorted()
        let contents = try stagedContents(names, root: root)
        return StagedSnapshot(root: root, files: zip(names, contents).map { (FileDiscovery.join(root, $0), $1) })
    }

    /// Whether a path relative to the work tree root is one that searching would lint.
    static func isLintable(_ relativePath: String) -> Bool {
        let components = relativePath.split(separator: "/").map(String.init)
        guard let name = components.last, name.hasSuffix(".swift"), !FileDiscovery.isManifest(name) else { return false }
        return !components.contains { $0.hasPrefix(".") || FileDiscovery.skippedDirectoryNames.contains($0) }
    }

    /// The staged blobs of `names` (relative to `root`), read with one `git cat-file --batch`.
    /// A name containing a line break cannot travel through that protocol and is read alone.
    static func stagedContents(_ names: [String], root: String) throws -> [[UInt8]] {
        var results = [[UInt8]?](repeating: nil, count: names.count)
        let batchable = names.indices.filter { !names[$0].contains(where: \.isNewline) }
        if !batchable.isEmpty {
            // `:path` names the stage-0 entry of the index; paths are relative to the root.
            let request = batchable.map { ":" + names[$0] + "\n" }.joined()
            let out = try run(["cat-file", "--batch"], in: root, input: Array(request.utf8))
            guard out.status == 0 else { throw IntegrationError(description: "git cat-file failed: \(out.stderr)") }
            var cursor = 0
            for index in batchable {
                // Each answer is `<oid> blob <size>\n<content>\n`, or `<name> missing\n`.
                guard let newline = out.stdout[cursor...].firstIndex(of: 10) else { break }
                let header = String(decoding: out.stdout[cursor..<newline], as: UTF8.self).split(separator: " ")
                cursor = newline + 1
                guard header.count == 3, header[1] == "blob", let size = Int(header[2]), cursor + size <= out.stdout.count else {
                    throw IntegrationError(description: "git cat-file could not read the staged version of \(names[index])")
                }
                results[index] = Array(out.stdout[cursor..<(cursor + size)])
                cursor += size + 1
            }
        }
        for index in names.indices where results[index] == nil {
            let out = try run(["cat-file", "blob", ":" + names[index]], in: root)
            guard out.status == 0 else { throw IntegrationError(description: "git cat-file could not read the staged version of \(names[index]): \(out.stderr)") }
            results[index] = out.stdout
        }
        return results.map { $0 ?? [] }
    }
}

/// File-system helpers of lint runs whose sources or reports need more than discovery gives.
enum LintSources {
    /// The root of the git work tree that holds `directory` (the nearest directory at or above
    /// it with a `.git` entry, a directory or, for worktrees and submodules, a file), if any.
    static func workTreeRoot(containing directory: String) -> String? {
        var current = FileDiscovery.absolutePath(directory)
        while true {
            if FileManager.default.fileExists(atPath: FileDiscovery.join(current, ".git")) { return current }
            let up = FileDiscovery.parent(of: current)
            if up == current { return nil }
            current = up
        }
    }

    /// Writes the placeholder source that a build-tool plugin declares as its command's output
    /// (`--plugin-output`): SwiftPM runs a build command only for outputs it consumes, and an
    /// output that is not Swift source would be copied into the target as a resource.
    static func writePluginOutput(_ path: String) throws {
        let text = "// Written by mvilint after a successful lint; it declares nothing.\n"
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: FileDiscovery.absolutePath(path)), options: .atomic)
        } catch {
            throw IntegrationError(description: "cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// The text of the lines that `findings` are on, and of the `radius` lines around each,
    /// from `contents` (sources that replaced the disk) or from disk; unreadable files are left out.
    static func lineTexts(for findings: [Finding], contents: [String: [UInt8]], radius: Int = 0) -> [String: [Int: String]] {
        var wanted: [String: Set<Int>] = [:]
        for f in findings { wanted[f.path, default: []].formUnion(max(1, f.line - radius)...(f.line + radius)) }
        var out: [String: [Int: String]] = [:]
        for (path, lines) in wanted {
            let bytes: [UInt8]
            if let b = contents[path] {
                bytes = b
            } else if case .success(let b) = SourceReader.read(path) {
                bytes = b
            } else {
                continue
            }
            var texts: [Int: String] = [:]
            var line = 1
            var start = 0
            for i in 0...bytes.count where i == bytes.count || bytes[i] == 10 {
                if lines.contains(line) {
                    var end = i
                    if end > start, bytes[end - 1] == 13 { end -= 1 }  // CRLF line endings
                    texts[line] = String(decoding: bytes[start..<end], as: UTF8.self)
                }
                line += 1
                start = i + 1
            }
            out[path] = texts
        }
        return out
    }
}
