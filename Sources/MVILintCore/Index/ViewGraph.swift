/// The project's view graph: which views construct which, and the environment objects each
/// construction provides; built from per-file summaries once the type index is known.
///
/// A file contributes construction sites (`B(…)` inside the members of `A`, a `#Preview` body or
/// a hosting controller's `rootView:`), each with the `.environmentObject(…)`/`.environment(…)`
/// modifiers that reach the constructed view: those applied to the construction itself and those
/// applied to every enclosing chain (a container whose closure holds it, a `.sheet { }` presenter,
/// …). When a file cannot tell which type a modifier provides, the provision is `unknown` and
/// counts as providing everything: the graph errs towards "provided".

/// What an `.environmentObject(…)` or `.environment(…)` (or a custom modifier) may provide.
public enum EnvironmentProvision: Sendable, Hashable {
    /// An object of this type (simple name as written).
    case type(String)
    /// `T.member`: an object of `T` when `T` is an observable model, else anything.
    case staticMember(String)
    /// A property of a type declared in another file: its stored type, else anything.
    case property(owner: String, name: String)
    /// A call `.name(…)` in a chain: anything when `name` is a project view extension that applies
    /// environment objects, else nothing.
    case modifierFunction(String)
    /// `.modifier(M(…))`: anything when `M` applies environment objects, else nothing.
    case modifierType(String)
    /// Anything (the provided expression could not be resolved).
    case unknown
}

/// Who performs a construction.
public enum ViewSiteOwner: Sendable, Hashable {
    /// The members of a type or of its extensions (`isStatic` for static members).
    case type(String, isStatic: Bool)
    /// The body of the file's `#Preview` number `n`.
    case preview(Int)
    /// The `rootView:` of the file's hosting controller number `n`.
    case hosting(Int)
}

/// One place where a view-like type may be constructed.
public struct ViewConstructionSite: Sendable {
    /// Simple name of the constructed type.
    public var target: String
    public var owner: ViewSiteOwner
    public var location: SourceLocation
    /// Provisions that reach the constructed view here.
    public var provisions: [EnvironmentProvision]
    /// Constructed types whose arguments or closures hold this site (`Card { Child() }` → `Card`).
    public var wrappers: [String]
}

/// What one file contributes to the view graph.
public struct ViewGraphSummary: Sendable {
    public var path: String
    public var sites: [ViewConstructionSite] = []
    /// Provisions a type applies to chains built from its own members (`content.environmentObject(x)`,
    /// `NavigationStack { list }.environmentObject(x)`): they may reach any view it shows, and the
    /// content passed into it.
    public var typeWideProvisions: [String: [EnvironmentProvision]] = [:]
    /// Types whose members apply environment objects anywhere.
    public var providingTypes: Set<String> = []
    /// Methods and properties of `extension View`/`Scene`/`ViewModifier` with what their code
    /// applies (environment objects, modifiers, other view extensions), to find those that provide.
    public var viewExtensionProvisions: [String: [EnvironmentProvision]] = [:]
    /// Where each `#Preview` stands.
    public var previews: [SourceLocation] = []
    /// Names of the types the file declares (not extends), to spot names declared twice.
    public var declaredTypes: [String] = []
    /// Each hosting controller that holds a construction: its type name and location.
    public var hostingSites: [(name: String, location: SourceLocation)] = []

    public init(path: String) { self.path = path }

    /// Extracts the view-graph part of a parsed file.
    public init(file: SourceFile) {
        var builder = ViewGraphBuilder(file: file)
        self = builder.build()
    }
}

/// The project-wide view graph. Read-only and thread-safe once built.
public final class ViewGraph: @unchecked Sendable {
    /// Where paths start: an `App`, a `Scene` nothing constructs, a preview or a hosting controller.
    public struct Root: Sendable {
        public var name: String
        public var path: String?
        public var location: SourceLocation?
    }

    /// A path from a root through constructed views (the last one is the queried view).
    public struct Path: Sendable {
        public var root: Root
        public var views: [String]
    }

    struct Edge {
        var target: String
        var provided: Set<String>
        var providesEverything: Bool
    }

    private var edges: [String: [Edge]] = [:]
    private var roots: [(root: Root, edges: [Edge])] = []
    /// For each root: 0 app, 1 scene or preview provider, 2 hosting controller, 3 preview.
    private var rootTiers: [Int] = []
    /// View names declared more than once in the project (private types in two files, nested
    /// types of two parents): the graph cannot tell them apart, so paths do not go through them.
    public private(set) var ambiguousNames: Set<String> = []

    /// An empty graph.
    public init() {}

    /// Number of roots and of edges between views (for statistics and tests).
    public var rootCount: Int { roots.count }
    public var edgeCount: Int { edges.values.reduce(0) { $0 + $1.count } }

    init(summaries: [ViewGraphSummary], index: ProjectIndex) {
        var providingTypes = Set<String>()
        var extensionProvisions: [String: [EnvironmentProvision]] = [:]
        var typeWide: [String: [EnvironmentProvision]] = [:]
        var targets = Set<String>()
        var declared = Set<String>()
        for s in summaries {
            for name in s.declaredTypes where !declared.insert(name).inserted { ambiguousNames.insert(name) }
            for (name, p) in s.viewExtensionProvisions { extensionProvisions[name, default: []] += p }
            providingTypes.formUnion(s.providingTypes)
            for (t, p) in s.typeWideProvisions { typeWide[t, default: []] += p }
            for site in s.sites {
                if case .type(let owner, false) = site.owner, owner != site.target { targets.insert(site.target) }
            }
        }
        // View extensions that provide: directly, through a providing modifier, or through
        // another providing extension (to a fixed point, bounded).
        var providerFunctions = Set<String>()
        var changed = true, rounds = 0
        while changed, rounds < 32 {
            changed = false
            rounds += 1
            for (name, list) in extensionProvisions where !providerFunctions.contains(name) {
                let provides = list.contains { p in
                    switch p {
                    case .modifierFunction(let f): return providerFunctions.contains(f)
                    case .modifierType(let m): return providingTypes.contains(m)
                    default: return true
                    }
                }
                if provides { providerFunctions.insert(name); changed = true }
            }
        }
        func resolve(_ list: [EnvironmentProvision], into edge: inout Edge) {
            for p in list where !edge.providesEverything {
                switch p {
                case .type(let n):
                    // A protocol-typed value is some conforming object: anything.
                    if index.kind(of: n) == .protocol { edge.providesEverything = true } else { edge.provided.insert(n) }
                case .staticMember(let n):
                    if index.isObservableModel(n) { edge.provided.insert(n) } else { edge.providesEverything = true }
                case .property(let owner, let name):
                    if let t = index.symbol(owner)?.storedProperties.first(where: { $0.name == name })?.typeName { edge.provided.insert(t) } else { edge.providesEverything = true }
                case .modifierFunction(let n): if providerFunctions.contains(n) { edge.providesEverything = true }
                case .modifierType(let n): if providingTypes.contains(n) { edge.providesEverything = true }
                case .unknown: edge.providesEverything = true
                }
            }
        }
        func isApp(_ n: String) -> Bool { index.conforms(n) { $0 == "App" } }
        func isPreviewProvider(_ n: String) -> Bool { index.conforms(n) { $0 == "PreviewProvider" } }
        var typeRoots: [String: [Edge]] = [:]
        var otherRoots: [(root: Root, edges: [Edge])] = []
        for s in summaries {
            var previewEdges: [Int: [Edge]] = [:], hostingEdges: [Int: [Edge]] = [:]
            for site in s.sites where index.isViewLike(site.target) {
                var edge = Edge(target: site.target, provided: [], providesEverything: false)
                resolve(site.provisions, into: &edge)
                for w in site.wrappers where index.isViewLike(w) { resolve(typeWide[w] ?? [], into: &edge) }
                switch site.owner {
                case .type(let owner, let isStatic):
                    resolve(typeWide[owner] ?? [], into: &edge)
                    if isPreviewProvider(owner) { typeRoots[owner, default: []].append(edge); continue }
                    // Static members (factories, fixtures) are not part of the view's hierarchy.
                    guard !isStatic else { continue }
                    if isApp(owner) { typeRoots[owner, default: []].append(edge); continue }
                    guard index.isViewLike(owner) else { continue }
                    edges[owner, default: []].append(edge)
                    // A Scene that nothing constructs is where its windows start.
                    if index.isAppOrScene(owner), !targets.contains(owner) { typeRoots[owner, default: []].append(edge) }
                case .preview(let n): previewEdges[n, default: []].append(edge)
                case .hosting(let n): hostingEdges[n, default: []].append(edge)
                }
            }
            for (n, e) in hostingEdges.sorted(by: { $0.key < $1.key }) where n < s.hostingSites.count {
                otherRoots.append((Root(name: s.hostingSites[n].name, path: s.path, location: s.hostingSites[n].location), e))
            }
            for (n, e) in previewEdges.sorted(by: { $0.key < $1.key }) where n < s.previews.count {
                otherRoots.append((Root(name: "#Preview", path: s.path, location: s.previews[n]), e))
            }
        }
        for name in typeRoots.keys.sorted() {
            let sym = index.symbol(name)
            roots.append((Root(name: name, path: sym?.declarationPath, location: sym?.declarationLocation), typeRoots[name] ?? []))
            rootTiers.append(isApp(name) ? 0 : 1)
        }
        for r in otherRoots {
            roots.append(r)
            rootTiers.append(r.root.name == "#Preview" ? 3 : 2)
        }
    }

    /// A path from some root to `view` on which no construction provides an environment object of
    /// type `required`, or nil when every path provides one (or no root reaches `view`).
    /// `matches(provided)` tells whether a provided type satisfies the requirement.
    public func pathWithout(_ matches: (String) -> Bool, to view: String) -> Path? {
        // Roots in tiers (apps, then scenes and preview providers, hosting controllers, previews),
        // so that the reported path is the most telling one.
        for tier in 0..<4 {
            let sources = roots.indices.filter { rootTiers[$0] == tier }
            if !sources.isEmpty, let p = search(from: sources, matches: matches, to: view) { return p }
        }
        return nil
    }

    /// Breadth-first over the edges that do not provide the object, from `sources`.
    private func search(from sources: [Int], matches: (String) -> Bool, to view: String) -> Path? {
        func blocked(_ e: Edge) -> Bool { e.providesEverything || e.provided.contains(where: matches) }
        var parent: [String: (from: String?, root: Int)] = [:]
        var queue: [String] = []
        for r in sources {
            for e in roots[r].edges where !blocked(e) && parent[e.target] == nil && !ambiguousNames.contains(e.target) {
                parent[e.target] = (nil, r)
                queue.append(e.target)
            }
        }
        var head = 0
        while head < queue.count, parent[view] == nil {
            let node = queue[head]
            head += 1
            for e in edges[node] ?? [] where !blocked(e) && parent[e.target] == nil && !ambiguousNames.contains(e.target) {
                parent[e.target] = (node, parent[node]!.root)
                queue.append(e.target)
            }
        }
        guard let end = parent[view] else { return nil }
        var views = [view]
        var cursor = end.from
        var steps = 0
        while let c = cursor, steps < 10_000 {
            views.append(c)
            cursor = parent[c]?.from
            steps += 1
        }
        return Path(root: roots[end.root].root, views: views.reversed())
    }
}

/// Extracts a file's construction sites and provisions.
struct ViewGraphBuilder {
    let file: SourceFile
    var summary: ViewGraphSummary

    init(file: SourceFile) {
        self.file = file
        self.summary = ViewGraphSummary(path: file.path)
    }

    static let hostingTypes: Set<String> = ["UIHostingController", "NSHostingController", "NSHostingView", "UIHostingConfiguration"]
    /// Framework types that are never project views; skipping them keeps summaries small.
    static let frameworkTypes: Set<String> = [
        "Text", "Image", "Button", "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid",
        "List", "ForEach", "Section", "NavigationStack", "NavigationView", "NavigationLink", "NavigationSplitView",
        "Label", "Spacer", "Divider", "Group", "ScrollView", "Color", "Toggle", "Picker", "TextField", "SecureField",
        "Form", "ProgressView", "Binding", "URL", "Date", "UUID", "String", "Int", "Double", "Bool", "Array", "Set",
        "Dictionary", "Task", "Menu", "TabView", "GeometryReader", "AsyncImage", "RoundedRectangle", "Circle",
        "Rectangle", "Capsule", "LabeledContent", "ContentUnavailableView", "ToolbarItem", "ToolbarItemGroup",
        "WindowGroup", "EmptyView", "AnyView", "CGFloat", "CGSize", "CGPoint", "CGRect", "Font", "Animation",
        "EdgeInsets", "GridItem", "Stepper", "Slider", "DatePicker", "Link", "ShareLink", "TextEditor", "Result",
    ]

    mutating func build() -> ViewGraphSummary {
        for t in file.tree.allTypes where t.kind != .protocol {
            let owner = t.kind == .extension ? t.extendedBaseName : t.name
            let extendsViews = t.kind == .extension && ["View", "Scene", "ViewModifier"].contains(t.extendedBaseName)
            var provides = false
            for m in t.members {
                var ranges: [(TokenRange, FunctionDecl?, Bool, String)] = []
                switch m {
                case .function(let f):
                    if let b = f.bodyTokens { ranges.append((b, f, f.header.isStatic, f.name)) }
                case .variable(let v):
                    if let o = v.accessorOpen, let c = v.accessorClose, o < c { ranges.append(((o + 1)..<c, nil, v.isStatic, v.name)) }
                    if let r = v.initializer { ranges.append((r, nil, v.isStatic, v.name)) }
                default:
                    break
                }
                for (range, function, isStatic, memberName) in ranges {
                    scan(range, owner: .type(owner, isStatic: isStatic), in: Context(type: t, function: function, range: range))
                    if appliesEnvironment(range) { provides = true }
                    if extendsViews {
                        let used = findChains(in: range).flatMap { provisionsOf($0, in: Context(type: t, function: function, range: range)) }
                        if !used.isEmpty { summary.viewExtensionProvisions[memberName, default: []] += Array(Set(used)) }
                    }
                }
            }
            if provides { summary.providingTypes.insert(owner) }
            if t.kind != .extension { summary.declaredTypes.append(t.name) }
        }
        // Top-level code matters only for hosting controllers.
        for m in file.tree.declarations {
            switch m {
            case .function(let f): if let b = f.bodyTokens { scan(b, owner: nil, in: Context(type: nil, function: f, range: b)) }
            case .variable(let v): if let r = v.initializer { scan(r, owner: nil, in: Context(type: nil, function: nil, range: r)) }
            default: break
            }
        }
        for p in file.tree.previewBodies {
            var pound = p.open - 1
            if file.kind(pound) == .rightParen, let o = file.partner(pound) { pound = o - 1 }
            summary.previews.append(file.location(ofToken: pound))
            let range = (p.open + 1)..<p.close
            scan(range, owner: .preview(summary.previews.count - 1), in: Context(type: nil, function: nil, range: range))
        }
        return summary
    }

    /// The declaration context of a code range, for resolving provided expressions.
    struct Context {
        var type: TypeDecl?
        var function: FunctionDecl?
        var range: TokenRange
    }

    /// A postfix chain: a base (`Foo(…) { … }`, `content`, `self`) and its `.member` components.
    struct Chain {
        var start: Int
        var end: Int
        /// The constructed type when the base is a construction.
        var constructed: String?
        /// End of the base construction (its arguments and trailing closures).
        var baseEnd: Int
        /// The base is a name that is not a type (`content`, `self`, `makeList()`).
        var memberBase: Bool
        /// `(name, token, arguments inside parens)` of each component after the base.
        var components: [(name: String, token: Int, arguments: TokenRange?)]
    }

    // MARK: Scanning

    mutating func scan(_ range: TokenRange, owner: ViewSiteOwner?, in context: Context) {
        let chains = findChains(in: range)
        var stack: [Int] = []
        var next = 0
        var hostingIndex: [Int: Int] = [:]
        var cache: [Int: [EnvironmentProvision]] = [:]
        var typeWideChecked = Set<Int>()
        func provisions(_ c: Int) -> [EnvironmentProvision] {
            if let p = cache[c] { return p }
            let p = provisionsOf(chains[c], in: context)
            cache[c] = p
            return p
        }
        // Chains that show member content spread their provisions over the whole type.
        func checkTypeWide(_ c: Int) {
            guard case .type(let ownerName, _)? = owner, typeWideChecked.insert(c).inserted else { return }
            let own = provisions(c)
            guard !own.isEmpty, referencesMemberContent(chains[c], in: context) else { return }
            summary.typeWideProvisions[ownerName, default: []] += own
        }
        for s in range where isConstruction(s) {
            while next < chains.count, chains[next].start <= s {
                while let top = stack.last, chains[top].end <= chains[next].start { stack.removeLast() }
                stack.append(next)
                next += 1
            }
            while let top = stack.last, chains[top].end <= s { stack.removeLast() }
            let target = file.name(s)
            if ViewGraphBuilder.frameworkTypes.contains(target) || ViewGraphBuilder.hostingTypes.contains(target) { continue }
            var siteOwner = owner
            var provided: [EnvironmentProvision] = []
            var wrappers: [String] = []
            for c in stack.reversed() {
                let chain = chains[c]
                if let h = chain.constructed, ViewGraphBuilder.hostingTypes.contains(h), s > chain.start, s < chain.baseEnd {
                    // Environment does not flow into a new hosting controller: its content is a root.
                    if hostingIndex[chain.start] == nil {
                        summary.hostingSites.append((h, file.location(ofToken: chain.start)))
                        hostingIndex[chain.start] = summary.hostingSites.count - 1
                    }
                    siteOwner = .hosting(hostingIndex[chain.start]!)
                    break
                }
                provided += provisions(c)
                if let w = chain.constructed, s > chain.start, s < chain.baseEnd, !ViewGraphBuilder.frameworkTypes.contains(w) { wrappers.append(w) }
            }
            guard let o = siteOwner else { continue }
            var seen = Set<EnvironmentProvision>()
            provided = provided.filter { seen.insert($0).inserted }
            summary.sites.append(ViewConstructionSite(target: target, owner: o, location: file.location(ofToken: s), provisions: provided, wrappers: wrappers))
        }
        for c in chains.indices where !chains[c].components.isEmpty || chains[c].memberBase { checkTypeWide(c) }
        if case .type(let ownerName, _)? = owner, let list = summary.typeWideProvisions[ownerName] {
            var seen = Set<EnvironmentProvision>()
            summary.typeWideProvisions[ownerName] = list.filter { seen.insert($0).inserted }
        }
    }

    /// `Foo(…)`, `Foo { … }`, `Foo<T>(…)`, `Foo.init(…)`, not after a `.`.
    func isConstruction(_ i: Int) -> Bool {
        guard file.kind(i) == .identifier, file.kind(i - 1) != .period, file.kind(i - 1) != .at, file.beginsWithCapital(i) else { return false }
        var n = i + 1
        if file.isText(n, "<"), !file.tokens[n].hasSpaceBefore, let close = (n..<min(file.tokens.count, n + 32)).first(where: { file.isText($0, ">") }) { n = close + 1 }
        if file.kind(n) == .period, file.isWord(n + 1, "init") { n += 2 }
        return (file.kind(n) == .leftParen && !file.tokens[n].hasSpaceBefore) || file.isClosureOpen(n)
    }

    func findChains(in range: TokenRange) -> [Chain] {
        var out: [Chain] = []
        for i in range {
            let k = file.kind(i)
            guard k == .identifier || file.isWord(i, "self") else { continue }
            let p = file.kind(i - 1)
            if p == .period || p == .at || p == .backslash || file.kind(i + 1) == .colon { continue }
            if let c = chain(at: i, limit: range.upperBound) { out.append(c) }
        }
        return out
    }

    /// The chain starting at `i`; nil when nothing follows a plain name (a bare value).
    func chain(at i: Int, limit: Int) -> Chain? {
        let isType = file.beginsWithCapital(i)
        var j = i + 1
        var constructed: String? = nil
        if isType, isConstruction(i) {
            constructed = file.name(i)
            if file.isText(j, "<"), let close = (j..<min(limit, j + 32)).first(where: { file.isText($0, ">") }) { j = close + 1 }
            if file.kind(j) == .period, file.isWord(j + 1, "init") { j += 2 }
        }
        if file.kind(j) == .leftParen, !file.tokens[j].hasSpaceBefore { j = after(j, limit) }
        j = skipTrailingClosures(from: j, limit: limit)
        let baseEnd = j
        var components: [(String, Int, TokenRange?)] = []
        var steps = 0
        while j < limit, steps < 512 {
            steps += 1
            let k = file.kind(j)
            if k == .period, file.kind(j + 1) == .identifier || file.kind(j + 1) == .keyword {
                let nameToken = j + 1
                j += 2
                var args: TokenRange? = nil
                if file.kind(j) == .leftParen, !file.tokens[j].hasSpaceBefore, let close = file.partner(j), close < limit {
                    args = (j + 1)..<close
                    j = close + 1
                }
                j = skipTrailingClosures(from: j, limit: limit)
                components.append((file.name(nameToken), nameToken, args))
                continue
            }
            if (k == .leftBracket || k == .leftParen) && !file.tokens[j].hasSpaceBefore { j = after(j, limit); continue }
            if k == .operator, file.isText(j, "?") || file.isText(j, "!"), !file.tokens[j].hasSpaceBefore { j += 1; continue }
            break
        }
        // A bare name (`homeStore`) is not a chain; a call of an implicit-self member is.
        if constructed == nil && components.isEmpty && baseEnd == i + 1 { return nil }
        return Chain(start: i, end: j, constructed: constructed, baseEnd: baseEnd, memberBase: !isType, components: components)
    }

    func after(_ i: Int, _ limit: Int) -> Int {
        if let p = file.partner(i), p > i { return min(p + 1, limit) }
        return min(i + 1, limit)
    }

    /// Past trailing closures, including labelled extra ones (`} label: { … }`).
    func skipTrailingClosures(from start: Int, limit: Int) -> Int {
        var j = start
        while j < limit {
            if file.isClosureOpen(j) { j = after(j, limit); continue }
            if file.kind(j - 1) == .rightBrace, file.kind(j) == .identifier, file.kind(j + 1) == .colon, file.isClosureOpen(j + 2) { j = after(j + 2, limit); continue }
            break
        }
        return j
    }

    // MARK: Provisions

    /// What the chain's modifiers may provide: environment objects, custom modifiers.
    func provisionsOf(_ chain: Chain, in context: Context) -> [EnvironmentProvision] {
        var out: [EnvironmentProvision] = []
        var parts = chain.components.map { ($0.name, $0.arguments) }
        // `environmentObject(x)` written without a receiver, inside a view's own member.
        if chain.memberBase, file.kind(chain.start + 1) == .leftParen, let close = file.partner(chain.start + 1) {
            parts.insert((file.name(chain.start), (chain.start + 2)..<close), at: 0)
        }
        for (name, args) in parts {
            switch name {
            case "environmentObject":
                if let a = args { out.append(provided(by: a, in: context)) }
            case "environment":
                // `.environment(model)`; `.environment(\.locale, value)` sets a value, not an object.
                if let a = args, !a.isEmpty, file.kind(a.lowerBound) != .backslash, !hasTopLevelComma(a) { out.append(provided(by: a, in: context)) }
            case "modifier":
                if let a = args, let m = PropertySummary.constructedName(in: a, file: file) { out.append(.modifierType(m)) }
            default:
                out.append(.modifierFunction(name))
            }
        }
        return out
    }

    func hasTopLevelComma(_ r: TokenRange) -> Bool {
        var j = r.lowerBound
        while j < r.upperBound {
            if file.kind(j) == .comma { return true }
            let k = file.kind(j)
            if k == .leftParen || k == .leftBracket || k == .leftBrace { j = after(j, r.upperBound); continue }
            j += 1
        }
        return false
    }

    /// The type an argument expression provides: `T(…)`, `T.shared`, a property, local or parameter.
    func provided(by args: TokenRange, in context: Context) -> EnvironmentProvision {
        var lo = args.lowerBound
        let hi = args.upperBound
        while lo < hi, file.isWord(lo, "try") || file.isWord(lo, "await") { lo += 1 }
        guard lo < hi else { return .unknown }
        if let made = PropertySummary.constructedName(in: lo..<hi, file: file) { return .type(made) }
        if file.kind(lo) == .identifier, file.beginsWithCapital(lo), file.kind(lo + 1) == .period, file.kind(lo + 2) == .identifier {
            return .staticMember(file.name(lo))
        }
        var nameToken = lo
        if file.isWord(lo, "self"), file.kind(lo + 1) == .period { nameToken = lo + 2 }
        guard file.kind(nameToken) == .identifier, !file.beginsWithCapital(nameToken) else { return .unknown }
        var rest = nameToken + 1
        if file.isText(rest, "!") { rest += 1 }
        guard rest == hi else { return .unknown }
        return lookUp(file.name(nameToken), before: lo, viaSelf: nameToken != lo, in: context)
    }

    /// A name's type: a local `let`/`var` before `token`, a parameter, else a property of the type.
    func lookUp(_ name: String, before token: Int, viaSelf: Bool, in context: Context) -> EnvironmentProvision {
        if !viaSelf {
            var j = token - 1
            while j >= context.range.lowerBound {
                if (file.isWord(j, "let") || file.isWord(j, "var")), file.kind(j + 1) == .identifier, file.name(j + 1) == name {
                    if file.kind(j + 2) == .colon { return typeNamed(at: j + 3) }
                    if file.kind(j + 2) == .equal { return valueType(from: j + 3, end: token) }
                    return .unknown
                }
                j -= 1
            }
            if let p = context.function?.parameters.first(where: { $0.name == name }) {
                return p.type.map { concrete($0.baseName, in: context) } ?? .unknown
            }
        }
        guard let type = context.type else { return .unknown }
        if let v = type.variables.first(where: { $0.name == name }) {
            if let t = v.type { return concrete(t.baseName, in: context) }
            if let r = v.initializer, let made = PropertySummary.constructedName(in: r, file: file) { return .type(made) }
            return .unknown
        }
        return .property(owner: type.kind == .extension ? type.extendedBaseName : type.name, name: name)
    }

    /// A written type, unless it is a generic parameter (whose concrete type is unknown here).
    func concrete(_ name: String, in context: Context) -> EnvironmentProvision {
        if context.type?.genericParameters.contains(name) == true { return .unknown }
        if let f = context.function, file.isText(f.nameToken + 1, "<") {
            // `func make<S: Store>(store: S)`: the names right after `<` or `,` are generic parameters.
            var j = f.nameToken + 2
            while j < min(file.tokens.count, f.nameToken + 64), !file.isText(j, ">") {
                if file.kind(j) == .identifier, file.isText(j - 1, "<") || file.kind(j - 1) == .comma, file.name(j) == name { return .unknown }
                j += 1
            }
        }
        return .type(name)
    }

    func typeNamed(at i: Int) -> EnvironmentProvision {
        var j = i
        while file.isWord(j, "any") || file.isWord(j, "some") { j += 1 }
        guard file.kind(j) == .identifier, file.beginsWithCapital(j) else { return .unknown }
        return .type(file.name(j))
    }

    func valueType(from start: Int, end: Int) -> EnvironmentProvision {
        var lo = start
        while lo < end, file.isWord(lo, "try") || file.isWord(lo, "await") { lo += 1 }
        if let made = PropertySummary.constructedName(in: lo..<end, file: file) { return .type(made) }
        if file.kind(lo) == .identifier, file.beginsWithCapital(lo), file.kind(lo + 1) == .period, file.kind(lo + 2) == .identifier { return .staticMember(file.name(lo)) }
        return .unknown
    }

    /// Whether a chain shows content that its own tokens do not construct: its base is a member
    /// (`content.…`), a closure of it names something on its own (`NavigationStack { list }`), or
    /// an argument is a view-typed member (`Card(content: header)`).
    func referencesMemberContent(_ chain: Chain, in context: Context) -> Bool {
        if chain.memberBase { return true }
        let analysis = file.bodyAnalysis
        // The provided objects themselves are not content.
        let provided = chain.components.filter { $0.name == "environmentObject" || $0.name == "environment" }.compactMap(\.arguments)
        for t in chain.start..<chain.end where file.kind(t) == .identifier && !file.beginsWithCapital(t) && !provided.contains(where: { $0.contains(t) }) {
            let p = file.kind(t - 1)
            guard p != .period, file.kind(t + 1) != .colon else { continue }
            let c = Int(analysis.innermost[t])
            if c >= 0, chain.start < analysis.closures[c].open,
               p == .leftBrace || file.isWord(t - 1, "in") || file.tokens[t].isAtLineStart {
                return true
            }
            if p == .colon || p == .leftParen || p == .comma, file.kind(t + 1) == .comma || file.kind(t + 1) == .rightParen,
               isViewish(file.name(t), in: context) {
                return true
            }
        }
        return false
    }

    /// Whether a name passed as an argument may hold a view: a member or parameter whose type
    /// mentions `View` or a generic parameter; unknown names count.
    func isViewish(_ name: String, in context: Context) -> Bool {
        let generics = Set(context.type?.genericParameters ?? [])
        func viewish(_ t: TypeRef?) -> Bool {
            guard let t = t else { return true }
            return t.text.contains("View") || generics.contains(t.baseName)
        }
        if let p = context.function?.parameters.first(where: { $0.name == name }) { return viewish(p.type) }
        if let v = context.type?.variables.first(where: { $0.name == name }) {
            if v.type == nil, let r = v.initializer, let made = PropertySummary.constructedName(in: r, file: file) { return made.hasSuffix("View") }
            return viewish(v.type)
        }
        if let f = context.type?.functions.first(where: { $0.name == name }) { return viewish(f.returnType) }
        return true
    }

    /// Whether code applies an environment object (`environmentObject(…)`, `environment(model)`).
    func appliesEnvironment(_ range: TokenRange) -> Bool {
        for i in range where file.kind(i) == .identifier && file.kind(i + 1) == .leftParen {
            if file.isText(i, "environmentObject") { return true }
            if file.isText(i, "environment"), file.kind(i + 2) != .backslash { return true }
        }
        return false
    }
}

private extension SourceFile {
    /// Whether token `i` begins with an ASCII capital letter (a type name by convention).
    func beginsWithCapital(_ i: Int) -> Bool {
        guard i >= 0, i < tokens.count else { return false }
        var o = Int(tokens[i].start)
        if o < bytes.count, bytes[o] == UInt8(ascii: "`") { o += 1 }
        guard o < bytes.count else { return false }
        return bytes[o] >= UInt8(ascii: "A") && bytes[o] <= UInt8(ascii: "Z")
    }
}
