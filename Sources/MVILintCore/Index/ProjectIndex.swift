/// The project-wide type index: built once from every file's declarations, then read-only.

import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one file contributes to the index (small, so that the whole project's summaries stay in memory).
public struct FileSummary: Sendable {
    public struct TypeEntry: Sendable {
        public var kind: TypeKind
        /// Simple name (for an extension, the extended type's last component).
        public var name: String
        public var inherited: [String]
        public var isMainActor: Bool
        public var isObservableMacro: Bool
        public var isNonisolated: Bool
        public var location: SourceLocation
        /// `@Published` instance properties (observable state of an ObservableObject).
        public var publishedNames: [String]
        /// Stored instance properties, for rules that look at a type from its extensions.
        public var storedProperties: [PropertySummary] = []
        /// For an enum: a case has associated values (so it is not `Equatable` unless it says so).
        public var hasAssociatedValues = false
        /// A SwiftData `@Model` class: Observation tracks its persisted properties.
        public var isSwiftDataModel = false
        /// It declares a property named `id` (stored or computed).
        public var declaresID = false
        /// A `@dynamicMemberLookup` class: a member it does not declare is its subscript's.
        public var hasDynamicMemberLookup = false
        public var extraFields: [TypeExtras] = []

        public init(kind: TypeKind, name: String, inherited: [String], isMainActor: Bool, isObservableMacro: Bool, isNonisolated: Bool,
                    location: SourceLocation, publishedNames: [String], storedProperties: [PropertySummary], hasAssociatedValues: Bool, extras: TypeExtras) {
            self.kind = kind; self.name = name; self.inherited = inherited; self.isMainActor = isMainActor
            self.isObservableMacro = isObservableMacro; self.isNonisolated = isNonisolated; self.location = location
            self.publishedNames = publishedNames; self.storedProperties = storedProperties
            self.hasAssociatedValues = hasAssociatedValues
            self.extras = extras
        }
    }
    public struct StaticPropertyType: Sendable { public var name: String; public var type: String }
    public var path: String
    public var types: [TypeEntry] = []
    /// typealias name → base name of its target.
    public var aliases: [(String, String)] = []
    /// Typealiases of a function type (`typealias Completion = (Result<Int, Error>) -> Void`).
    public var functionAliases: [String] = []
    /// Construction sites and environment provisions (`ViewGraph.swift`).
    public var viewGraph: ViewGraphSummary? = nil
    /// Modules the file re-exports (`@_exported import ComposableArchitecture`).
    public var exportedImports: [String] = []
    /// What the file contributes to the facts that the enabled rules collect (`ProjectFact`).
    public var facts = FileFacts()

    public init(path: String) { self.path = path }

    /// The name under which an inherited type joins the inheritance graph: its last component,
    /// except for SwiftUI's view protocols qualified by another name (`Platform.View`, a project's
    /// alias of `UIView`), which keep the qualifier so that they are not taken for SwiftUI's.
    public static func inheritedName(_ t: TypeRef) -> String {
        guard ProjectIndex.viewProtocolNames.contains(t.baseName), t.qualifiedBase != t.baseName,
              t.qualifiedBase != "SwiftUI." + t.baseName else { return t.baseName }
        return t.qualifiedBase
    }

    /// Extracts the summary of a parsed file.
    public init(file: SourceFile) {
        self = FileSummary.summary(of: file)
    }

    /// The summary of a parsed file, built in a local and handed over whole (built on `self` in
    /// the initializer, it was copied once more on the way out).
    static func summary(of file: SourceFile) -> FileSummary {
        var s = FileSummary(path: file.path)
        s.summarise(file)
        return s
    }

    private mutating func summarise(_ file: SourceFile) {
        // Exact capacity: the summaries of the whole project stay in memory.
        types.reserveCapacity(file.tree.allTypes.count)
        for t in file.tree.allTypes {
            let name = t.kind == .extension ? t.extendedBaseName : t.name
            types.append(TypeEntry(kind: t.kind, name: name, inherited: t.inherited.map(FileSummary.inheritedName),
                                   isMainActor: t.header.isMainActor,
                                   isObservableMacro: t.header.hasAttribute("Observable"),
                                   isNonisolated: t.header.hasModifier("nonisolated"),
                                   location: file.location(ofToken: t.nameToken),
                                   publishedNames: t.variables.filter(\.isPublished).map(\.name),
                                   storedProperties: t.variables.filter { $0.isStored && !$0.isStatic }.map { PropertySummary(variable: $0, in: file) },
                                   hasAssociatedValues: t.kind == .enum && FileSummary.hasAssociatedValues(t, in: file),
                                   extras: TypeExtras(
                                    // Only an `@Observable` class tracks its properties (the macro goes on the
                                    // class declaration): no list for every other type.
                                    trackedNames: t.kind == .class && t.header.hasAttribute("Observable")
                                        ? t.variables.filter(\.isObservationTracked).map(\.name) : [],
                                    settableRequirements: t.kind == .protocol ? t.variables.filter { v in
                                        guard let o = v.accessorOpen, let c = v.accessorClose, o < c else { return false }
                                        return (o..<c).contains { file.isWord($0, "set") }
                                    }.map(\.name) : [],
                                    propertyRequirements: t.kind == .protocol ? t.variables.filter { !$0.isStatic }.map(\.name) : [],
                                    mainActorRequirements: t.kind == .protocol
                                        ? t.functions.filter { $0.header.isMainActor && !$0.header.isStatic }.map(\.name) : [],
                                    staticPropertyTypes: FileSummary.staticPropertyTypes(of: t, in: file),
                                    settableComputedNames: t.kind == .class || t.kind == .extension ? FileSummary.settableComputedNames(of: t, in: file) : [],
                                    plainComputedNames: t.kind == .class ? FileSummary.plainComputedNames(of: t, in: file) : [])))
            if t.kind == .class, t.header.hasAttribute("Model"), file.tree.imports.contains("SwiftData") { types[types.count - 1].isSwiftDataModel = true }
            if t.variables.contains(where: { $0.name == "id" && !$0.isStatic }) { types[types.count - 1].declaresID = true }
            if t.kind == .class, t.header.hasAttribute("dynamicMemberLookup") { types[types.count - 1].hasDynamicMemberLookup = true }
        }
        // A test file imports XCTest or Testing, or imports the app's module `@testable`.
        // An alias declared inside a type of a test file names a type for those tests only
        // (`typealias Store = TestStore<…>` in a test case): it does not rename the type for the
        // rest of the project.
        let isTestFile = file.isTestCode
        for a in file.tree.typeAliases where a.outerNames.isEmpty || !isTestFile {
            if let target = a.target { aliases.append((a.name, target.baseName)) }
            if a.target?.isFunctionType == true { functionAliases.append(a.name) }
        }
        viewGraph = ViewGraphSummary(file: file)
        exportedImports = file.tree.exportedImports
    }

    /// The computed instance properties of `t` that have a setter: a `set` accessor (`set { … }`,
    /// `set(value) { … }`) in the accessor block.
    static func settableComputedNames(of t: TypeDecl, in file: SourceFile) -> [String] {
        var out: [String] = []
        for v in t.variables where v.isComputed && !v.isStatic {
            guard let o = v.accessorOpen, let c = v.accessorClose, o < c else { continue }
            if (o + 1..<c).contains(where: { file.isWord($0, "set") && (file.kind($0 + 1) == .leftBrace || file.kind($0 + 1) == .leftParen) }) {
                out.append(v.name)
            }
        }
        return out
    }

    /// The computed instance properties of class `t` whose getter reads nothing but stored
    /// properties of `t` that are not observable state (`var database: Database {
    /// settings.database }`), types and members of those: a view that reads one shows nothing
    /// that a change of the model's state would update. Any other name in the getter (a method,
    /// another computed property, `self` itself, an inherited member) makes it count as state.
    static func plainComputedNames(of t: TypeDecl, in file: SourceFile) -> [String] {
        let computed = t.variables.filter { $0.isComputed && !$0.isStatic && $0.accessorOpen != nil }
        guard !computed.isEmpty else { return [] }
        let observableMacro = t.header.hasAttribute("Observable")
        let stored = t.variables.filter { $0.isStored && !$0.isStatic }
        let plainStored = Set(stored.filter { observableMacro ? !$0.isObservationTracked : !$0.isPublished }.map(\.name))
        guard !plainStored.isEmpty else { return [] }
        var out: [String] = []
        for v in computed {
            guard let o = v.accessorOpen, let c = v.accessorClose, c > o + 1 else { continue }
            var plain = true
            for i in (o + 1)..<c where file.kind(i) == .identifier || file.isWord(i, "self") {
                if file.isWord(i, "self") {
                    if file.kind(i + 1) == .period, file.kind(i + 2) == .identifier, plainStored.contains(file.name(i + 2)) { continue }
                    plain = false
                    break
                }
                if file.kind(i - 1) == .period && !file.isWord(i - 2, "self") { continue }
                if file.beginsWithCapital(i) || plainStored.contains(file.name(i)) { continue }
                plain = false
                break
            }
            if plain { out.append(v.name) }
        }
        return out
    }

    /// The static properties of `t` whose type is written (`static let preview: AppModel`) or made
    /// by the initial value (`static let preview = AppModel()`, `= AppModel.shared`).
    static func staticPropertyTypes(of t: TypeDecl, in file: SourceFile) -> [StaticPropertyType] {
        var out: [StaticPropertyType] = []
        for v in t.variables where v.isStatic {
            if let type = PropertySummary.typeName(of: v, in: file), !type.isEmpty {
                out.append(StaticPropertyType(name: v.name, type: type))
            } else if v.type == nil, let r = v.initializer, let literal = literalTypeName(at: r.lowerBound, in: file) {
                // `static let defaultTags = ["red", "blue"]`: a literal's type.
                out.append(StaticPropertyType(name: v.name, type: literal))
            }
        }
        return out
    }

    /// `Array`, `String`, `Int`, `Double` or `Bool` for a literal at `i` (`[…]`, `"…"`, `42`,
    /// `true`); nil for any other expression.
    static func literalTypeName(at i: Int, in file: SourceFile) -> String? {
        switch file.kind(i) {
        case .leftBracket: return "Array"
        case .stringLiteral: return "String"
        case .integerLiteral: return "Int"
        case .floatLiteral: return "Double"
        default: return file.isWord(i, "true") || file.isWord(i, "false") ? "Bool" : nil
        }
    }

    /// Whether one of an enum's cases has associated values (`case live(Reader)`).
    static func hasAssociatedValues(_ t: TypeDecl, in file: SourceFile) -> Bool {
        t.members.contains { m in
            guard case .other(let r) = m, r.lowerBound < r.upperBound else { return false }
            var k = r.lowerBound
            if file.isText(k, "indirect") { k += 1 }
            return file.isWord(k, "case") && (k..<r.upperBound).contains { file.kind($0) == .leftParen }
        }
    }
}

/// A type as the whole project sees it: its declaration merged with all its extensions.
public struct TypeSymbol: Sendable {
    // Wide fields first and one-byte fields last: the index holds one symbol per project type,
    // and this order (with the rare fields out of line) packs a symbol into 80 bytes rather than 128.
    public var name: String
    /// Direct supertypes and conformances, from the declaration and every extension.
    public var inherited: [String] = []
    public var publishedNames: [String] = []
    /// Stored instance properties of the primary declaration(s).
    public var storedProperties: [PropertySummary] = []
    /// Tracked names, protocol requirements and static property types, merged (`TypeExtras`).
    public var extraFields: [TypeExtras] = []
    /// Where the primary declaration is.
    public var declarationPath: String?
    public var declarationLocation: SourceLocation?
    /// Kind of the primary declaration; nil when only extensions were seen.
    public var kind: TypeKind?
    /// Whether the primary declaration is `@MainActor` (an `@MainActor` extension does not count).
    public var isMainActorAttribute = false
    public var isObservableMacro = false
    public var isNonisolated = false
    /// Whether two or more primary declarations have this simple name (nested `Coordinator`s of
    /// different views): what the name inherits is then theirs together.
    public var isDeclaredMoreThanOnce = false
    /// Whether two primary declarations of this simple name are of different kinds (a class
    /// `Item` and a struct `Layout.Item`): `kind` is then only the first one's.
    public var hasNamesakesOfOtherKinds = false
    /// An enum one of whose cases has associated values.
    public var hasAssociatedValues = false
    /// A SwiftData `@Model` class, whose persisted properties Observation tracks.
    public var isSwiftDataModel = false
    /// One of its declarations or extensions declares a property named `id`.
    public var declaresID = false
    /// A primary declaration is a `@dynamicMemberLookup` class.
    public var hasDynamicMemberLookup = false
    /// Whether an extension of the type is declared in a file other than its declaration's.
    public var isExtendedElsewhere = false

    public init(name: String) { self.name = name }
}

/// The fields that few types have, kept out of line: a type entry or symbol holds them in a
/// one-element array only when one of them is not empty. The index keeps 300 000 entries and
/// 190 000 symbols on a project of 100 000 files; inline, these four lists would take 32 bytes
/// in each (15 MB), for the few protocols, `@Observable` classes and types with static members.
public struct TypeExtras: Sendable {
    /// For an `@Observable` class: its stored instance `var`s without `@ObservationIgnored` (its
    /// observable state); empty for every other type. Only the primary declaration's count.
    public var trackedNames: [String] = []
    /// For a protocol: its property requirements declared `{ get set }`.
    public var settableRequirements: [String] = []
    /// For a protocol: all of its property requirements (`{ get }` included).
    public var propertyRequirements: [String] = []
    /// For a protocol: its instance method requirements marked `@MainActor`, whose witnesses in a
    /// declaration that states the conformance are isolated to the main actor too.
    public var mainActorRequirements: [String] = []
    /// Static properties whose type is written or made by the initial value: name, type. For a
    /// symbol, those of the declaration and of every extension.
    public var staticPropertyTypes: [FileSummary.StaticPropertyType] = []
    /// For a class: its computed instance properties with a setter (`var enabled: Bool { get { … }
    /// set { … } }`). For a symbol, those of the declaration and of every extension.
    public var settableComputedNames: [String] = []
    /// For a class: its computed instance properties whose getter reads only stored properties
    /// of the class that are not observable state (`FileSummary.plainComputedNames`).
    public var plainComputedNames: [String] = []

    public init(trackedNames: [String] = [], settableRequirements: [String] = [], propertyRequirements: [String] = [],
                mainActorRequirements: [String] = [], staticPropertyTypes: [FileSummary.StaticPropertyType] = [],
                settableComputedNames: [String] = [], plainComputedNames: [String] = []) {
        self.trackedNames = trackedNames; self.settableRequirements = settableRequirements
        self.propertyRequirements = propertyRequirements; self.mainActorRequirements = mainActorRequirements
        self.staticPropertyTypes = staticPropertyTypes
        self.settableComputedNames = settableComputedNames
        self.plainComputedNames = plainComputedNames
    }

    var isEmpty: Bool {
        trackedNames.isEmpty && settableRequirements.isEmpty && propertyRequirements.isEmpty && mainActorRequirements.isEmpty
            && staticPropertyTypes.isEmpty
            && settableComputedNames.isEmpty && plainComputedNames.isEmpty
    }
}

/// A type entry or symbol, with its `TypeExtras` read and written as fields.
public protocol TypeExtrasHolding {
    /// Empty, or the one `TypeExtras` that is not empty.
    var extraFields: [TypeExtras] { get set }
}

extension TypeExtrasHolding {
    public var extras: TypeExtras {
        get { extraFields.first ?? TypeExtras() }
        set { extraFields = newValue.isEmpty ? [] : [newValue] }
    }
    public var trackedNames: [String] { extraFields.first?.trackedNames ?? [] }
    public var settableRequirements: [String] { extraFields.first?.settableRequirements ?? [] }
    public var propertyRequirements: [String] { extraFields.first?.propertyRequirements ?? [] }
    public var mainActorRequirements: [String] { extraFields.first?.mainActorRequirements ?? [] }
    public var staticPropertyTypes: [FileSummary.StaticPropertyType] { extraFields.first?.staticPropertyTypes ?? [] }
    public var settableComputedNames: [String] { extraFields.first?.settableComputedNames ?? [] }
    public var plainComputedNames: [String] { extraFields.first?.plainComputedNames ?? [] }
}

extension FileSummary.TypeEntry: TypeExtrasHolding {}
extension TypeSymbol: TypeExtrasHolding {}

/// Project-wide facts about types, resolved transitively. Read-only and thread-safe once built.
public final class ProjectIndex: @unchecked Sendable {
    /// Every symbol, in order of first appearance; `symbolIDs` finds one by name. (A dictionary of
    /// symbols would store each large value in a hash table kept a quarter empty: on a project
    /// of 100 000 files the split saves about 30 MB.)
    private let symbolTable: [TypeSymbol]
    private let symbolIDs: [String: Int32]
    /// The merged symbols by simple name.
    public var symbols: [String: TypeSymbol] { symbolIDs.mapValues { symbolTable[Int($0)] } }
    public let aliases: [String: String]
    /// Typealiases declared with different targets (one per `#if` branch): not followed, and what
    /// is held through one may be any of the targets.
    public let ambiguousAliases: Set<String>
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
    private var observableObjects = SymbolFlags()
    private var viewLike = SymbolFlags()
    private var appOrScene = SymbolFlags()
    /// `NSManagedObject` and the classes that inherit from it or from an entity class of the
    /// project's Core Data models (`coreDataEntityClasses`, which count themselves).
    private var coreDataEntities = SymbolFlags()
    /// Whether a protocol of the project has a `@MainActor` method requirement (`TypeExtras.mainActorRequirements`).
    public private(set) var hasMainActorRequirements = false
    private var mainActorTypes = SymbolFlags()
    /// Which views construct which, with the environment objects provided on the way.
    public private(set) var viewGraph = ViewGraph()
    /// The facts that the enabled rules collect for themselves (`fact(_:)`).
    @usableFromInline private(set) var mergedFacts = MergedFacts()
    /// Modules that a file of the project re-exports (`@_exported import`): its other files see them too.
    public private(set) var exportedModules: Set<String> = []
    public static let observableObjectNames: Set<String> = ["ObservableObject"]
    public static let viewProtocolNames: Set<String> = ["View", "ViewModifier", "App", "Scene"]
    /// Property wrappers of an `App` that make its delegate, which SwiftUI then provides to every scene.
    public static let delegateAdaptors: Set<String> = ["UIApplicationDelegateAdaptor", "NSApplicationDelegateAdaptor", "WKApplicationDelegateAdaptor", "WKExtensionDelegateAdaptor"]

    /// Builds the index of the project whose files `summaries` describe, then merges the
    /// contributions of its files to `facts` (`ProjectFact`). The engine builds it in one place,
    /// `Linter.makeIndex`, from the project's settings and the enabled rules' facts.
    public init(summaries: [FileSummary], modelSuffixes: [String] = ["ViewModel", "Store"], defaultMainActorDirectories: [String] = [], defaultMainActorEverywhere: Bool = false,
                coreDataEntityClasses: Set<String> = [], facts: [any ProjectFact.Type] = []) {
        // The view graph's first stage needs no symbol: on a large project it runs beside the
        // symbol table. On a small one a thread would cost more than it saves, so no thread is
        // started (a run on a few files, tests and the fuzz target stay on one thread).
        var collected: ViewGraph.Collected? = nil
        var exportedModules = Set<String>()
        let collecting = DispatchWorkItem {
            collected = ViewGraph.collect(summaries)
            // Fields read in place: a lazy map over the summaries would copy each one.
            for i in summaries.indices { exportedModules.formUnion(summaries[i].exportedImports) }
        }
        let collectsBeside = summaries.count >= ProjectIndex.concurrentCollectMinimum
        if collectsBeside { DispatchQueue.global(qos: .userInitiated).async(execute: collecting) }
        // Every name gets its id first, so that the symbol table is allocated once at its final
        // size (growing it by doubling would hold two copies at the peak).
        var ids: [String: Int32] = [:]
        ids.reserveCapacity(summaries.reduce(0) { $0 + $1.types.count })
        var names: [String] = []
        // Each entry's id in the order of the entries, so that merging does not look its name up again.
        var entryIDs: [Int32] = []
        entryIDs.reserveCapacity(ids.capacity)
        // Fields are read in place (`summaries[i].types[j].name`): binding each entry to a local
        // would copy it, retaining all of its arrays.
        for si in summaries.indices {
            for ti in summaries[si].types.indices {
                let name = summaries[si].types[ti].name
                let next = Int32(names.count)
                // One lookup: the defaulted subscript's modify accessor inserts a new name.
                let id = ProjectIndex.value(&ids[name, default: next])
                if id == next { names.append(name) }
                entryIDs.append(id)
            }
        }
        var table = names.map { TypeSymbol(name: $0) }
        names = []
        var aliases: [String: String] = [:]
        var ambiguousAliases = Set<String>()
        var functionAliases = Set<String>()
        // Inherited names already merged, for the few symbols whose list grows long (a type with
        // very many extensions): keeps merging linear without a set for every symbol.
        var inheritedSeen: [String: Set<String>] = [:]
        // The file of each extended symbol's first extension (extensions in several files set
        // `isExtendedElsewhere` at once; one file is compared with the declaration's at the end).
        var firstExtensionPaths: [Int32: String] = [:]
        // Mutated in place: a copy would duplicate the symbol's arrays on every merge. The entry
        // is passed straight from the summaries (`for t in s.types` would copy each summary and
        // each entry, retaining all of their arrays).
        func merge(_ sym: inout TypeSymbol, id: Int32, _ t: FileSummary.TypeEntry, path: String) {
            if let extra = t.extraFields.first {
                var merged = sym.extras
                // Static properties, and computed ones, may also be declared in extensions.
                merged.staticPropertyTypes += extra.staticPropertyTypes
                merged.settableComputedNames += extra.settableComputedNames
                if t.kind != .extension {
                    // The first declaration's arrays are shared with its summary, not copied.
                    ProjectIndex.appendShared(&merged.trackedNames, extra.trackedNames)
                    merged.settableRequirements += extra.settableRequirements
                    merged.propertyRequirements += extra.propertyRequirements
                    merged.mainActorRequirements += extra.mainActorRequirements
                    merged.plainComputedNames += extra.plainComputedNames
                }
                sym.extras = merged
            }
            // Extensions may declare it too (a computed `var id`).
            sym.declaresID = sym.declaresID || t.declaresID
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
        var entry = 0
        for si in summaries.indices {
            for ti in summaries[si].types.indices {
                let id = entryIDs[entry]
                merge(&table[Int(id)], id: id, summaries[si].types[ti], path: summaries[si].path)
                entry += 1
            }
            for (a, target) in summaries[si].aliases where a != target {
                if let earlier = aliases[a], earlier != target { ambiguousAliases.insert(a) }
                aliases[a] = target
            }
            functionAliases.formUnion(summaries[si].functionAliases)
        }
        self.functionTypeAliases = functionAliases
        // `typealias DataType = RemoteData` under `#if REMOTE` and `= LocalData` under `#else` (or two
        // nested aliases of one name): which one a use means is not known, so neither is taken.
        for a in ambiguousAliases { aliases[a] = nil }
        self.ambiguousAliases = ambiguousAliases
        for (id, path) in firstExtensionPaths where path != table[Int(id)].declarationPath { table[Int(id)].isExtendedElsewhere = true }
        firstExtensionPaths = [:]
        inheritedSeen = [:]
        entryIDs = []
        self.symbolTable = table
        self.symbolIDs = ids
        self.aliases = aliases
        self.modelSuffixes = modelSuffixes
        self.defaultMainActorDirectories = defaultMainActorDirectories
        self.defaultMainActorEverywhere = defaultMainActorEverywhere
        self.coreDataEntityClasses = coreDataEntityClasses
        // One reversed inheritance graph serves the four closures, then is dropped.
        let graph = inheritanceGraph()
        self.observableObjects = closure(of: ProjectIndex.observableObjectNames, in: graph)
        self.viewLike = closure(of: ProjectIndex.viewProtocolNames, in: graph)
        self.appOrScene = closure(of: ["App", "Scene"], in: graph)
        self.coreDataEntities = closure(of: coreDataEntityClasses.union(["NSManagedObject"]), in: graph)
        self.hasMainActorRequirements = symbolTable.contains { $0.kind == .protocol && !$0.mainActorRequirements.isEmpty }
        self.mainActorTypes = mainActorClosure(in: graph)
        if collectsBeside { collecting.wait() } else { collecting.perform() }
        self.viewGraph = ViewGraph(summaries: summaries, collected: collected!, index: self)
        self.exportedModules = exportedModules
        // Last: a fact's merge may ask anything of the index.
        self.mergedFacts = MergedFacts(facts, summaries: summaries, project: self)
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

    @inline(__always) private static func value(_ v: inout Int32) -> Int32 { v }

    /// Projects of at least this many files collect the view graph's first stage on a second thread.
    static let concurrentCollectMinimum = 1_000

    /// Whether `list` names something twice (lists past `linearMergeLimit` are assumed to).
    private static func hasDuplicates(_ list: [String]) -> Bool {
        guard list.count > 1 else { return false }
        guard list.count <= linearMergeLimit else { return true }
        for i in 1..<list.count where list[..<i].contains(list[i]) { return true }
        return false
    }

    /// Inherited lists up to this length are merged by a linear search (no set per symbol).
    static let linearMergeLimit = 16

    /// Appends `extra` to `list`; an empty `list` takes `extra`'s storage instead of a copy.
    private static func appendShared<T>(_ list: inout [T], _ extra: [T]) {
        if list.isEmpty { list = extra } else { list += extra }
    }

    /// Follows typealiases (bounded, cycles stop).
    public func resolve(_ name: String) -> String {
        var n = name
        var steps = 0
        while let next = aliases[n], steps < 16 { n = next; steps += 1 }
        return n
    }

    /// The merged symbol for a simple type name (aliases resolved).
    public func symbol(_ name: String) -> TypeSymbol? { declared(resolve(name)) }

    /// The declared type of the stored property `name` of the type `owner`, when the project
    /// declares both.
    /// The type of the static property `name` of `owner` (its declaration or an extension), when known.
    public func staticPropertyType(_ name: String, of owner: String) -> String? {
        symbol(owner)?.staticPropertyTypes.first { $0.name == name }?.type
    }

    public func storedPropertyType(_ name: String, of owner: String) -> String? {
        symbol(owner)?.storedProperties.first { $0.name == name }?.typeName
    }

    /// The merged symbol of exactly `name`, with no typealias followed (`symbol(_:)` follows them).
    public func symbol(exactly name: String) -> TypeSymbol? { declared(name) }

    /// The symbol of exactly `name` (no alias resolution).
    @inline(__always) private func declared(_ name: String) -> TypeSymbol? {
        guard let id = symbolIDs[name] else { return nil }
        return symbolTable[Int(id)]
    }

    /// The supertypes of exactly `name`, without copying the rest of its symbol.
    @inline(__always) private func inheritedNames(_ name: String) -> [String]? {
        guard let id = symbolIDs[name] else { return nil }
        return symbolTable[Int(id)].inherited
    }

    /// Whether the project declares the type (not only extends it).
    public func isDeclared(_ name: String) -> Bool { kind(of: name) != nil }

    public func kind(of name: String) -> TypeKind? {
        guard let id = symbolIDs[resolve(name)] else { return nil }
        return symbolTable[Int(id)].kind
    }

    /// Every type name (declared or extended) that reaches one of `targets` through its
    /// inheritance graph (superclasses, protocol refinement, extension conformances, aliases).
    private func closure(of targets: Set<String>, in graph: InheritanceGraph) -> SymbolFlags {
        // A node is a goal when its name, or what its alias resolves to, is a target. Only alias
        // names resolve to something else, so the goals are found by looking up the targets and
        // the aliases, not by testing every node.
        var goals: [Int32] = []
        for t in targets { if let n = graph.node(t, symbolIDs) { goals.append(n) } }
        for a in aliases.keys where !targets.contains(a) && targets.contains(resolve(a)) {
            if let n = graph.node(a, symbolIDs) { goals.append(n) }
        }
        return reachingNames(in: graph, from: goals)
    }

    private func mainActorClosure(in graph: InheritanceGraph) -> SymbolFlags {
        // Goals: a node whose name resolves to an `@MainActor` symbol or to an SDK type that is
        // `@MainActor`. A symbol's own name resolves to itself unless it is also an alias.
        var goals: [Int32] = []
        for n in symbolTable.indices where symbolTable[n].isMainActorAttribute && (aliases.isEmpty || aliases[symbolTable[n].name] == nil) {
            goals.append(Int32(n))
        }
        for a in aliases.keys {
            let target = resolve(a)
            let isolated = symbolIDs[target].map { symbolTable[Int($0)].isMainActorAttribute } == true || ProjectIndex.sdkMainActorTypes.contains(target)
            if isolated, let n = graph.node(a, symbolIDs) { goals.append(n) }
        }
        for name in ProjectIndex.sdkMainActorTypes { if let n = graph.node(name, symbolIDs) { goals.append(n) } }
        return reachingNames(in: graph, from: goals)
    }

    /// UIKit, AppKit, WebKit and WatchKit classes and delegate protocols that the SDK declares `@MainActor`,
    /// so that an app delegate, a view controller subclass or a class that adopts a UI delegate
    /// protocol is isolated without an attribute of its own (RULES.md counts a conformance stated
    /// anywhere; the compiler infers isolation only from one in the declaration's file). The SDK's own
    /// subclasses are listed, since the index sees no SDK hierarchy (`UITableViewCell` is a `UIView`).
    public static let sdkMainActorTypes: Set<String> = [
        "UIApplicationDelegate", "UISceneDelegate", "UIWindowSceneDelegate", "NSApplicationDelegate",
        "UIResponder", "UIApplication", "UIView", "UIViewController", "UIWindow",
        "NSResponder", "NSApplication", "NSView", "NSViewController", "NSWindow", "NSWindowController",
        // UIKit classes.
        "UIScene", "UIWindowScene", "UIGestureRecognizer", "UIControl", "UIButton", "UILabel", "UIImageView",
        "UIStackView", "UIScrollView", "UITableView", "UITableViewCell", "UICollectionView", "UICollectionViewCell",
        "UICollectionReusableView", "UITableViewController", "UICollectionViewController", "UINavigationController",
        "UITabBarController", "UIPageViewController", "UISplitViewController", "UISearchController", "UITextField",
        "UITextView", "UIHostingController", "UIDevice", "UIScreen",
        // UIKit delegate and data source protocols.
        "UIScrollViewDelegate", "UITableViewDelegate", "UITableViewDataSource", "UICollectionViewDelegate",
        "UICollectionViewDataSource", "UICollectionViewDelegateFlowLayout", "UITextFieldDelegate", "UITextViewDelegate",
        "UISearchBarDelegate", "UISearchResultsUpdating", "UISearchControllerDelegate", "UIGestureRecognizerDelegate",
        "UINavigationControllerDelegate", "UITabBarControllerDelegate", "UIPageViewControllerDelegate",
        "UIPageViewControllerDataSource", "UIAdaptivePresentationControllerDelegate", "UIPopoverPresentationControllerDelegate",
        "UIPickerViewDelegate", "UIPickerViewDataSource", "UIDocumentPickerDelegate", "UIImagePickerControllerDelegate",
        "UIContextMenuInteractionDelegate", "UIDropInteractionDelegate", "UIDragInteractionDelegate",
        "UIViewControllerTransitioningDelegate", "UIColorPickerViewControllerDelegate", "UISheetPresentationControllerDelegate",
        // WebKit.
        "WKWebView", "WKNavigationDelegate", "WKUIDelegate", "WKScriptMessageHandler", "WKDownloadDelegate",
        // WatchKit: the app and extension objects, their delegate protocols, interface controllers.
        "WKApplication", "WKExtension", "WKApplicationDelegate", "WKExtensionDelegate", "WKInterfaceController", "WKHostingController",
        // AppKit classes.
        "NSDocument", "NSDocumentController", "NSPopover", "NSMenu", "NSControl", "NSButton", "NSTextField", "NSTextView",
        "NSScrollView", "NSTableView", "NSOutlineView", "NSTableCellView", "NSCollectionView", "NSCollectionViewItem",
        "NSSplitViewController", "NSTabViewController", "NSPanel", "NSHostingView", "NSHostingController", "NSGestureRecognizer",
        // AppKit delegate and data source protocols.
        "NSWindowDelegate", "NSTableViewDelegate", "NSTableViewDataSource", "NSOutlineViewDelegate", "NSOutlineViewDataSource",
        "NSTextFieldDelegate", "NSTextViewDelegate", "NSTextDelegate", "NSControlTextEditingDelegate", "NSToolbarDelegate",
        "NSPopoverDelegate", "NSMenuDelegate", "NSPathControlDelegate", "NSSearchFieldDelegate", "NSCollectionViewDelegate",
        "NSCollectionViewDataSource", "NSSplitViewDelegate", "NSGestureRecognizerDelegate", "NSTabViewDelegate",
    ]

    /// The declared or extended type names from which one of the `goals` nodes can be reached
    /// over inheritance edges (a name's edges are those of the symbol its aliases resolve to).
    /// One depth-first walk of the reversed graph, so deep chains and cycles stay linear.
    private func reachingNames(in graph: InheritanceGraph, from goals: [Int32]) -> SymbolFlags {
        // Flags over every node; only the symbols' (numbered first) are ever asked about.
        var reached = SymbolFlags(count: graph.nodeCount)
        var queue: [Int32] = []
        for n in goals where !reached.contains(Int(n)) {
            reached.insert(Int(n))
            queue.append(n)
        }
        while let n = queue.popLast() {
            for e in Int(graph.reverseStart[Int(n)])..<Int(graph.reverseStart[Int(n) + 1]) {
                let m = Int(graph.reverseEdges[e])
                if !reached.contains(m) { reached.insert(m); queue.append(Int32(m)) }
            }
        }
        return reached
    }

    /// Whether the symbol named `name` (already resolved) is flagged in `flags`.
    private func flagged(_ name: String, in flags: SymbolFlags) -> Bool {
        guard let id = symbolIDs[name] else { return false }
        return flags.contains(Int(id))
    }

    /// The inheritance graph over node numbers, reversed: the names that list node `n` among
    /// their supertypes are `reverseEdges[reverseStart[n]..<reverseStart[n + 1]]`. Nodes are the
    /// symbols (numbered as in `symbolTable`), then alias names that are not symbols (with the
    /// symbols, the names the closures start from), then supertypes the project does not declare.
    /// Numbers rather than names keep it small on a large project.
    struct InheritanceGraph {
        var extraNames: [String] = []
        /// Node numbers of the names that are not symbols.
        var extraIDs: [String: Int32] = [:]
        var reverseStart: [Int32] = []
        var reverseEdges: [Int32] = []
        var nodeCount: Int { reverseStart.count - 1 }
        func name(_ n: Int, _ symbols: [TypeSymbol]) -> String { n < symbols.count ? symbols[n].name : extraNames[n - symbols.count] }
        /// The node of `name`, when it is one.
        func node(_ name: String, _ symbolIDs: [String: Int32]) -> Int32? { symbolIDs[name] ?? extraIDs[name] }
    }

    /// For each of `names`, the names that list it among their direct supertypes, as the
    /// inheritance closures see them: each declared or extended type (in the order of the symbol
    /// table) by what its declarations and extensions list, or what its alias's target lists when
    /// its name is also a typealias's; then each typealias that is not a type's name, by what its
    /// target lists. Names that nothing lists are left out. One pass over every symbol: for merging
    /// a project fact, not for a check.
    public func directSubtypes(of names: Set<String>) -> [String: [String]] {
        var out: [String: [String]] = [:]
        guard !names.isEmpty else { return out }
        for n in symbolTable.indices {
            let name = symbolTable[n].name
            let list = aliases.isEmpty || aliases[name] == nil ? symbolTable[n].inherited : inheritedNames(resolve(name)) ?? []
            for i in list where names.contains(i) { out[i, default: []].append(name) }
        }
        for a in aliases.keys where symbolIDs[a] == nil {
            for i in inheritedNames(resolve(a)) ?? [] where names.contains(i) { out[i, default: []].append(a) }
        }
        return out
    }

    /// Builds the reversed inheritance graph of the symbols and aliases.
    private func inheritanceGraph() -> InheritanceGraph {
        var graph = InheritanceGraph()
        let symbolCount = symbolTable.count
        func node(_ name: String) -> Int32 {
            if let id = symbolIDs[name] { return id }
            if let id = graph.extraIDs[name] { return id }
            let id = Int32(symbolCount + graph.extraNames.count)
            graph.extraIDs[name] = id
            graph.extraNames.append(name)
            return id
        }
        for a in aliases.keys where symbolIDs[a] == nil { _ = node(a) }
        // The names whose supertypes are looked up: the symbols and the aliases.
        let universeCount = symbolCount + graph.extraNames.count
        // Edges as (supertype, subtype) pairs, then grouped by supertype.
        var from: [Int32] = [], to: [Int32] = []
        for u in 0..<universeCount {
            // A symbol that is not also an alias has its own list: no lookup by name.
            let list = u < symbolCount && (aliases.isEmpty || aliases[symbolTable[u].name] == nil)
                ? symbolTable[u].inherited : inheritedNames(resolve(graph.name(u, symbolTable))) ?? []
            for i in list {
                from.append(node(i))
                to.append(Int32(u))
            }
        }
        let nodes = symbolCount + graph.extraNames.count
        var start = [Int32](repeating: 0, count: nodes + 1)
        for f in from { start[Int(f) + 1] += 1 }
        for n in 0..<nodes { start[n + 1] += start[n] }
        var fill = start
        var edges = [Int32](repeating: 0, count: from.count)
        for k in from.indices {
            let f = Int(from[k])
            edges[Int(fill[f])] = to[k]
            fill[f] += 1
        }
        graph.reverseStart = start
        graph.reverseEdges = edges
        return graph
    }

    // MARK: Queries

    /// An ObservableObject class, resolved through the project; an unresolved name counts when it
    /// ends with one of the model suffixes.
    public func isObservableObject(_ name: String) -> Bool {
        let r = resolve(name)
        if let id = symbolIDs[r], observableObjects.contains(Int(id)) { return symbolTable[Int(id)].kind != .protocol }
        if isDeclared(r) { return false }
        return modelSuffixes.contains { r.hasNameSuffix($0) && r != $0 } || modelSuffixes.contains(r)
    }

    /// A class marked `@Observable`.
    public func isObservableMacroClass(_ name: String) -> Bool {
        guard let id = symbolIDs[resolve(name)] else { return false }
        return symbolTable[Int(id)].isObservableMacro && symbolTable[Int(id)].kind == .class
    }

    /// Either kind of observable model.
    public func isObservableModel(_ name: String) -> Bool { isObservableObject(name) || isObservableMacroClass(name) }

    /// Names of the observable state of model `name`: `@Published` properties of an
    /// ObservableObject, tracked stored properties of an `@Observable` class; empty otherwise.
    public func observableState(of name: String) -> Set<String> {
        guard let s = symbol(name) else { return [] }
        if isObservableMacroClass(name) { return Set(s.trackedNames) }
        if isObservableObject(name) { return Set(s.publishedNames) }
        return []
    }

    /// A type that conforms to View, ViewModifier, App or Scene.
    public func isViewLike(_ name: String) -> Bool { flagged(resolve(name), in: viewLike) }

    /// Whether a declaration (or extension) of kind `kind` of the type `name` (an extension's
    /// extended type) is view-like: the type is, or the declaration itself names `View`,
    /// `ViewModifier`, `App` or `Scene` (`inheritsViewProtocol`). Protocols are not.
    public func isViewLike(kind: TypeKind, name: String, inheritsViewProtocol: Bool) -> Bool {
        kind != .protocol && (inheritsViewProtocol || isViewLike(name))
    }

    /// Whether a declaration of kind `kind` of the type `name` (an extension's extended type)
    /// is, or extends, an observable model class. `hasObservableAttribute`: the declaration is
    /// marked `@Observable`.
    /// `inherited`: the declaration's own list of supertypes (base names). It decides for a class
    /// whose name is declared more than once, since the index merges what all of them inherit.
    /// A Core Data entity (`isCoreDataEntity`) or a SwiftData `@Model` class is not a model, even
    /// marked `@Observable` or adopting ObservableObject: its instances belong to their contexts,
    /// background ones included.
    public func isModel(kind: TypeKind, name: String, hasObservableAttribute: Bool, inherited: [String]) -> Bool {
        if kind == .class || kind == .extension, isCoreDataEntity(name) || symbol(name)?.isSwiftDataModel == true { return false }
        switch kind {
        case .class:
            if hasObservableAttribute { return true }
            if let id = symbolIDs[resolve(name)], symbolTable[Int(id)].isDeclaredMoreThanOnce {
                // A supertype that is an ObservableObject, or a protocol that refines it.
                return inherited.contains { $0 != name && ($0 == "ObservableObject" || isObservableObject($0) || flagged(resolve($0), in: observableObjects)) }
            }
            return isObservableObject(name) && self.kind(of: name) == .class || isObservableMacroClass(name)
        case .extension: return self.kind(of: name) == .class && isObservableModel(name)
        default: return false
        }
    }

    /// A Core Data entity: a class of the project that inherits from `NSManagedObject`, or one
    /// that Xcode generates from the project's model (`coreDataEntityClasses`).
    public func isCoreDataEntity(_ name: String) -> Bool {
        let r = resolve(name)
        return coreDataEntityClasses.contains(r) || flagged(r, in: coreDataEntities)
    }

    /// A type that conforms to App or Scene (a composition root).
    public func isAppOrScene(_ name: String) -> Bool { flagged(resolve(name), in: appOrScene) }

    /// Whether `name` reaches a type or protocol whose name satisfies `predicate` (the names
    /// themselves included).
    /// The walk gives up after `conformanceSearchLimit` names (no real hierarchy comes close), so
    /// that a hostile 50 000-deep chain cannot make every query slow.
    public func conforms(_ name: String, where predicate: (String) -> Bool) -> Bool {
        // Most names asked about have no supertypes in the project: answer without allocating.
        if predicate(name) { return true }
        let r = resolve(name)
        if r != name && predicate(r) { return true }
        guard let direct = inheritedNames(r), !direct.isEmpty else { return false }
        // Nor do most direct supertypes (`ObservableObject`, a protocol without parents): one level
        // is then the whole walk.
        var deeper = false
        for i in direct {
            let ri = resolve(i)
            if predicate(i) || (ri != i && predicate(ri)) { return true }
            if let next = inheritedNames(ri), !next.isEmpty { deeper = true }
        }
        guard deeper else { return false }
        var seen: Set<String> = [name]
        var stack = [name]
        while let n = stack.popLast(), seen.count <= ProjectIndex.conformanceSearchLimit {
            let r = resolve(n)
            if predicate(n) || predicate(r) { return true }
            for i in inheritedNames(r) ?? [] where !seen.contains(i) { seen.insert(i); stack.append(i) }
        }
        return false
    }

    static let conformanceSearchLimit = 4_096

    /// Main-actor isolation of a class from attributes on it, its superclasses or its protocols.
    public func hasMainActorAttribute(_ name: String) -> Bool { flagged(resolve(name), in: mainActorTypes) }

    /// Whether a file at `path` defaults to MainActor isolation.
    public func isDefaultMainActor(path: String) -> Bool {
        if defaultMainActorEverywhere { return true }
        // A single file (an Xcode target's member) matches exactly; a directory ends with `/` and
        // covers the files under it, except those that an Xcode folder leaves out of its target
        // (written with a leading `!`).
        if defaultMainActorDirectories.contains(path) { return true }
        var inDirectory = false
        for entry in defaultMainActorDirectories {
            if entry.hasPrefix("!") {
                if entry.utf8.dropFirst().elementsEqual(path.utf8) { return false }
            } else if entry.hasSuffix("/") && path.hasPrefix(entry) {
                inDirectory = true
            }
        }
        return inDirectory
    }

    /// Main-actor isolation of a model declared in `path`, as RULES.md defines it.
    public func isMainActorIsolated(_ name: String, declaredIn path: String) -> Bool {
        if hasMainActorAttribute(name) { return true }
        if symbol(name)?.isNonisolated == true { return false }
        return isDefaultMainActor(path: path)
    }
}

extension TypeDecl {
    /// Whether the declaration itself lists a SwiftUI view protocol (`View`, `ViewModifier`,
    /// `App`, `Scene`; not one qualified by another name, `FileSummary.inheritedName`).
    public var inheritsViewProtocol: Bool {
        inherited.contains { ProjectIndex.viewProtocolNames.contains(FileSummary.inheritedName($0)) }
    }
}

/// A set of symbols of the index, by their number in its symbol table: one bit each.
struct SymbolFlags {
    private var words: [UInt64] = []

    init() {}
    init(count: Int) { words = [UInt64](repeating: 0, count: (count + 63) / 64) }

    mutating func insert(_ n: Int) { words[n >> 6] |= 1 << UInt64(n & 63) }

    func contains(_ n: Int) -> Bool {
        let w = n >> 6
        return n >= 0 && w < words.count && words[w] & (1 << UInt64(n & 63)) != 0
    }
}
