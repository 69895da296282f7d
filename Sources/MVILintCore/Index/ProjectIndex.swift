/// The project-wide type index: built once from every file's summary, then read-only.

import Dispatch

/// Project-wide facts about types, resolved transitively. Read-only and thread-safe once built.
public final class ProjectIndex: @unchecked Sendable {
    /// Every symbol, in order of first appearance; `names` finds one by name. (A dictionary of
    /// symbols would store each large value in a hash table kept a quarter empty: on a project
    /// of 100 000 files the split saves about 30 MB.)
    let symbolTable: [TypeSymbol]
    /// Each type name's symbol and the target of the typealias of that name (`NameTable`).
    let names: NameTable
    /// The merged symbols by simple name.
    public var symbols: [String: TypeSymbol] {
        var out: [String: TypeSymbol] = [:]
        for e in names.entries where e.symbol >= 0 { out[e.name] = symbolTable[Int(e.symbol)] }
        return out
    }
    public let aliases: [String: String]
    /// Typealiases declared with different targets (one per `#if` branch): not followed, and what
    /// is held through one may be any of the targets.
    public let ambiguousAliases: Set<String>
    /// Protocols whose conformers are views besides SwiftUI's (`view_like_protocols`).
    public let viewLikeProtocols: Set<String>
    /// Names of the project's typealiases of a function type (`typealias Completion = () -> Void`).
    public let functionTypeAliases: Set<String>
    /// Name suffixes that make an unresolved type count as an ObservableObject model.
    public let modelSuffixes: [String]
    /// Directories (absolute, with trailing `/`) whose files default to MainActor isolation.
    public let defaultMainActorDirectories: [String]
    /// Whether every file defaults to MainActor isolation (configuration).
    public let defaultMainActorEverywhere: Bool
    /// Class names of the Core Data entities of the project's models (`ProjectSettings`).
    public let coreDataEntityClasses: Set<String>

    // The inheritance closures, as flags over `symbolTable`: only declared names are reached,
    // and a flag costs no string.
    var observableObjects = SymbolFlags()
    var viewLike = SymbolFlags()
    var appOrScene = SymbolFlags()
    /// `NSManagedObject` and the classes that inherit from it or from an entity class of the
    /// project's Core Data models (`coreDataEntityClasses`, which count themselves).
    var coreDataEntities = SymbolFlags()
    /// Whether a protocol of the project has a `@MainActor` method requirement (`TypeExtras.mainActorRequirements`).
    public private(set) var hasMainActorRequirements = false
    var mainActorTypes = SymbolFlags()
    /// Which views construct which, with the environment objects provided on the way.
    public private(set) var viewGraph = ViewGraph()
    /// The facts that the enabled rules collect for themselves (`fact(_:)`).
    @usableFromInline private(set) var mergedFacts = MergedFacts()
    /// Modules that a file of the project re-exports (`@_exported import`): its other files see them too.
    public private(set) var exportedModules: Set<String> = []
    /// Dependencies registered for key-path injection (`FileSummary.keyPathDependencies`):
    /// property name → base name of its type, for names registered with one type only.
    public private(set) var keyPathDependencyTypes: [String: String] = [:]
    public static let observableObjectNames: Set<String> = ["ObservableObject"]
    public static let viewProtocolNames: Set<String> = ["View", "ViewModifier", "App", "Scene"]
    /// SwiftUI's own refinements of `View` that host a UIKit, AppKit or WatchKit view or view
    /// controller: the types that adopt them are views too.
    public static let representableProtocolNames: Set<String> = [
        "UIViewRepresentable", "NSViewRepresentable", "UIViewControllerRepresentable", "NSViewControllerRepresentable",
        "WKInterfaceObjectRepresentable",
    ]
    /// Property wrappers of an `App` that make its delegate, which SwiftUI then provides to every scene.
    public static let delegateAdaptors: Set<String> = ["UIApplicationDelegateAdaptor", "NSApplicationDelegateAdaptor", "WKApplicationDelegateAdaptor", "WKExtensionDelegateAdaptor"]

    /// Builds the index of the project whose files `summaries` describe, then merges the
    /// contributions of its files to `facts` (`ProjectFact`). The engine builds it in one place,
    /// `Linter.makeIndex`, from the project's settings and the enabled rules' facts.
    public convenience init(summaries: [FileSummary], modelSuffixes: [String] = ["ViewModel", "Store"], defaultMainActorDirectories: [String] = [], defaultMainActorEverywhere: Bool = false,
                            coreDataEntityClasses: Set<String> = [], viewLikeProtocols: [String] = [], facts: [any ProjectFact.Type] = []) {
        // The view graph's first stage needs no symbol: on a large project it runs beside the
        // symbol table. On a small one a thread would cost more than it saves, so no thread is
        // started (a run on a few files, tests and the fuzz target stay on one thread).
        var collected: ViewGraph.Collected? = nil
        var exportedModules = Set<String>()
        var keyPathDependencies: [String: String] = [:]
        let collecting = DispatchWorkItem {
            collected = ViewGraph.collect(summaries)
            // Fields read in place: a lazy map over the summaries would copy each one.
            for i in summaries.indices {
                exportedModules.formUnion(summaries[i].exportedImports)
                // A name registered with two different types is not resolved.
                for (name, type) in summaries[i].keyPathDependencies {
                    keyPathDependencies[name] = keyPathDependencies[name].map { $0 == type ? type : "" } ?? type
                }
            }
            keyPathDependencies = keyPathDependencies.filter { !$0.value.isEmpty }
        }
        let collectsBeside = summaries.count >= ProjectIndex.concurrentCollectMinimum
        if collectsBeside { DispatchQueue.global(qos: .userInitiated).async(execute: collecting) }
        // Every name gets its id first, so that the symbol table is allocated once at its final
        // size (growing it by doubling would hold two copies at the peak).
        let entryCount = summaries.reduce(0) { $0 + $1.types.count }
        var nameTable = NameTable(minimumCapacity: entryCount)
        var names: [String] = []
        // Each entry's id in the order of the entries, so that merging does not look its name up again.
        var entryIDs: [Int32] = []
        entryIDs.reserveCapacity(entryCount)
        // Fields are read in place (`summaries[i].types[j].name`): binding each entry to a local
        // would copy it, retaining all of its arrays.
        for si in summaries.indices {
            for ti in summaries[si].types.indices {
                let name = summaries[si].types[ti].name
                // One lookup: a new name's entry is made by the lookup itself.
                let e = nameTable.entry(for: name)
                var id = nameTable.entries[e].symbol
                if id < 0 {
                    id = Int32(names.count)
                    nameTable.setSymbol(id, at: e)
                    names.append(name)
                }
                entryIDs.append(id)
            }
        }
        var table = names.map { TypeSymbol(name: $0) }
        names = []
        var aliases: [String: String] = [:]
        var ambiguousAliases = Set<String>()
        var functionAliases = Set<String>()
        // Whether every target of an alias so far is one of SwiftUI's view protocols
        // (`typealias ViewRepresentable = UIViewRepresentable` under `#if os(iOS)`, `= NSViewRepresentable`
        // under `#else`): ambiguous, but a view protocol whichever branch is built.
        var viewProtocolAliases: [String: Bool] = [:]
        var merger = SymbolMerger()
        var entry = 0
        for si in summaries.indices {
            for ti in summaries[si].types.indices {
                let id = entryIDs[entry]
                merger.merge(&table[Int(id)], id: id, summaries[si].types[ti], path: summaries[si].path)
                entry += 1
            }
            for (a, target) in summaries[si].aliases where a != target {
                if let earlier = aliases[a], earlier != target { ambiguousAliases.insert(a) }
                let isViewProtocol = ProjectIndex.viewProtocolNames.contains(target) || ProjectIndex.representableProtocolNames.contains(target)
                if isViewProtocol || viewProtocolAliases[a] != nil { viewProtocolAliases[a] = isViewProtocol && viewProtocolAliases[a] != false }
                aliases[a] = target
            }
            functionAliases.formUnion(summaries[si].functionAliases)
        }
        // `typealias DataType = RemoteData` under `#if REMOTE` and `= LocalData` under `#else` (or two
        // nested aliases of one name): which one a use means is not known, so neither is taken.
        for a in ambiguousAliases { aliases[a] = nil }
        let viewAliases = Set(viewProtocolAliases.filter { $0.value && ambiguousAliases.contains($0.key) }.keys)
        merger.finish(&table)
        var declaredSupertypes: [Int32: [String]] = [:]
        if !merger.extendedWithSupertypes.isEmpty {
            entry = 0
            for si in summaries.indices {
                for ti in summaries[si].types.indices {
                    let id = entryIDs[entry]
                    entry += 1
                    guard merger.extendedWithSupertypes.contains(id), summaries[si].types[ti].kind != .extension else { continue }
                    declaredSupertypes[id, default: []] += summaries[si].types[ti].inherited
                }
            }
            for id in merger.extendedWithSupertypes where declaredSupertypes[id] == nil { declaredSupertypes[id] = [] }
        }
        entryIDs = []
        for (a, target) in aliases { nameTable.setAlias(a, target: target) }
        let settings = Settings(modelSuffixes: modelSuffixes, defaultMainActorDirectories: defaultMainActorDirectories, defaultMainActorEverywhere: defaultMainActorEverywhere,
                                coreDataEntityClasses: coreDataEntityClasses, viewLikeProtocols: viewLikeProtocols, facts: facts)
        self.init(summaries: summaries, table: table, names: nameTable, aliases: aliases, ambiguousAliases: ambiguousAliases, viewAliases: viewAliases, functionAliases: functionAliases,
                  declaredSupertypes: declaredSupertypes, settings: settings) {
            if collectsBeside { collecting.wait() } else { collecting.perform() }
            return (collected!, exportedModules, keyPathDependencies)
        }
    }

    /// What an index is built with besides the summaries (kept for `updated`).
    struct Settings {
        var modelSuffixes: [String]
        var defaultMainActorDirectories: [String]
        var defaultMainActorEverywhere: Bool
        var coreDataEntityClasses: Set<String>
        var viewLikeProtocols: [String]
        var facts: [any ProjectFact.Type]
    }

    let settings: Settings
    /// The ambiguous typealiases whose every target is one of SwiftUI's view or representable
    /// protocols: their conformers are views whichever branch is built (kept for `updated`, as
    /// they depend on the typealiases only).
    let viewProtocolAliases: Set<String>
    /// For each symbol that an extension gives a supertype, the supertypes its declarations name
    /// (isolation reads these, not the merged list; kept for `updated`).
    let declaredSupertypes: [Int32: [String]]
    /// The number of summaries the index was built from, and the view graph's first stage
    /// (`ViewGraph.collect`) over them (kept for `updated`).
    let summaryCount: Int
    private(set) var collected = ViewGraph.Collected()

    /// The rest of the index, from the merged symbol table and aliases: the inheritance closures,
    /// the view graph and the project facts. `collect` gives the view graph's first stage and the
    /// re-exported modules and key-path dependencies (made beside the symbol table, or kept).
    private init(summaries: [FileSummary], table: [TypeSymbol], names: NameTable, aliases: [String: String], ambiguousAliases: Set<String>, viewAliases: Set<String>,
                 functionAliases: Set<String>, declaredSupertypes: [Int32: [String]], settings: Settings, collect: () -> (ViewGraph.Collected, Set<String>, [String: String])) {
        self.settings = settings
        self.summaryCount = summaries.count
        self.functionTypeAliases = functionAliases
        self.ambiguousAliases = ambiguousAliases
        self.viewProtocolAliases = viewAliases
        self.declaredSupertypes = declaredSupertypes
        self.symbolTable = table
        self.names = names
        self.aliases = aliases
        self.modelSuffixes = settings.modelSuffixes
        self.defaultMainActorDirectories = settings.defaultMainActorDirectories
        self.defaultMainActorEverywhere = settings.defaultMainActorEverywhere
        self.coreDataEntityClasses = settings.coreDataEntityClasses
        self.viewLikeProtocols = Set(settings.viewLikeProtocols)
        // One reversed inheritance graph serves the four closures, then is dropped.
        let graph = inheritanceGraph()
        self.observableObjects = closure(of: ProjectIndex.observableObjectNames, in: graph)
        var viewLike = closure(of: ProjectIndex.viewProtocolNames.union(ProjectIndex.representableProtocolNames).union(viewAliases).union(settings.viewLikeProtocols), in: graph)
        markViewsByBody(&viewLike)
        self.viewLike = viewLike
        self.appOrScene = closure(of: ["App", "Scene"], in: graph)
        self.coreDataEntities = closure(of: settings.coreDataEntityClasses.union(["NSManagedObject"]), in: graph)
        self.hasMainActorRequirements = symbolTable.contains { $0.kind == .protocol && !$0.mainActorRequirements.isEmpty }
        self.mainActorTypes = mainActorClosure(in: graph, declaredSupertypes: declaredSupertypes)
        let (collected, exportedModules, keyPathDependencies) = collect()
        self.collected = collected
        self.viewGraph = ViewGraph(summaries: summaries, collected: collected, index: self)
        self.exportedModules = exportedModules
        self.keyPathDependencyTypes = keyPathDependencies
        // Last: a fact's merge may ask anything of the index.
        self.mergedFacts = MergedFacts(settings.facts, summaries: summaries, project: self)
    }

    /// The index of `summaries`, which are those this index was built from but for the files at
    /// the positions that `replaced` lists (each with the summary it replaced), built without
    /// going over every summary again: the symbols of the types those files declare or extend
    /// are merged again from their entries, the other symbols, the typealiases and the view
    /// graph's first stage are kept when the files changed nothing of them, and the rest (the
    /// inheritance closures, the view graph, the project facts) is made again as `init` makes
    /// it. The result equals `init(summaries:…)` with this index's settings. Returns nil when
    /// the files changed what only a full build handles (files added or removed, a type name
    /// added, removed or renamed, typealiases, re-exported modules, key-path dependencies).
    public func updated(summaries: [FileSummary], replacing replaced: [Int: FileSummary]) -> ProjectIndex? {
        guard summaries.count == summaryCount else { return nil }
        var names = Set<String>()
        var keepsCollected = true
        for (k, old) in replaced {
            guard summaries.indices.contains(k) else { return nil }
            let new = summaries[k]
            guard old.path == new.path, old.types.count == new.types.count,
                  ProjectIndex.samePairs(old.aliases, new.aliases), old.functionAliases == new.functionAliases,
                  old.exportedImports == new.exportedImports, ProjectIndex.samePairs(old.keyPathDependencies, new.keyPathDependencies) else { return nil }
            for t in old.types.indices {
                // Same names in the same order: every name keeps its id.
                guard old.types[t].name == new.types[t].name else { return nil }
                names.insert(new.types[t].name)
            }
            if keepsCollected, !ProjectIndex.sameCollectedPart(old, new) { keepsCollected = false }
        }
        var table = symbolTable
        for name in names { if let id = self.names.symbol(name) { table[Int(id)] = TypeSymbol(name: name) } else { return nil } }
        var merger = SymbolMerger()
        var declaredSupertypes = self.declaredSupertypes
        if !names.isEmpty {
            for si in summaries.indices {
                for ti in summaries[si].types.indices where names.contains(summaries[si].types[ti].name) {
                    let id = self.names.symbol(summaries[si].types[ti].name)!
                    merger.merge(&table[Int(id)], id: id, summaries[si].types[ti], path: summaries[si].path)
                }
            }
            // The declared supertypes of the symbols merged again, as `init` finds them.
            for name in names { declaredSupertypes[self.names.symbol(name)!] = nil }
            if !merger.extendedWithSupertypes.isEmpty {
                for si in summaries.indices {
                    for ti in summaries[si].types.indices where summaries[si].types[ti].kind != .extension && names.contains(summaries[si].types[ti].name) {
                        let id = self.names.symbol(summaries[si].types[ti].name)!
                        guard merger.extendedWithSupertypes.contains(id) else { continue }
                        declaredSupertypes[id, default: []] += summaries[si].types[ti].inherited
                    }
                }
                for id in merger.extendedWithSupertypes where declaredSupertypes[id] == nil { declaredSupertypes[id] = [] }
            }
        }
        merger.finish(&table)
        let kept = (collected, exportedModules, keyPathDependencyTypes)
        return ProjectIndex(summaries: summaries, table: table, names: self.names, aliases: aliases, ambiguousAliases: ambiguousAliases, viewAliases: viewProtocolAliases,
                            functionAliases: functionTypeAliases, declaredSupertypes: declaredSupertypes, settings: settings) {
            keepsCollected ? kept : (ViewGraph.collect(summaries), kept.1, kept.2)
        }
    }

    /// Whether two lists of pairs are equal.
    private static func samePairs(_ a: [(String, String)], _ b: [(String, String)]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }

    /// Whether two summaries of a file contribute the same to `ViewGraph.collect`: the kinds of
    /// their types (the names are compared apart) and the parts of the view graph it reads.
    private static func sameCollectedPart(_ a: FileSummary, _ b: FileSummary) -> Bool {
        guard a.types.count == b.types.count, zip(a.types, b.types).allSatisfy({ $0.kind == $1.kind && $0.name == $1.name }) else { return false }
        switch (a.viewGraph, b.viewGraph) {
        case (nil, nil): return true
        case let (x?, y?):
            return x.providingTypes == y.providingTypes && x.typeWideProvisions == y.typeWideProvisions && x.viewExtensionProvisions == y.viewExtensionProvisions
                && x.sites.count == y.sites.count && zip(x.sites, y.sites).allSatisfy { $0.owner == $1.owner && $0.target == $1.target }
        default: return false
        }
    }

    /// Merges type entries into symbols, in the order of the files and of their entries.
    struct SymbolMerger {
        // Inherited names already merged, for the few symbols whose list grows long (a type with
        // very many extensions): keeps merging linear without a set for every symbol.
        var inheritedSeen: [String: Set<String>] = [:]
        // The file of each extended symbol's first extension (extensions in several files set
        // `isExtendedElsewhere` at once; one file is compared with the declaration's at the end).
        var firstExtensionPaths: [Int32: String] = [:]
        /// Symbols that an extension gives a supertype: isolation reads their declarations' own lists.
        var extendedWithSupertypes = Set<Int32>()

        /// Mutated in place: a copy would duplicate the symbol's arrays on every merge. The entry
        /// is passed straight from the summaries (`for t in s.types` would copy each summary and
        /// each entry, retaining all of their arrays).
        mutating func merge(_ sym: inout TypeSymbol, id: Int32, _ t: FileSummary.TypeEntry, path: String) {
            if t.kind == .extension && !t.inherited.isEmpty { extendedWithSupertypes.insert(id) }
            if let extra = t.extraFields.first {
                var merged = sym.extras
                // Static properties may also be declared in extensions.
                merged.staticPropertyTypes += extra.staticPropertyTypes
                if t.kind != .extension {
                    // The first declaration's arrays are shared with its summary, not copied.
                    ProjectIndex.appendShared(&merged.trackedNames, extra.trackedNames)
                    merged.settableRequirements += extra.settableRequirements
                    merged.propertyRequirements += extra.propertyRequirements
                    merged.mainActorRequirements += extra.mainActorRequirements
                }
                sym.extras = merged
            }
            // Extensions may declare it too (a computed `var id`).
            sym.declaresID = sym.declaresID || t.declaresID
            sym.declaresViewBody = sym.declaresViewBody || t.declaresViewBody
            if t.kind == .extension {
                if let first = firstExtensionPaths[id] { if first != path { sym.isExtendedElsewhere = true } } else { firstExtensionPaths[id] = path }
            } else {
                if sym.declarationPath != nil {
                    sym.isDeclaredMoreThanOnce = true
                    if sym.kind != t.kind { sym.hasNamesakesOfOtherKinds = true }
                }
                if sym.kind == nil || sym.declarationPath == nil {
                    sym.kind = t.kind
                    sym.declarationPath = path
                    sym.declarationLocation = t.location
                }
                // `@MainActor extension` isolates only that extension's members, so only the
                // primary declaration's attributes count for the type.
                sym.isMainActorAttribute = sym.isMainActorAttribute || t.isMainActor
                sym.isObservableMacro = sym.isObservableMacro || t.isObservableMacro
                sym.isNonisolated = sym.isNonisolated || t.isNonisolated
                sym.hasAssociatedValues = sym.hasAssociatedValues || t.hasAssociatedValues
                sym.isSwiftDataModel = sym.isSwiftDataModel || t.isSwiftDataModel
                sym.hasDynamicMemberLookup = sym.hasDynamicMemberLookup || t.hasDynamicMemberLookup
                // The first declaration's arrays are shared with its summary, not copied.
                ProjectIndex.appendShared(&sym.publishedNames, t.publishedNames)
                ProjectIndex.appendShared(&sym.storedProperties, t.storedProperties)
            }
            // A first list without repeats (always a short one) is shared with the summary.
            if sym.inherited.isEmpty, !ProjectIndex.hasDuplicates(t.inherited) {
                sym.inherited = t.inherited
                return
            }
            for i in t.inherited {
                if sym.inherited.count <= ProjectIndex.linearMergeLimit {
                    if !sym.inherited.contains(i) { sym.inherited.append(i) }
                    if sym.inherited.count > ProjectIndex.linearMergeLimit { inheritedSeen[t.name] = Set(sym.inherited) }
                } else if inheritedSeen[t.name, default: []].insert(i).inserted {
                    sym.inherited.append(i)
                }
            }
        }

        /// Flags the symbols extended in a file other than their declaration's, once every entry is merged.
        mutating func finish(_ table: inout [TypeSymbol]) {
            for (id, path) in firstExtensionPaths where path != table[Int(id)].declarationPath { table[Int(id)].isExtendedElsewhere = true }
            firstExtensionPaths = [:]
            inheritedSeen = [:]
        }
    }

    /// The merged fact `type` of the project, which a rule declared in `Rule.facts`. A fact that no
    /// enabled rule declared was not collected: it is then merged from no file at all.
    @inlinable
    public func fact<F: ProjectFact>(_ type: F.Type) -> F {
        if let f = mergedFacts.fact(type) { return f }
        return uncollected(type)
    }

    @usableFromInline
    func uncollected<F: ProjectFact>(_ type: F.Type) -> F {
        assertionFailure("\(type) was not collected: list it in the `facts` of the rules that read it")
        return F.merge([], in: self)
    }

    /// Projects of at least this many files collect the view graph's first stage on a second thread.
    static let concurrentCollectMinimum = 1_000

    /// Whether `list` names something twice (lists past `linearMergeLimit` are assumed to).
    fileprivate static func hasDuplicates(_ list: [String]) -> Bool {
        guard list.count > 1 else { return false }
        guard list.count <= linearMergeLimit else { return true }
        for i in 1..<list.count where list[..<i].contains(list[i]) { return true }
        return false
    }

    /// Inherited lists up to this length are merged by a linear search (no set per symbol).
    static let linearMergeLimit = 16

    /// Appends `extra` to `list`; an empty `list` takes `extra`'s storage instead of a copy.
    fileprivate static func appendShared<T>(_ list: inout [T], _ extra: [T]) {
        if list.isEmpty { list = extra } else { list += extra }
    }

    /// Follows typealiases (bounded, cycles stop).
    public func resolve(_ name: String) -> String {
        if aliases.isEmpty { return name }
        var n = name
        var steps = 0
        while steps < NameTable.maxAliasSteps, let next = names.aliasTarget(n) { n = next; steps += 1 }
        return n
    }

    /// The number in `symbolTable` of the symbol that `name` names, aliases resolved (as
    /// `symbol(_:)` finds it, with one lookup for a name that is no alias).
    @inline(__always) func resolvedID(_ name: String) -> Int32? { names.resolvedSymbol(name) }

    /// The merged symbol for a simple type name (aliases resolved).
    public func symbol(_ name: String) -> TypeSymbol? {
        guard let id = resolvedID(name) else { return nil }
        return symbolTable[Int(id)]
    }

    /// The type of the static property `name` of `owner` (its declaration or an extension), when known.
    public func staticPropertyType(_ name: String, of owner: String) -> String? {
        symbol(owner)?.staticPropertyTypes.first { $0.name == name }?.type
    }

    /// The declared type of the stored property `name` of the type `owner`, when the project
    /// declares both.
    public func storedPropertyType(_ name: String, of owner: String) -> String? {
        symbol(owner)?.storedProperties.first { $0.name == name }?.typeName
    }

    /// The merged symbol of exactly `name`, with no typealias followed (`symbol(_:)` follows them).
    public func symbol(exactly name: String) -> TypeSymbol? { declared(name) }

    /// The symbol of exactly `name` (no alias resolution).
    @inline(__always) func declared(_ name: String) -> TypeSymbol? {
        guard let id = names.symbol(name) else { return nil }
        return symbolTable[Int(id)]
    }

    /// The supertypes of exactly `name`, without copying the rest of its symbol.
    @inline(__always) func inheritedNames(_ name: String) -> [String]? {
        guard let id = names.symbol(name) else { return nil }
        return symbolTable[Int(id)].inherited
    }

    /// Whether the project declares the type (not only extends it).
    public func isDeclared(_ name: String) -> Bool { kind(of: name) != nil }

    public func kind(of name: String) -> TypeKind? {
        guard let id = resolvedID(name) else { return nil }
        return symbolTable[Int(id)].kind
    }
}
