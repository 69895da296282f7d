/// One shared copy of each name that summaries hold, so that a large project's index keeps a
/// type name once rather than once per file that mentions it.

import Foundation

/// Returns a canonical copy of each string it is given. Strings of up to 15 UTF-8 bytes are
/// stored inline by Swift and returned as they are; longer ones share the storage of the first
/// equal string seen. Safe to use from several threads.
///
/// Each thread works in a table of its own (picked by its thread id, so two threads share one
/// only when their ids fall on the same table): threads that interned into one shared table
/// waited on its lock and passed its memory back and forth between the cores, for each of the
/// tens of names of every file. A name may then be kept once per table, a few copies at most.
public final class StringInterner: @unchecked Sendable {
    private final class Table {
        let lock = NSLock()
        var strings = Set<String>()
    }
    private let tables: [Table] = (0..<StringInterner.tableCount).map { _ in Table() }
    static let tableCount = 8

    public init() {}

    /// The table of the calling thread.
    private var table: Table {
        #if canImport(Darwin)
        let id = UInt(bitPattern: pthread_self())
        #else
        let id = UInt(pthread_self())
        #endif
        // Thread ids are addresses: their low bits are alike, so they are mixed first.
        return tables[Int(truncatingIfNeeded: (id &* 0x9E37_79B9_7F4A_7C15) >> 61) & (StringInterner.tableCount - 1)]
    }

    /// The canonical copy of `s`.
    public func intern(_ s: String) -> String {
        if !StringInterner.isLong(s) { return s }
        let t = table
        t.lock.lock()
        defer { t.lock.unlock() }
        return t.strings.insert(s).memberAfterInsert
    }

    public func intern(_ s: String?) -> String? { s.map { intern($0) } }
    /// The list with each string's canonical copy; the list itself when all of its strings are
    /// short (the common case), so that no new array is made.
    public func intern(_ list: [String]) -> [String] {
        StringInterner.anyLong(list) ? list.map { intern($0) } : list
    }

    /// Whether `s` is longer than Swift stores inline (15 UTF-8 bytes): only those are interned.
    static func isLong(_ s: String) -> Bool { s.utf8.count > 15 }

    /// Whether a string of `strings` is long (`isLong`).
    static func anyLong<S: Sequence>(_ strings: S) -> Bool where S.Element == String {
        strings.contains(where: isLong)
    }

    /// Number of distinct long strings held (a string held by several tables counts once).
    public var count: Int {
        var all = Set<String>()
        for t in tables {
            t.lock.lock()
            all.formUnion(t.strings)
            t.lock.unlock()
        }
        return all.count
    }
}

extension FileSummary {
    /// Replaces every name with its canonical copy from `interner`.
    mutating func intern(_ interner: StringInterner) {
        // The path is unique to the file: nothing to share but with the file's own view graph.
        for k in types.indices {
            types[k].name = interner.intern(types[k].name)
            types[k].inherited = interner.intern(types[k].inherited)
            types[k].publishedNames = interner.intern(types[k].publishedNames)
            if var extras = types[k].extraFields.first {
                extras.trackedNames = interner.intern(extras.trackedNames)
                extras.settableRequirements = interner.intern(extras.settableRequirements)
                extras.propertyRequirements = interner.intern(extras.propertyRequirements)
                extras.mainActorRequirements = interner.intern(extras.mainActorRequirements)
                types[k].extras = extras
            }
            for p in types[k].storedProperties.indices {
                types[k].storedProperties[p].intern(interner)
            }
        }
        if aliases.contains(where: { StringInterner.isLong($0.0) || StringInterner.isLong($0.1) }) {
            aliases = aliases.map { (interner.intern($0.0), interner.intern($0.1)) }
        }
        if var graph = viewGraph {
            viewGraph = nil
            graph.intern(interner, path: path)
            viewGraph = graph
        }
    }
}

extension PropertySummary {
    mutating func intern(_ interner: StringInterner) {
        name = interner.intern(name)
        typeName = interner.intern(typeName)
        wrapperText = interner.intern(wrapperText)
    }
}

extension EnvironmentProvision {
    /// Whether a name it holds is long enough to be interned.
    var hasLongName: Bool {
        switch self {
        case .type(let n), .modifierFunction(let n), .modifierType(let n): return StringInterner.isLong(n)
        case .staticMember(let n, let member): return StringInterner.isLong(n) || StringInterner.isLong(member)
        case .property(let owner, let name): return StringInterner.isLong(owner) || StringInterner.isLong(name)
        case .unknown: return false
        case .host(let n): return StringInterner.isLong(n)
        case .argument(let of, let value): return StringInterner.isLong(of) || value.hasLongName
        case .member(let base, let name): return StringInterner.isLong(name) || base.hasLongName
        }
    }

    func interned(_ interner: StringInterner) -> EnvironmentProvision {
        switch self {
        case .type(let n): return .type(interner.intern(n))
        case .staticMember(let n, let member): return .staticMember(interner.intern(n), member: interner.intern(member))
        case .property(let owner, let name): return .property(owner: interner.intern(owner), name: interner.intern(name))
        case .modifierFunction(let n): return .modifierFunction(interner.intern(n))
        case .modifierType(let n): return .modifierType(interner.intern(n))
        case .unknown: return .unknown
        case .host(let n): return .host(interner.intern(n))
        case .argument(let of, let value): return .argument(of: interner.intern(of), value.interned(interner))
        case .member(let base, let name): return .member(of: base.interned(interner), name: interner.intern(name))
        }
    }
}

extension ViewGraphSummary {
    mutating func intern(_ interner: StringInterner, path canonicalPath: String) {
        path = canonicalPath
        for k in sites.indices {
            sites[k].target = interner.intern(sites[k].target)
            if case .type(let owner, let isStatic) = sites[k].owner { sites[k].owner = .type(interner.intern(owner), isStatic: isStatic) }
            if sites[k].provisions.contains(where: \.hasLongName) { sites[k].provisions = sites[k].provisions.map { $0.interned(interner) } }
            sites[k].wrappers = interner.intern(sites[k].wrappers)
        }
        if StringInterner.anyLong(typeWideProvisions.keys) || typeWideProvisions.values.contains(where: { $0.contains(where: \.hasLongName) }) {
            typeWideProvisions = Dictionary(uniqueKeysWithValues: typeWideProvisions.map { (interner.intern($0.key), $0.value.map { $0.interned(interner) }) })
        }
        if StringInterner.anyLong(providingTypes) { providingTypes = Set(providingTypes.map { interner.intern($0) }) }
        if StringInterner.anyLong(viewExtensionProvisions.keys) || viewExtensionProvisions.values.contains(where: { $0.contains(where: \.hasLongName) }) {
            viewExtensionProvisions = Dictionary(uniqueKeysWithValues: viewExtensionProvisions.map { (interner.intern($0.key), $0.value.map { $0.interned(interner) }) })
        }
        if !hostingSites.isEmpty { hostingSites = hostingSites.map { (interner.intern($0.name), $0.location) } }
    }
}
