/// Inline suppression comments (`// mvilint:disable…`) and the engine-computed `unused_suppression` findings.

/// A rule whose findings the engine computes itself, from facts that no single rule's `check`
/// sees (for `unused_suppression`: which suppression comments silenced a finding). The rule's
/// type only provides metadata, severity and examples; the engine never calls its `check`.
/// Register it in `allRules` like any other rule so that it can be configured and documented.
public protocol EngineRule: Rule {}

extension EngineRule {
    /// Engine rules report nothing from the per-file check.
    public func check(_ context: inout RuleContext) {}
}

/// The suppression comments of one file, parsed once, and their application to its findings.
///
/// Grammar (in a `//` or `/* */` comment, not a doc comment; the comment text must begin with
/// `mvilint:`, and in a block comment the directive ends at the end of its first line):
///
///     mvilint:disable[:next|:this|:previous] RULE[, RULE…] [- reason]
///     mvilint:enable RULE[, RULE…] [- reason]
///
/// `RULE` is a rule id or `all`; ids are separated by commas and/or spaces; everything after
/// ` - ` is a free reason. Scopes (by line, not by column):
/// - `disable` starts a region on the comment's own line that lasts through the line of the
///   next `enable` naming the rule (or `all`), or to the end of the file: a `disable` at the top
///   is the file-level form.
/// - `disable:this` covers the comment's line; `disable:next` exactly the line after the comment;
///   `disable:previous` exactly the line before it.
/// - `all` covers every rule except `unused_suppression`, which only an explicit
///   `disable… unused_suppression` silences (a mention of `unused_suppression` is never itself
///   reported as unused).
///
/// Reported under `unused_suppression` (when that engine rule is registered and enabled): a
/// mention that silenced nothing, when its rule is enabled in this run (`all`: when any rule is);
/// an `enable` with no open region for its rule; an unknown rule id (with the closest id); and a
/// malformed directive. Unknown ids and malformed directives silence nothing, so they are unused
/// by definition; one rule id keeps the switch for all of them in one place.
public struct Suppressions {
    /// The rule id under which unused and invalid suppressions are reported.
    public static let unusedRuleID = "unused_suppression"
    /// The word that stands for every rule.
    public static let allKeyword = "all"

    /// Where a directive applies.
    public enum Scope: String, Sendable {
        case region, next, this, previous
    }

    /// A rule id (or `all`) written in a directive, with the byte offset of its text.
    public struct Mention: Sendable, Hashable {
        public var id: String
        public var offset: Int
    }

    /// One parsed `mvilint:` directive.
    public struct Directive: Sendable {
        public var isEnable: Bool
        public var scope: Scope
        public var mentions: [Mention]
        public var reason: String?
        /// First and last line of the comment.
        public var startLine: Int
        public var endLine: Int
        /// Byte offset of the `mvilint:` text.
        public var offset: Int
    }

    /// A comment that starts with `mvilint:` but is not a valid directive.
    public struct Problem: Sendable {
        public var offset: Int
        public var message: String
    }

    public let file: SourceFile
    public private(set) var directives: [Directive] = []
    public private(set) var problems: [Problem] = []
    /// Target line → indices of the line-scoped directives covering it, so that many
    /// `disable:next` comments in one file stay linear.
    private var lineScoped: [Int: [Int]] = [:]
    /// Indices of the region directives (`disable`, `enable`), in file order.
    private var regions: [Int] = []

    public init(file: SourceFile) {
        self.file = file
        let marker = Array("mvilint:".utf8)
        for comment in file.comments where comment.kind == .line || comment.kind == .block {
            var lo = Int(comment.start) + 2
            var hi = Int(comment.end)
            if comment.kind == .block, hi - lo >= 2, file.bytes[hi - 2] == UInt8(ascii: "*"), file.bytes[hi - 1] == UInt8(ascii: "/") { hi -= 2 }
            while lo < hi, file.bytes[lo] == 32 || file.bytes[lo] == 9 { lo += 1 }
            guard hi - lo >= marker.count, Array(file.bytes[lo..<(lo + marker.count)]) == marker else { continue }
            // In a block comment, the directive is its first line; the rest is free text.
            var lineEnd = lo
            while lineEnd < hi, file.bytes[lineEnd] != 10, file.bytes[lineEnd] != 13 { lineEnd += 1 }
            parse(from: lo, to: lineEnd, comment: comment)
        }
        for (i, d) in directives.enumerated() {
            switch d.scope {
            case .region: regions.append(i)
            case .this: lineScoped[d.startLine, default: []].append(i)
            case .next: lineScoped[d.endLine + 1, default: []].append(i)
            case .previous: lineScoped[d.startLine - 1, default: []].append(i)
            }
        }
    }

    /// Whether the file holds any directive or malformed directive.
    public var isEmpty: Bool { directives.isEmpty && problems.isEmpty }

    // MARK: Parsing

    private mutating func parse(from start: Int, to end: Int, comment: Comment) {
        let bytes = file.bytes
        var i = start + "mvilint:".utf8.count
        let commandStart = i
        while i < end, isCommandByte(bytes[i]) { i += 1 }
        let command = String(decoding: bytes[commandStart..<i], as: UTF8.self)
        let commands: [String: (Bool, Scope)] = [
            "disable": (false, .region), "disable:next": (false, .next), "disable:this": (false, .this),
            "disable:previous": (false, .previous), "enable": (true, .region),
        ]
        guard let (isEnable, scope) = commands[command], i == end || bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 else {
            let spelled = String(decoding: bytes[start..<i], as: UTF8.self)
            let hint = Suggestions.closest(to: command, among: commands.keys.sorted()).map { "; did you mean `mvilint:\($0)`?" }
                ?? "; use `disable`, `disable:next`, `disable:this`, `disable:previous` or `enable`"
            problems.append(Problem(offset: start, message: "`\(spelled)` is not a suppression command\(hint)"))
            return
        }
        // The reason starts at the first ` - ` (a hyphen with whitespace on both sides).
        var listEnd = end
        var reason: String?
        var k = i
        while k + 1 < end {
            if isSpace(bytes[k]), bytes[k + 1] == UInt8(ascii: "-"), k + 2 == end || isSpace(bytes[k + 2]) {
                listEnd = k
                let text = String(decoding: bytes[min(end, k + 2)..<end], as: UTF8.self).trimmingSpaces()
                reason = text.isEmpty ? nil : text
                break
            }
            k += 1
        }
        var mentions: [Mention] = []
        var j = i
        while j < listEnd {
            while j < listEnd, isSpace(bytes[j]) || bytes[j] == UInt8(ascii: ",") { j += 1 }
            let idStart = j
            while j < listEnd, !isSpace(bytes[j]), bytes[j] != UInt8(ascii: ",") { j += 1 }
            if j > idStart { mentions.append(Mention(id: String(decoding: bytes[idStart..<j], as: UTF8.self), offset: idStart)) }
        }
        guard !mentions.isEmpty else {
            problems.append(Problem(offset: start, message: "`mvilint:\(command)` names no rule; list rule ids or `all`"))
            return
        }
        let endLine = file.location(ofOffset: max(Int(comment.start), Int(comment.end) - 1)).line
        directives.append(Directive(isEnable: isEnable, scope: scope, mentions: mentions, reason: reason,
                                    startLine: Int(comment.line), endLine: endLine, offset: start))
    }

    private func isSpace(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 10 || b == 13 }
    private func isCommandByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) || b == UInt8(ascii: ":") || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
    }

    // MARK: Application

    /// Removes the findings of this file that a directive silences and adds the
    /// `unused_suppression` findings (see the type's documentation).
    /// - Parameters:
    ///   - knownRules: every registered rule id (unknown ids in directives are reported).
    ///   - enabledRules: the rules that ran on this file; only their mentions can be unused.
    ///   - unusedSeverity: the severity of `unused_suppression`; `.off` reports nothing.
    public func apply(to findings: [Finding], knownRules: Set<String>, enabledRules: Set<String>, unusedSeverity: Severity) -> [Finding] {
        if isEmpty { return findings }
        var used = Set<Mention>()
        var kept = findings.filter { !silences($0, used: &used) }
        guard unusedSeverity != .off else { return kept }

        var meta: [Finding] = []
        func report(_ offset: Int, _ message: String) {
            meta.append(Finding(ruleID: Suppressions.unusedRuleID, severity: unusedSeverity, path: file.path,
                                location: file.location(ofOffset: offset), message: message))
        }
        for p in problems { report(p.offset, p.message) }
        var open: [String: Int] = [:]  // rule id (or `all`) → number of open regions
        for d in directives {
            for m in d.mentions {
                let isAll = m.id == Suppressions.allKeyword
                if !isAll, !knownRules.contains(m.id) {
                    let hint = Suggestions.closest(to: m.id, among: knownRules.sorted()).map { "; did you mean `\($0)`?" } ?? "; run `mvilint rules` to list the rules"
                    report(m.offset, "`\(m.id)` in this suppression is not a rule id\(hint)")
                    continue
                }
                if m.id == Suppressions.unusedRuleID { continue }
                let enabled = isAll ? !enabledRules.subtracting([Suppressions.unusedRuleID]).isEmpty : enabledRules.contains(m.id)
                if d.isEnable {
                    let wasOpen = isAll ? !open.isEmpty : (open[m.id] ?? 0) > 0 || (open[Suppressions.allKeyword] ?? 0) > 0
                    if isAll { open = [:] } else { open[m.id] = nil }
                    if !wasOpen, enabled { report(m.offset, "`mvilint:enable \(m.id)` has no `mvilint:disable` before it; remove it") }
                    continue
                }
                if d.scope == .region { open[m.id, default: 0] += 1 }
                if enabled, !used.contains(m) { report(m.offset, .unused(m.id, scope: d.scope)) }
            }
        }
        // A mention of `unused_suppression` silences these, like any other finding of that rule.
        var ignored = Set<Mention>()
        kept += meta.filter { !silences($0, used: &ignored) }
        return kept.sorted(by: Finding.reportOrder)
    }

    /// Whether a directive silences `finding`; marks the mentions that do as used.
    func silences(_ finding: Finding, used: inout Set<Mention>) -> Bool {
        let line = finding.line
        let rule = finding.ruleID
        var silenced = false
        func covers(_ m: Mention) -> Bool {
            m.id == rule || (m.id == Suppressions.allKeyword && rule != Suppressions.unusedRuleID)
        }
        // Line scopes.
        for i in lineScoped[line] ?? [] {
            for m in directives[i].mentions where covers(m) { used.insert(m); silenced = true }
        }
        // Regions: the last region directive for this rule on an earlier line decides; a
        // `disable` on the finding's own line also covers it (the enable line stays covered).
        var decider: Mention?
        for i in regions {
            let d = directives[i]
            if d.startLine > line { break }
            guard let m = d.mentions.last(where: covers) else { continue }
            if d.startLine < line {
                decider = d.isEnable ? nil : m
            } else if !d.isEnable {
                decider = m
            }
        }
        if let m = decider { used.insert(m); silenced = true }
        return silenced
    }
}

private extension String {
    static func unused(_ id: String, scope: Suppressions.Scope) -> String {
        let place: String
        switch scope {
        case .region: place = "in its region"
        case .next: place = "on the next line"
        case .this: place = "on this line"
        case .previous: place = "on the previous line"
        }
        let directive = "mvilint:disable\(scope == .region ? "" : ":" + scope.rawValue) \(id)"
        let what = id == Suppressions.allKeyword ? "no rule reports anything" : "`\(id)` reports nothing"
        return "`\(directive)` silences nothing: \(what) \(place); remove it"
    }

    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" || l == "\n" { s = s.dropLast() }
        return String(s)
    }
}

extension Linter {
    /// Applies the suppression comments of `file` to its findings and adds the
    /// `unused_suppression` findings when that engine rule is registered and enabled.
    func applySuppressions(_ findings: [Finding], in file: SourceFile) -> [Finding] {
        let suppressions = Suppressions(file: file)
        if suppressions.isEmpty { return findings }
        var known = Set<String>()
        var enabled = Set<String>()
        var unusedSeverity = Severity.off
        for rule in rules {
            let info = rule.info
            known.insert(info.id)
            let severity = selection.severity(of: info)
            if severity != .off { enabled.insert(info.id) }
            if info.id == Suppressions.unusedRuleID { unusedSeverity = severity }
        }
        return suppressions.apply(to: findings, knownRules: known, enabledRules: enabled, unusedSeverity: unusedSeverity)
    }
}
