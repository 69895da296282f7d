/// Applies the fixes attached to findings: in memory, as a diff, or to files on disk.

import Foundation

/// Applying fixes.
///
/// Decisions:
/// - Fixes are considered in order of their first edit. A fix whose edits overlap (or touch) an
///   already accepted fix's edits is skipped for this run; running `--fix` again picks it up
///   against the new text. Identical fixes from several findings (two bindings of one
///   declaration) are applied once.
/// - A fix whose own edits overlap, or reach past the end of the text, is never applied.
/// - Edits are applied from the end of the file backwards, so earlier offsets stay valid.
/// - On disk, a file is only written when it still holds exactly the bytes that were linted;
///   otherwise it is left untouched and reported as changed (so an editor's save in between is
///   never overwritten).
public enum FixApplier {
    /// The result of applying fixes to one text.
    public struct Outcome: Sendable {
        public var bytes: [UInt8]
        /// Findings whose fix was applied.
        public var applied: [Finding]
        /// Findings whose fix conflicted with another and was left for a later run.
        public var skipped: [Finding]
    }

    /// Applies the fixes of `findings` (all of one file) to `bytes`; unsafe fixes only when
    /// `includeUnsafe`.
    public static func apply(_ findings: [Finding], to bytes: [UInt8], includeUnsafe: Bool = false) -> Outcome {
        let candidates = findings.filter { f in
            guard let fix = f.fix, !fix.edits.isEmpty else { return false }
            return includeUnsafe || fix.safety == .safe
        }.sorted { a, b in
            let ea = a.fix!.edits[0].range, eb = b.fix!.edits[0].range
            return (ea.lowerBound, ea.upperBound, a.line, a.ruleID) < (eb.lowerBound, eb.upperBound, b.line, b.ruleID)
        }
        var accepted: [TextEdit] = []
        var acceptedFixes: [[TextEdit]] = []
        var applied: [Finding] = []
        var skipped: [Finding] = []
        for finding in candidates {
            let edits = finding.fix!.edits
            if acceptedFixes.contains(edits) { applied.append(finding); continue }
            guard isWellFormed(edits, length: bytes.count),
                  !edits.contains(where: { e in accepted.contains { conflict(e, $0) } }) else {
                skipped.append(finding)
                continue
            }
            accepted += edits
            acceptedFixes.append(edits)
            applied.append(finding)
        }
        var result = bytes
        for edit in accepted.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            result.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return Outcome(bytes: result, applied: applied, skipped: skipped)
    }

    /// Sorted, inside the text and not overlapping one another.
    static func isWellFormed(_ edits: [TextEdit], length: Int) -> Bool {
        for (i, e) in edits.enumerated() {
            guard e.range.lowerBound >= 0, e.range.upperBound <= length else { return false }
            if i > 0, conflict(edits[i - 1], e) { return false }
        }
        return true
    }

    /// Whether two edits overlap or touch: replaced ranges that intersect, or an insertion at a
    /// point inside or at either end of the other edit (their order would be ambiguous).
    static func conflict(_ a: TextEdit, _ b: TextEdit) -> Bool {
        if a.range.isEmpty || b.range.isEmpty {
            let point = a.range.isEmpty ? a.range.lowerBound : b.range.lowerBound
            let other = a.range.isEmpty ? b.range : a.range
            return point >= other.lowerBound && point <= other.upperBound
        }
        return a.range.overlaps(b.range)
    }

    // MARK: Files

    /// What happened to one file.
    public enum FileStatus: Sendable, Equatable {
        /// Written (or, for a dry run, would be written); how many findings were fixed.
        case fixed(Int)
        /// The file changed on disk since it was linted; it was left as it is.
        case changedSinceLint
        /// It could not be written; the old contents are untouched.
        case failed(String)
    }

    /// The result for one file.
    public struct FileResult: Sendable {
        public var path: String
        public var status: FileStatus
        /// Fixes that conflicted with others in this run.
        public var skipped: Int
        /// The unified diff of the change (always computed; printed for a dry run).
        public var diff: String
    }

    /// Applies the fixes of `findings` to their files. `lintedSources` holds each file's bytes as
    /// it was linted. With `dryRun`, nothing is written. `displayPath` names files in diffs.
    public static func fixFiles(_ findings: [Finding], lintedSources: [String: [UInt8]], includeUnsafe: Bool,
                                dryRun: Bool, displayPath: (String) -> String) -> [FileResult] {
        let byFile = Dictionary(grouping: findings.filter { $0.fix != nil }, by: \.path)
        var results: [FileResult] = []
        for path in byFile.keys.sorted() {
            guard let linted = lintedSources[path] else { continue }
            let outcome = apply(byFile[path]!, to: linted, includeUnsafe: includeUnsafe)
            guard !outcome.applied.isEmpty, outcome.bytes != linted else { continue }
            let name = displayPath(path)
            let diff = UnifiedDiff.make(old: String(decoding: linted, as: UTF8.self), new: String(decoding: outcome.bytes, as: UTF8.self),
                                        oldName: "a/" + name, newName: "b/" + name)
            var result = FileResult(path: path, status: .fixed(outcome.applied.count), skipped: outcome.skipped.count, diff: diff)
            let current = FileManager.default.contents(atPath: path).map { [UInt8]($0) }
            if current != linted {
                result.status = .changedSinceLint
            } else if !dryRun {
                do {
                    try AtomicFile.write(outcome.bytes, to: path)
                } catch {
                    result.status = .failed("\(error)")
                }
            }
            results.append(result)
        }
        return results
    }
}

extension SourceFile {
    /// An edit that inserts `text` right before token `i`.
    public func insertion(_ text: String, beforeToken i: Int) -> TextEdit {
        TextEdit.insert(text, at: i >= 0 && i < tokens.count ? Int(tokens[i].start) : bytes.count)
    }

    /// An edit that replaces tokens `first...last` (their text, not the trivia around them).
    public func replacement(ofTokens first: Int, through last: Int, with text: String) -> TextEdit {
        TextEdit(range: Int(tokens[first].start)..<Int(tokens[last].end), replacement: text)
    }

    /// The whitespace before token `i` on its line when nothing else precedes it there, else nil.
    public func indentation(beforeToken i: Int) -> String? {
        guard i >= 0, i < tokens.count else { return nil }
        let start = Int(tokens[i].start)
        var j = start
        while j > 0, bytes[j - 1] == 32 || bytes[j - 1] == 9 { j -= 1 }
        guard j == 0 || bytes[j - 1] == 10 || bytes[j - 1] == 13 else { return nil }
        return String(decoding: bytes[j..<start], as: UTF8.self)
    }
}
