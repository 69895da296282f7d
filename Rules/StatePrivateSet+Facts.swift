/// What `state_private_set` collects about the whole project: the members written from outside their model's declaration.
import MVILintCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Members that code outside the model's own declaration writes: `private(set)` would stop it
/// compiling, so the finding comes without a fix.
struct OutsideWrites: ProjectFact {
    /// Members that some file binds through a projected value (`$model.query`).
    var boundMembers: Set<String> = []
    /// Members that extensions assign, as `Type.member`, with the file of those extensions (""
    /// when extensions in several files do).
    var extensionWrites: [String: String] = [:]

    struct FileWrites: Sendable {
        var bound: [String]
        var extensionWrites: [String]
    }

    static func collect(from file: SourceFile, isTestCode: Bool) -> FileWrites? {
        let writes = FileWrites(bound: boundMembers(in: file), extensionWrites: extensionWrites(in: file))
        return writes.bound.isEmpty && writes.extensionWrites.isEmpty ? nil : writes
    }

    static func merge(_ files: [FactContribution<FileWrites>], in project: ProjectIndex) -> OutsideWrites {
        var out = OutsideWrites()
        for f in files {
            out.boundMembers.formUnion(f.fact.bound)
            // One path, or "" for members written from extensions in several files.
            for member in f.fact.extensionWrites { out.extensionWrites[member] = out.extensionWrites[member].map { $0 == f.path ? $0 : "" } ?? f.path }
        }
        return out
    }

    /// The members bound through a projected value: `$model.query` (`TextField("", text:
    /// $model.query)`) → `query`, `$store.state.filter` → `state`. Closure parameters (`$0.id`)
    /// are not projected values.
    static func boundMembers(in file: SourceFile) -> [String] {
        // Found from the bytes (`memchr` for `$`, then a letter), each candidate checked against
        // the tokens by bisection, so that a comment or a string never counts.
        var out = Set<String>()
        let tokens = file.tokens
        file.bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return }
            var from = 0
            while from < b.count, let hit = memchr(base + from, Int32(UInt8(ascii: "$")), b.count - from) {
                let at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
                from = at + 1
                guard at + 1 < b.count, b[at + 1] == UInt8(ascii: "_") || (b[at + 1] | 0x20 >= UInt8(ascii: "a") && b[at + 1] | 0x20 <= UInt8(ascii: "z")) else { continue }
                // The token that starts at `at`, if any.
                var lo = 0, hi = tokens.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if Int(tokens[mid].start) < at { lo = mid + 1 } else { hi = mid }
                }
                guard lo + 2 < tokens.count, Int(tokens[lo].start) == at, tokens[lo].kind == .dollarIdentifier,
                      tokens[lo + 1].kind == .period, tokens[lo + 2].kind == .identifier else { continue }
                out.insert(file.name(lo + 2))
            }
        }
        return out.sorted()
    }

    /// The members that the file's extensions of a type write (`_tint = value`, `self.count += 1`,
    /// `state.isLoading = true`, `items.append(x)`, `self.items[i] = x`), as `Type.member`: a
    /// `private(set)` setter would not let an extension in another file do so. A name that the
    /// extension declares as a local (`let`, `var`, `for`) is not a member unless written through
    /// `self`; anything else counts, as writing more members here only withholds fixes.
    static func extensionWrites(in file: SourceFile) -> [String] {
        var out: [String] = []
        for t in file.tree.allTypes where t.kind == .extension {
            guard let open = t.bodyOpen, let close = t.bodyClose, open < close else { continue }
            let body = (open + 1)..<close
            let owner = t.extendedBaseName
            var locals: Set<String>? = nil
            for m in file.mutations(in: body) {
                guard let member = m.path.first else { continue }
                if !m.viaSelf {
                    if locals == nil {
                        var names = Set<String>()
                        for i in body where file.kind(i) == .keyword && (file.isText(i, "let") || file.isText(i, "var") || file.isText(i, "for"))
                            && file.kind(i + 1) == .identifier { names.insert(file.name(i + 1)) }
                        locals = names
                    }
                    if locals!.contains(member) { continue }
                }
                out.append(owner + "." + member)
            }
        }
        return out
    }
}
