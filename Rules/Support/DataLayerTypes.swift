/// The types of the project that belong to the data layer by what they do (`no_usecase_in_view`, `layer_dependency`).
import MVILintCore

/// The types of the project whose own code does I/O with an API of `DataLayerAPIs` (network
/// requests, databases and persistent stores), and the protocols of the project that they adopt:
/// the data layer recognised by behaviour rather than by name. Shared by `no_usecase_in_view` and
/// `layer_dependency`.
///
/// - A type does I/O when its own code (method, initializer and accessor bodies, parameter,
///   return and property types, initial values, attributes and supertypes; those of its
///   extensions included, in any file) names a type of a row (`URLSession`, `Firestore`,
///   `NSPersistentContainer`), or reads one of its distinctive members (`.viewContext`), in a file
///   that sees the row's module. Holding such an object in a stored property counts: its type is
///   named. Using another type of the project that does I/O does not (that type is the data layer,
///   not its user).
/// - A subclass of such a class, and a type adopting a protocol of the project whose extension
///   does I/O, inherit that code and do I/O too.
/// - View-like types, observable models, entities (Codable or Identifiable values, Core Data and
///   SwiftData entities) and the SDK's UI objects (view controllers, views, app delegates) are
///   never of the data layer, whatever they call.
/// - A protocol of the project that such a type adopts is of the data layer too, unless a
///   view-like type, an observable model or an entity also adopts it.
/// - Test code (a file importing XCTest or Testing) and preview code (a `PreviewProvider`) never
///   decide: a test double or a preview stub does not make its protocol the data layer.
struct DataLayerTypes: ProjectFact {
    /// Why a type is of the data layer: the API it uses (`URLSession`), of which kind, and the type
    /// whose code uses it when that is another one (the superclass or protocol whose code a type
    /// inherits, or, for a protocol, the type that adopts it).
    struct Evidence: Sendable, Equatable {
        var api: String
        var kind: DataLayerAPI.Kind?
        var via: String? = nil
        var isProtocol = false
    }

    /// Type name (aliases resolved) → why it is of the data layer.
    private(set) var types: [String: Evidence] = [:]
    /// `Type.method` for the static methods whose own code does I/O: a call of another static
    /// member of a type that is of the layer only by what it does (a URL builder beside the
    /// request, a predicate beside the fetch) reaches none of it.
    private(set) var staticIOMethods: Set<String> = []

    /// Whether the static method `member` of `type` does I/O in its own code.
    func staticMethodDoesIO(_ member: String, of type: String, in project: ProjectIndex) -> Bool {
        staticIOMethods.contains(type + "." + member) || staticIOMethods.contains(project.resolve(type) + "." + member)
    }

    /// Why the type `name` is of the data layer by what it does; nil when it is not.
    func evidence(for name: String, in project: ProjectIndex) -> Evidence? {
        guard !types.isEmpty else { return nil }
        return types[name] ?? types[project.resolve(name)]
    }

    // MARK: Collecting

    /// One use of an API in the code of a declaration (`owner`, an extension's extended type).
    struct Use: Sendable {
        var owner: String
        var api: String
        var kind: DataLayerAPI.Kind?
        /// The type name as written (`Session`), for a type use of a built-in row: a type of the
        /// project with this name is meant instead. Nil for a member, a module or a configured row.
        var typeName: String?
        /// The row's modules when the file imports none of them: then the project must re-export one.
        var unseenModules: [String] = []
        /// The static method whose own code the use is in (`Backend.fetch` of `static func fetch()`), if any.
        var staticMethod: String? = nil
    }

    static func collect(from file: SourceFile, isTestCode: Bool) -> [Use]? { nil }

    static func collect(from file: SourceFile, isTestCode: Bool, knowledge: Knowledge) -> [Use]? {
        guard !isTestCode else { return nil }
        let imports = file.tree.imports
        let moduleRows = knowledge.dataLayerModuleRows.filter { $0.modules.contains(where: imports.contains) }
        guard !moduleRows.isEmpty || namesAnAPI(file, imports: imports, knowledge: knowledge) else { return nil }
        var uses: [Use] = []
        let previews = Set(file.tree.allTypes.filter { $0.inheritedBaseNames.contains("PreviewProvider") }.map(\.name))
        for t in file.tree.allTypes where t.kind != .protocol {
            // Preview set-up stubs its data; it decides nothing about the project's types.
            if previews.contains(t.name) || t.outerNames.contains(where: previews.contains) { continue }
            let owner = t.kind == .extension ? t.extendedBaseName : t.name
            var seen = Set<String>()
            var method: String? = nil
            func add(_ row: DataLayerAPI, typeName: String?) {
                guard seen.insert((method.map { $0 + "." } ?? "") + row.name).inserted else { return }
                let unseen = row.modules.isEmpty || row.modules.contains(where: imports.contains) ? [] : row.modules
                uses.append(Use(owner: owner, api: row.name, kind: row.kind, typeName: row.isConfigured ? nil : typeName,
                                unseenModules: unseen, staticMethod: method))
            }
            // A module that the configuration puts in the data layer whole: every type of a file
            // that imports it.
            for row in moduleRows { add(row, typeName: nil) }
            for (r, m) in ownCode(of: t, in: file) {
                method = m
                for i in r where file.kind(i) == .identifier && file.isName(i, in: knowledge.dataLayerSearch.words) {
                    let name = file.name(i)
                    // `CoreData.NSManagedObjectContext`: a type qualified by its module.
                    let qualified = file.kind(i - 1) == .period && file.kind(i - 2) == .identifier
                        && knowledge.dataLayerRows(forType: name).contains { $0.modules.contains(file.name(i - 2)) }
                    if file.kind(i - 1) != .period || qualified {
                        for row in knowledge.dataLayerRows(forType: name) { add(row, typeName: name) }
                    } else {
                        for row in knowledge.dataLayerRows(forMember: name) where !row.modules.isEmpty && row.modules.contains(where: imports.contains) {
                            add(row, typeName: nil)
                        }
                    }
                }
            }
        }
        return uses.isEmpty ? nil : uses
    }

    /// Whether the file names a type or member of a row that it may see. A file that imports only
    /// modules of the platform is searched for the SDK's rows and for those of the modules it
    /// imports; any other file (no import, or a library's that may re-export one) for every row.
    static func namesAnAPI(_ file: SourceFile, imports: [String], knowledge: Knowledge) -> Bool {
        guard !imports.isEmpty, imports.allSatisfy(DataLayerAPIs.platformModules.contains) else {
            return file.containsIdentifier(in: knowledge.dataLayerSearch)
        }
        if file.containsIdentifier(in: knowledge.dataLayerSDKSearch) { return true }
        return imports.contains { m in knowledge.dataLayerModuleSearch[m].map { file.containsIdentifier(in: $0) } ?? false }
    }

    /// The token ranges of a declaration's own code: its attributes' names and supertypes, then
    /// each member's (a property's type, initial value and accessors; a function's parameters,
    /// return type and body). Nested types are declarations of their own.
    /// Each range comes with the name of the static method it belongs to, if any.
    static func ownCode(of t: TypeDecl, in file: SourceFile) -> [(TokenRange, String?)] {
        var out: [(TokenRange, String?)] = t.header.attributes.map { ($0.nameToken..<($0.nameToken + 1), nil) }
        out += t.inherited.map { ($0.tokens, nil) }
        for m in t.members {
            switch m {
            case .variable(let v):
                if let type = v.type { out.append((type.tokens, nil)) }
                if let r = v.initializer { out.append((r, nil)) }
                if let o = v.accessorOpen, let c = v.accessorClose, o < c { out.append(((o + 1)..<c, nil)) }
            case .function(let f):
                let start = f.parameterOpen ?? f.nameToken
                let end = f.bodyClose ?? f.returnTypeTokens?.upperBound ?? f.parameterClose.map { $0 + 1 } ?? start
                if start < end { out.append((start..<end, f.kind == .function && f.header.isStatic ? f.name : nil)) }
            default:
                break
            }
        }
        return out
    }

    // MARK: Merging

    static func merge(_ files: [FactContribution<[Use]>], in project: ProjectIndex) -> DataLayerTypes {
        // The declarations whose own code does I/O, by the name the index knows them.
        var direct: [String: Evidence] = [:]
        var staticIOMethods = Set<String>()
        for f in files {
            for u in f.fact {
                if !u.unseenModules.isEmpty && !u.unseenModules.contains(where: project.exportedModules.contains) { continue }
                // `Session`, `Query`, `Connection`: a type of the project with the name is meant.
                if let n = u.typeName, project.isDeclared(n) { continue }
                let owner = project.resolve(u.owner)
                // A name that the project declares more than once (`State` nested in many
                // features) tells no type apart: what one of them does says nothing of the others.
                if project.symbol(owner)?.isDeclaredMoreThanOnce == true { continue }
                if direct[owner] == nil { direct[owner] = Evidence(api: u.api, kind: u.kind) }
                if let m = u.staticMethod { staticIOMethods.insert(owner + "." + m) }
            }
        }
        guard !direct.isEmpty else { return DataLayerTypes() }
        let children = subtypeMap(below: Set(direct.keys), in: project)
        var out = DataLayerTypes()
        out.staticIOMethods = staticIOMethods
        // Types: those with code of their own that does I/O, then those that inherit such code
        // from a superclass or a protocol of the project (breadth first, so the nearest is named).
        var queue: [(name: String, evidence: Evidence)] = direct.map { ($0.key, $0.value) }.sorted { $0.name < $1.name }
        var visited = Set(queue.map(\.name))
        var k = 0
        while k < queue.count {
            let (name, evidence) = queue[k]
            k += 1
            if project.kind(of: name) != .protocol, isDataLayerCandidate(name, in: project) { out.types[name] = evidence }
            // Only classes and protocols hand their code down.
            guard let kind = project.kind(of: name), kind == .class || kind == .protocol else { continue }
            for child in children[name] ?? [] where visited.insert(child).inserted {
                queue.append((child, Evidence(api: evidence.api, kind: evidence.kind, via: evidence.via ?? name)))
            }
        }
        // Protocols of the project that those types adopt (or whose own extensions do I/O),
        // unless a type that is never of the data layer adopts one too.
        var protocols: [String: Evidence] = [:]
        for (name, evidence) in direct where project.kind(of: name) == .protocol { protocols[name] = Evidence(api: evidence.api, kind: evidence.kind, isProtocol: true) }
        for (name, evidence) in out.types.sorted(by: { $0.key < $1.key }) {
            _ = project.conforms(name) { p in
                if p != name, protocols[p] == nil, project.kind(of: p) == .protocol {
                    protocols[p] = Evidence(api: evidence.api, kind: evidence.kind, via: name, isProtocol: true)
                }
                return false
            }
        }
        guard !protocols.isEmpty else { return out }
        let adopters = subtypeMap(below: Set(protocols.keys), in: project)
        for (p, evidence) in protocols {
            var stack = [p], seen: Set<String> = [p], excluded = false
            while let n = stack.popLast(), !excluded {
                for c in adopters[n] ?? [] where seen.insert(c).inserted {
                    if project.kind(of: c) != .protocol, isNeverDataLayer(c, in: project) { excluded = true; break }
                    stack.append(c)
                }
            }
            if !excluded { out.types[p] = evidence }
        }
        return out
    }

    /// Name → the names that directly inherit from it, for `roots` and every type below them.
    private static func subtypeMap(below roots: Set<String>, in project: ProjectIndex) -> [String: [String]] {
        var map: [String: [String]] = [:]
        var frontier = roots, seen = roots
        var rounds = 0
        while !frontier.isEmpty, rounds < 32 {
            rounds += 1
            let direct = project.directSubtypes(of: frontier)
            frontier = []
            for (parent, list) in direct {
                map[parent, default: []] += list
                for c in list where seen.insert(c).inserted { frontier.insert(c) }
            }
        }
        return map
    }

    /// A declared class, struct, enum or actor that may be of the data layer.
    private static func isDataLayerCandidate(_ name: String, in project: ProjectIndex) -> Bool {
        guard let kind = project.kind(of: name), kind != .protocol, kind != .extension else { return false }
        return !isNeverDataLayer(name, in: project)
    }

    /// View-like types, observable models, entities and the SDK's UI objects, which are never of
    /// the data layer whatever they call.
    private static func isNeverDataLayer(_ name: String, in project: ProjectIndex) -> Bool {
        if project.isViewLike(name) || project.isObservableModel(name) { return true }
        if project.isCoreDataEntity(name) || project.symbol(name)?.isSwiftDataModel == true || LayerNames.isEntity(name, in: project) { return true }
        return project.conforms(name) { MainActorSDKTypes.names.contains($0) || DataLayerAPIs.userInterfaceProtocols.contains($0) }
    }
}
