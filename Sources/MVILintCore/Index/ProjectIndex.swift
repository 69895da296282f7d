/// The project-wide type index: built once from every file's declarations, then read-only.

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
        /// Stored instance `var`s without `@ObservationIgnored` (observable state of an `@Observable` class).
        public var trackedNames: [String]
    }
    public var path: String
    public var types: [TypeEntry] = []
    /// typealias name → base name of its target.
    public var aliases: [(String, String)] = []

    public init(path: String) { self.path = path }

    /// Extracts the summary of a parsed file.
    public init(file: SourceFile) {
        self.path = file.path
        for t in file.tree.allTypes {
            let name = t.kind == .extension ? t.extendedBaseName : t.name
            types.append(TypeEntry(kind: t.kind, name: name, inherited: t.inherited.map(\.baseName),
                                   isMainActor: t.header.isMainActor,
                                   isObservableMacro: t.header.hasAttribute("Observable"),
                                   isNonisolated: t.header.hasModifier("nonisolated"),
                                   location: file.location(ofToken: t.nameToken),
                                   publishedNames: t.variables.filter(\.isPublished).map(\.name),
                                   trackedNames: t.variables.filter(\.isObservationTracked).map(\.name)))
        }
        for a in file.tree.typeAliases {
            if let target = a.target { aliases.append((a.name, target.baseName)) }
        }
    }
}

/// A type as the whole project sees it: its declaration merged with all its extensions.
public struct TypeSymbol: Sendable {
    public var name: String
    /// Kind of the primary declaration; nil when only extensions were seen.
    public var kind: TypeKind?
    /// Direct supertypes and conformances, from the declaration and every extension.
    public var inherited: [String] = []
    /// Conformances added by extensions only, with whether that extension was `@MainActor`.
    public var isMainActorAttribute = false
    public var isObservableMacro = false
    public var isNonisolated = false
    public var publishedNames: [String] = []
    public var trackedNames: [String] = []
    /// Where the primary declaration is.
    public var declarationPath: String?
    public var declarationLocation: SourceLocation?
}

/// Project-wide facts about types, resolved transitively. Read-only and thread-safe once built.
public final class ProjectIndex: @unchecked Sendable {
    public let symbols: [String: TypeSymbol]
    public let aliases: [String: String]
    /// Name suffixes that make an unresolved type count as an ObservableObject model.
    public let modelSuffixes: [String]
    /// Directories (absolute, with trailing `/`) whose files default to MainActor isolation.
    public let defaultMainActorDirectories: [String]
    /// Whether every file defaults to MainActor isolation (configuration).
    public let defaultMainActorEverywhere: Bool

    private var observableObjects: Set<String> = []
    private var viewLike: Set<String> = []
    private var appOrScene: Set<String> = []
    private var mainActorTypes: Set<String> = []

    public static let observableObjectNames: Set<String> = ["ObservableObject"]
    public static let viewProtocolNames: Set<String> = ["View", "ViewModifier", "App", "Scene"]

    public init(summaries: [FileSummary], modelSuffixes: [String] = ["ViewModel", "Store"], defaultMainActorDirectories: [String] = [], defaultMainActorEverywhere: Bool = false) {
        var symbols: [String: TypeSymbol] = [:]
        var aliases: [String: String] = [:]
        for s in summaries {
            for t in s.types {
                var sym = symbols[t.name] ?? TypeSymbol(name: t.name)
                if t.kind != .extension {
                    if sym.kind == nil || sym.declarationPath == nil {
                        sym.kind = t.kind
                        sym.declarationPath = s.path
                        sym.declarationLocation = t.location
                    }
                    // `@MainActor extension` isolates only that extension's members, so only the
                    // primary declaration's attributes count for the type.
                    sym.isMainActorAttribute = sym.isMainActorAttribute || t.isMainActor
                    sym.isObservableMacro = sym.isObservableMacro || t.isObservableMacro
                    sym.isNonisolated = sym.isNonisolated || t.isNonisolated
                    sym.publishedNames += t.publishedNames
                    sym.trackedNames += t.trackedNames
                }
                for i in t.inherited where !sym.inherited.contains(i) { sym.inherited.append(i) }
                symbols[t.name] = sym
            }
            for (a, target) in s.aliases where a != target { aliases[a] = target }
        }
        self.symbols = symbols
        self.aliases = aliases
        self.modelSuffixes = modelSuffixes
        self.defaultMainActorDirectories = defaultMainActorDirectories
        self.defaultMainActorEverywhere = defaultMainActorEverywhere
        self.observableObjects = closure(of: ProjectIndex.observableObjectNames)
        self.viewLike = closure(of: ProjectIndex.viewProtocolNames)
        self.appOrScene = closure(of: ["App", "Scene"])
        self.mainActorTypes = mainActorClosure()
    }

    /// Follows typealiases (bounded, cycles stop).
    public func resolve(_ name: String) -> String {
        var n = name
        var steps = 0
        while let next = aliases[n], steps < 16 { n = next; steps += 1 }
        return n
    }

    /// The merged symbol for a simple type name (aliases resolved).
    public func symbol(_ name: String) -> TypeSymbol? { symbols[resolve(name)] }

    /// Whether the project declares the type (not only extends it).
    public func isDeclared(_ name: String) -> Bool { symbol(name)?.kind != nil }

    public func kind(of name: String) -> TypeKind? { symbol(name)?.kind }

    /// Every type name (declared or extended) that reaches one of `targets` through its
    /// inheritance graph (superclasses, protocol refinement, extension conformances, aliases).
    private func closure(of targets: Set<String>) -> Set<String> {
        var result: Set<String> = []
        var memo: [String: Bool] = [:]
        func reaches(_ start: String) -> Bool {
            // Iterative DFS so that deep or cyclic hierarchies cannot overflow the stack.
            if let m = memo[start] { return m }
            var seen: Set<String> = [start]
            var stack = [start]
            var found = false
            while let n = stack.popLast() {
                let r = resolve(n)
                if targets.contains(r) || targets.contains(n) { found = true; break }
                if let m = memo[r], m { found = true; break }
                for i in symbols[r]?.inherited ?? [] where !seen.contains(i) {
                    seen.insert(i); stack.append(i)
                }
            }
            memo[start] = found
            return found
        }
        for name in symbols.keys where reaches(name) { result.insert(name) }
        return result
    }

    private func mainActorClosure() -> Set<String> {
        var result: Set<String> = []
        for (name, _) in symbols {
            var seen: Set<String> = [name]
            var stack = [name]
            while let n = stack.popLast() {
                guard let s = symbols[resolve(n)] else { continue }
                if s.isMainActorAttribute { result.insert(name); break }
                for i in s.inherited where !seen.contains(i) { seen.insert(i); stack.append(i) }
            }
        }
        return result
    }

    // MARK: Queries

    /// An ObservableObject class, resolved through the project; an unresolved name counts when it
    /// ends with one of the model suffixes.
    public func isObservableObject(_ name: String) -> Bool {
        let r = resolve(name)
        if observableObjects.contains(r) { return symbols[r]?.kind != .protocol }
        if isDeclared(r) { return false }
        return modelSuffixes.contains { r.hasSuffix($0) && r != $0 } || modelSuffixes.contains(r)
    }

    /// A class marked `@Observable`.
    public func isObservableMacroClass(_ name: String) -> Bool {
        guard let s = symbol(name) else { return false }
        return s.isObservableMacro && s.kind == .class
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
    public func isViewLike(_ name: String) -> Bool { viewLike.contains(resolve(name)) }

    /// A type that conforms to App or Scene (a composition root).
    public func isAppOrScene(_ name: String) -> Bool { appOrScene.contains(resolve(name)) }

    /// Whether `name` reaches a type or protocol whose name satisfies `predicate` (the names
    /// themselves included).
    public func conforms(_ name: String, where predicate: (String) -> Bool) -> Bool {
        var seen: Set<String> = [name]
        var stack = [name]
        while let n = stack.popLast() {
            let r = resolve(n)
            if predicate(n) || predicate(r) { return true }
            for i in symbols[r]?.inherited ?? [] where !seen.contains(i) { seen.insert(i); stack.append(i) }
        }
        return false
    }

    /// Main-actor isolation of a class from attributes on it, its superclasses or its protocols.
    public func hasMainActorAttribute(_ name: String) -> Bool { mainActorTypes.contains(resolve(name)) }

    /// Whether a file at `path` defaults to MainActor isolation.
    public func isDefaultMainActor(path: String) -> Bool {
        if defaultMainActorEverywhere { return true }
        return defaultMainActorDirectories.contains { path.hasPrefix($0) }
    }

    /// Main-actor isolation of a model declared in `path`, as RULES.md defines it.
    public func isMainActorIsolated(_ name: String, declaredIn path: String) -> Bool {
        if hasMainActorAttribute(name) { return true }
        if symbol(name)?.isNonisolated == true { return false }
        return isDefaultMainActor(path: path)
    }
}
