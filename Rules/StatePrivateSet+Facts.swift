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
    /// Where members are written: by `Type.member` for an instance of a known project type (under
    /// that type and each of its superclasses), by `?.member` for an instance of unknown type.
    var sites: [String: [Site]] = [:]

    /// Where a write is: its file and the types that enclose it (`Model.Row`).
    struct Site: Sendable {
        var path: String
        var scope: String
    }

    struct FileWrites: Sendable {
        var bound: [String]
        var writes: [MemberWrite]
    }

    static func collect(from file: SourceFile, isTestCode: Bool) -> FileWrites? {
        var collector = WriteCollector(file: file)
        let writes = FileWrites(bound: boundMembers(in: file), writes: collector.writes())
        return writes.bound.isEmpty && writes.writes.isEmpty ? nil : writes
    }

    static func intern(_ fact: inout FileWrites, with interner: StringInterner) {
        for i in fact.writes.indices {
            fact.writes[i].member = interner.intern(fact.writes[i].member)
            fact.writes[i].scope = interner.intern(fact.writes[i].scope)
            switch fact.writes[i].receiver {
            case .instance(let t, let p): fact.writes[i].receiver = .instance(interner.intern(t), interner.intern(p))
            case .staticMember(let t, let p): fact.writes[i].receiver = .staticMember(interner.intern(t), interner.intern(p))
            case .unknown: break
            }
        }
    }

    static func merge(_ files: [FactContribution<FileWrites>], in project: ProjectIndex) -> OutsideWrites {
        var out = OutsideWrites()
        var resolved: [String: ResolvedType] = [:]
        for f in files {
            out.boundMembers.formUnion(f.fact.bound)
            for w in f.fact.writes {
                let site = Site(path: f.path, scope: w.scope)
                switch resolve(w.receiver, in: project, cache: &resolved) {
                case .external:
                    // A type the project does not declare (the SDK's, a package's): no model's member.
                    continue
                case .unknown:
                    out.sites["?." + w.member, default: []].append(site)
                case .type(let t):
                    // Through an object, a mutating call or a longer target leaves the member alone.
                    if w.throughValue, holdsObject(w.member, of: t, in: project) { continue }
                    for owner in classLineage(of: t, in: project) where mayBeChecked(owner, in: project) {
                        out.sites[owner + "." + w.member, default: []].append(site)
                    }
                }
            }
        }
        return out
    }

    /// Whether `isWrittenOutside` may be asked about a member of `owner`: the check asks about
    /// classes only, so the writes to a struct's or an enum's members (a view's `@State`) are not
    /// kept, unless a class shares the name.
    static func mayBeChecked(_ owner: String, in project: ProjectIndex) -> Bool {
        guard let symbol = project.symbol(exactly: owner), let kind = symbol.kind else { return true }
        return kind == .class || symbol.hasNamesakesOfOtherKinds
    }

    /// Whether code other than the declaration of `type` in `path`, and its extensions there,
    /// writes `member` (or may: an instance of unknown type with a member of that name).
    func isWrittenOutside(_ member: String, of type: String, declaredIn path: String) -> Bool {
        for key in [type + "." + member, "?." + member] {
            for site in sites[key] ?? [] where !(site.path == path && site.scope.split(separator: ".").contains(Substring(type))) {
                return true
            }
        }
        return false
    }

    // MARK: Resolution

    enum ResolvedType: Equatable {
        /// A type the project declares.
        case type(String)
        /// A type it does not declare.
        case external
        case unknown
    }

    /// The project type of a receiver: its type name through the typealiases, then each stored
    /// property along its path (declared in the type or a superclass).
    static func resolve(_ r: WriteReceiver, in project: ProjectIndex, cache: inout [String: ResolvedType]) -> ResolvedType {
        var current: String
        var path: ArraySlice<String>
        switch r {
        case .unknown: return .unknown
        case .instance(let t, let p):
            current = project.resolve(t)
            path = p[...]
        case .staticMember(let t, let p):
            current = project.resolve(t)
            // A static property of the type itself is no instance's state.
            guard project.isDeclared(current), let first = p.first else { return .external }
            if let s = project.staticPropertyType(first, of: current) {
                current = project.resolve(s)
            } else if !PropertySummary.mayNameSharedInstance(first) {
                return .unknown
            }
            path = p.dropFirst()
        }
        for name in path {
            guard project.isDeclared(current) else { return .external }
            let key = current + "." + name
            if let known = cache[key], case .type(let t) = known { current = t; continue }
            guard let next = storedPropertyType(name, of: current, in: project) else {
                cache[key] = .unknown
                return .unknown
            }
            current = project.resolve(next)
            cache[key] = .type(current)
        }
        return project.isDeclared(current) ? .type(current) : .external
    }

    /// The declared type of the stored property `name` of `type` or of a superclass.
    static func storedPropertyType(_ name: String, of type: String, in project: ProjectIndex) -> String? {
        for owner in classLineage(of: type, in: project) {
            if let t = project.storedPropertyType(name, of: owner) { return t }
        }
        return nil
    }

    /// `type`, then its superclasses that the project declares, nearest first.
    static func classLineage(of type: String, in project: ProjectIndex) -> [String] {
        var out = [type]
        var current = type
        while out.count < 16, project.kind(of: current) == .class,
              let parent = project.symbol(current)?.inherited.first.map(project.resolve), project.kind(of: parent) == .class, !out.contains(parent) {
            out.append(parent)
            current = parent
        }
        return out
    }

    /// Whether the stored property `name` of `type` holds an object (a class or actor of the
    /// project): changing what it holds leaves the property itself as it was.
    static func holdsObject(_ name: String, of type: String, in project: ProjectIndex) -> Bool {
        guard let held = storedPropertyType(name, of: type, in: project) else { return false }
        for owner in classLineage(of: type, in: project) {
            if let p = project.symbol(owner)?.storedProperties.first(where: { $0.name == name }), p.isBracketCollection { return false }
        }
        let kind = project.kind(of: project.resolve(held))
        return kind == .class || kind == .actor
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
}
