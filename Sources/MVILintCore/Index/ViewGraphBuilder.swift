/// Extraction of a file's view-graph summary: construction sites, the chains around them, provisions.

/// Extracts a file's construction sites and provisions. One builder serves one file on one
/// thread: its properties are accessed without exclusivity checks, which its loops paid for at
/// every read.
final class ViewGraphBuilder {
    let file: SourceFile
    /// Closure structure, computed only for files that can take part in the graph.
    /// Which braces are closures. The summary needs no callees, so unless a rule has already
    /// asked for the full analysis, a lighter one is computed and not cached on the file.
    var analysis: BodyAnalysis {
        if let a = _analysis { return a }
        let a = file._bodyAnalysis ?? BodyAnalyzer(file: file, describesClosures: false).run()
        _analysis = a
        return a
    }
    @exclusivity(unchecked) private var _analysis: BodyAnalysis? = nil
    @exclusivity(unchecked) var summary: ViewGraphSummary

    init(file: SourceFile) {
        self.file = file
        self.summary = ViewGraphSummary(path: file.path)
    }

    /// Names without which a file can neither declare, construct nor provide for a view.
    static let relevantNames: Set<String> = [
        "View", "Scene", "App", "ViewModifier", "PreviewProvider", "environmentObject", "environment",
        "UIHostingController", "NSHostingController", "NSHostingView", "UIHostingConfiguration",
    ]

    /// Whether the file mentions any of `relevantNames` or has a `#Preview` (a cheap filter that
    /// keeps model, data and domain files out of the costly part).
    func isRelevant() -> Bool {
        if !file.tree.previewBodies.isEmpty { return true }
        // Most files without views contain none of the names' bytes, which `memchr` tells fastest.
        guard file.bytes.withUnsafeBufferPointer({ hay in ViewGraphBuilder.relevantFragments.contains { $0.occurs(in: hay) } }) else { return false }
        let words = ViewGraphBuilder.relevantWords
        for i in file.tokens.indices where file.tokens[i].kind == .identifier {
            if file.isText(i, in: words) { return true }
        }
        return false
    }
    static let relevantWords = WordSet(Array(relevantNames))
    /// Parts that every name of `relevantNames` contains one of.
    static let relevantFragments: [FileScope.Needle] = ["View", "Scene", "App", "Preview", "environment", "Hosting"].map(FileScope.Needle.init)


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
    /// `frameworkTypes` and `hostingTypes`, compared as bytes.
    static let skippedTypeWords = WordSet(Array(frameworkTypes.union(hostingTypes)))
    /// Calls that are never project view extensions; skipping them keeps summaries small.
    static let frameworkCallWords = WordSet(Array(frameworkCalls))
    static let frameworkCalls: Set<String> = [
        "padding", "font", "foregroundStyle", "foregroundColor", "frame", "background", "overlay", "navigationTitle",
        "navigationBarTitleDisplayMode", "toolbar", "sheet", "fullScreenCover", "popover", "alert", "confirmationDialog",
        "task", "onAppear", "onDisappear", "onChange", "onTapGesture", "onReceive", "onSubmit", "refreshable",
        "searchable", "tag", "tabItem", "badge", "disabled", "opacity", "clipShape", "cornerRadius", "shadow",
        "buttonStyle", "listStyle", "tint", "accessibilityLabel", "navigationDestination", "swipeActions", "contextMenu",
        "animation", "transition", "fixedSize", "lineLimit", "multilineTextAlignment", "scaledToFit", "scaledToFill",
        "resizable", "presentationDetents", "environment", "environmentObject", "map", "compactMap", "flatMap", "filter",
        "reduce", "sorted", "first", "last", "contains", "append", "insert", "remove", "removeAll", "forEach", "send",
        "print", "sink", "store", "receive", "eraseToAnyPublisher", "formatted", "joined", "split", "prefix", "suffix",
        "min", "max", "count", "isEmpty", "init", "Task", "withAnimation", "dismiss", "fill", "stroke", "offset",
        "zIndex", "id", "controlSize", "labelStyle", "textFieldStyle", "pickerStyle", "submitLabel", "keyboardType",
        "textInputAutocapitalization", "autocorrectionDisabled", "focused", "onDelete", "onMove", "ignoresSafeArea",
        "safeAreaInset", "toolbarBackground", "scrollContentBackground", "listRowBackground", "listRowSeparator",
    ]

    func build() -> ViewGraphSummary {
        guard isRelevant() else { return summary }
        for t in file.tree.allTypes where t.kind != .protocol {
            let owner = t.kind == .extension ? t.extendedBaseName : t.name
            let extendsViews = t.kind == .extension && ["View", "Scene", "ViewModifier"].contains(t.extendedBaseName)
            var provides = false
            var typeCalls = Set<EnvironmentProvision>()
            // A preview provider's members are all static (`static var previews`), and its helpers
            // (`static func makeBadge()`) build what it shows: they count like a view's members.
            let isPreviewProvider = t.inherited.contains { $0.baseName == "PreviewProvider" }
            let declaresView = t.inheritsViewProtocol
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
                    let (calls, applies) = customCalls(in: range)
                    if applies { provides = true }
                    if !isStatic || isPreviewProvider { typeCalls.formUnion(calls) }
                    if extendsViews {
                        let hosts = selfHosts(in: range).map(EnvironmentProvision.host)
                        if applies || !calls.isEmpty || !hosts.isEmpty {
                            summary.viewExtensionProvisions[memberName, default: []] += (applies ? [.unknown] : []) + Array(calls) + hosts
                        }
                    } else if applies, !declaresView, let f = function, f.parameterOpen.map({ $0 + 1 }) != f.parameterClose {
                        // A method of another type that applies environment objects to what it is
                        // given (`container.inject(into: self)` from a view extension) counts like a
                        // view extension that does, as top-level functions do.
                        summary.viewExtensionProvisions[memberName, default: []] += [.unknown] + Array(calls)
                    }
                }
            }
            if provides { summary.providingTypes.insert(owner) }
            // SwiftUI puts the delegate that an app's adaptor makes into every scene's environment
            // (`@UIApplicationDelegateAdaptor(AppDelegate.self) var delegate`).
            for v in t.variables {
                guard let a = v.header.attributes.first(where: { ProjectIndex.delegateAdaptors.contains($0.baseName) }) else { continue }
                var delegate = v.type?.baseName
                if let args = a.arguments, let dotSelf = args.first(where: { file.isWord($0, "self") && file.kind($0 - 1) == .period }),
                   file.kind(dotSelf - 2) == .identifier {
                    delegate = file.name(dotSelf - 2)
                }
                if let d = delegate { typeCalls.insert(.type(d)) }
            }
            // A custom modifier used anywhere in a type may provide to anything the type shows.
            if !typeCalls.isEmpty { summary.typeWideProvisions[owner, default: []] += Array(typeCalls) }
        }
        // Top-level code matters only for hosting controllers, and for functions that apply
        // environment objects to the content they are given (`previewHost { Row() }`), which
        // count like view extensions that do.
        for m in file.tree.declarations {
            switch m {
            case .function(let f):
                guard let b = f.bodyTokens else { break }
                scan(b, owner: nil, in: Context(type: nil, function: f, range: b))
                let (calls, applies) = customCalls(in: b)
                if applies || !calls.isEmpty { summary.viewExtensionProvisions[f.name, default: []] += (applies ? [.unknown] : []) + Array(calls) }
            case .variable(let v): if let r = v.initializer { scan(r, owner: nil, in: Context(type: nil, function: nil, range: r)) }
            default: break
            }
        }
        for p in file.tree.previewBodies {
            var pound = p.open - 1
            if file.kind(pound) == .rightParen, let o = file.partner(pound) { pound = o - 1 }
            summary.previews.append(file.location(ofToken: pound))
            let range = (p.open + 1)..<p.close
            let first = summary.sites.count
            scan(range, owner: .preview(summary.previews.count - 1), in: Context(type: nil, function: nil, range: range))
            passHostProvisionsToLocalViews(in: range, sitesFrom: first)
            // `#Preview(traits: .modifier(SampleData()))`: a preview modifier may provide anything, and
            // so may a trait of the project (`static var sampleData: Self = .modifier(…)` in an
            // extension of `PreviewTrait`): any trait other than the system's layouts and orientations.
            if file.kind(p.open - 1) == .rightParen, let o = file.partner(p.open - 1),
               (o..<p.open).contains(where: { file.isText($0, "modifier") || (file.kind($0 - 1) == .period && file.kind($0) == .identifier
                   && !file.isName($0, in: ViewGraphBuilder.systemPreviewTraitWords) && isInTraitsArgument($0, open: o)) }) {
                for k in first..<summary.sites.count { summary.sites[k].provisions.append(.unknown) }
            }
        }
        for (t, list) in summary.typeWideProvisions {
            var seen = Set<EnvironmentProvision>()
            summary.typeWideProvisions[t] = list.filter { seen.insert($0).inserted }
        }
        return summary
    }

    /// A type declared inside a preview's body (`struct Host: View { var body: some View { Badge() } }`,
    /// shown as `Host().environmentObject(x)`) is not indexed: the views it constructs are
    /// recorded as the preview's. They are shown inside the host, so they get what the preview
    /// applies to every construction of the host there, or everything when the preview never
    /// constructs the host (then they are not shown at all).
    func passHostProvisionsToLocalViews(in range: TokenRange, sitesFrom first: Int) {
        guard summary.sites.count > first else { return }
        for i in range where file.kind(i) == .keyword && file.kind(i + 1) == .identifier
            && (file.isText(i, "struct") || file.isText(i, "class") || file.isText(i, "enum")) {
            var open = i + 2
            while open < range.upperBound, open < i + 256, file.kind(open) != .leftBrace { open += 1 }
            guard open < range.upperBound, file.kind(open) == .leftBrace, let close = file.partner(open), close > open else { continue }
            let name = file.name(i + 1)
            let lo = file.location(ofToken: open), hi = file.location(ofToken: close)
            var inside: [Int] = [], hosts: [Int] = []
            for k in first..<summary.sites.count {
                let at = summary.sites[k].location
                if lo < at && at < hi { inside.append(k) } else if summary.sites[k].target == name { hosts.append(k) }
            }
            guard !inside.isEmpty else { continue }
            let given: [EnvironmentProvision] = hosts.isEmpty ? [.unknown]
                : summary.sites[hosts[0]].provisions.filter { p in hosts.allSatisfy { summary.sites[$0].provisions.contains(p) } }
            for k in inside {
                for p in given where !summary.sites[k].provisions.contains(p) { summary.sites[k].provisions.append(p) }
            }
        }
    }

    /// The system's preview traits (layouts and orientations), which provide nothing.
    static let systemPreviewTraitWords = WordSet([
        "sizeThatFitsLayout", "fixedLayout", "defaultLayout", "portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight",
    ])

    /// Whether token `i` is inside the `traits:` argument of the `#Preview(…)` whose `(` is `open`.
    func isInTraitsArgument(_ i: Int, open: Int) -> Bool {
        var j = i - 1
        // Back to the nearest label at this depth (traits are variadic: `traits: .a, .b`).
        while j > open {
            if file.kind(j) == .rightParen || file.kind(j) == .rightBracket, let o = file.partner(j), o < j { j = o - 1; continue }
            if file.kind(j) == .colon { return file.isWord(j - 1, "traits") }
            j -= 1
        }
        return false
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

    /// Per code range: the innermost enclosing bracket of every token, and memoized chains.
    final class RangeState {
        let range: TokenRange
        @exclusivity(unchecked) var enclosing: [Int32]
        @exclusivity(unchecked) var chains: [Int: Chain] = [:]
        @exclusivity(unchecked) var noChain = Set<Int>()
        @exclusivity(unchecked) var provisions: [Int: [EnvironmentProvision]] = [:]
        init(range: TokenRange, file: SourceFile) {
            self.range = range
            enclosing = [Int32](repeating: -1, count: range.count)
            var stack: [Int32] = []
            for i in range {
                enclosing[i - range.lowerBound] = stack.last ?? -1
                switch file.kind(i) {
                case .leftParen, .leftBracket, .leftBrace: stack.append(Int32(i))
                case .rightParen, .rightBracket, .rightBrace:
                    if let top = stack.last, file.partner(Int(top)) == i { stack.removeLast() }
                default: break
                }
            }
        }
        func enclosingOpen(of i: Int) -> Int? {
            guard range.contains(i) else { return nil }
            let b = Int(enclosing[i - range.lowerBound])
            return b >= 0 ? b : nil
        }
    }

    func chain(at start: Int, in state: RangeState) -> Chain? {
        if let c = state.chains[start] { return c }
        if state.noChain.contains(start) { return nil }
        let c = chain(at: start, limit: state.range.upperBound)
        if let c = c { state.chains[start] = c } else { state.noChain.insert(start) }
        return c
    }

    func provisions(of c: Chain, in state: RangeState, context: Context) -> [EnvironmentProvision] {
        if let p = state.provisions[c.start] { return p }
        let p = provisionsOf(c, in: context)
        state.provisions[c.start] = p
        return p
    }

    /// The chains around token `s`, innermost first: its own, then the chain owning each
    /// enclosing bracket (the call whose arguments or trailing closure hold it).
    func chains(around s: Int, in state: RangeState) -> [Chain] {
        var out: [Chain] = []
        if let own = chain(at: s, in: state) { out.append(own) }
        var pos = s
        var steps = 0
        while steps < 128, let b = state.enclosingOpen(of: pos) {
            steps += 1
            var ownerEnd: Int? = nil
            switch file.kind(b) {
            case .leftParen, .leftBracket:
                if !file.tokens[b].hasSpaceBefore, isChainEnd(b - 1) {
                    ownerEnd = b - 1
                } else if file.kind(b) == .leftParen, let c = parenthesisedChain(at: b, limit: state.range.upperBound) {
                    // `( ZStack { … }.popover { Row() } ).environment(model)`: a grouping
                    // parenthesis, whose modifiers apply to all it holds.
                    out.append(c)
                    pos = b
                    continue
                }
            case .leftBrace:
                guard isClosureOpen(b) else { break }
                if file.kind(b - 1) == .colon, file.kind(b - 3) == .rightBrace { ownerEnd = b - 3 } else if isChainEnd(b - 1) { ownerEnd = b - 1 }
            default:
                break
            }
            if let e = ownerEnd, e >= state.range.lowerBound {
                let start = file.chain(endingAt: e).start
                if start >= state.range.lowerBound, start < b, let c = chain(at: start, in: state), c.end > b {
                    out.append(c)
                    pos = c.start
                    continue
                }
            }
            pos = b
        }
        return out
    }

    /// The identifier tokens of the file that a call or a construction can start at: those
    /// followed by `(`, `{`, an operator starting with `<` (generic arguments) or `.init`. The
    /// scans of each member look only at these, in order, instead of at every token.
    private var candidates: [Int32] {
        if let c = _candidates { return c }
        let c = findCandidates()
        _candidates = c
        return c
    }
    @exclusivity(unchecked) private var _candidates: [Int32]? = nil

    private func findCandidates() -> [Int32] {
        var out: [Int32] = []
        file.tokens.withUnsafeBufferPointer { t in
            file.bytes.withUnsafeBufferPointer { b in
                guard t.count >= 2 else { return }
                for i in 0..<(t.count - 1) where t[i].kind == .identifier {
                    let next = t[i + 1]
                    switch next.kind {
                    case .leftParen, .leftBrace:
                        out.append(Int32(i))
                    case .operator where b[Int(next.start)] == UInt8(ascii: "<"):
                        out.append(Int32(i))
                    case .period where i + 2 < t.count && t[i + 2].kind == .keyword:
                        out.append(Int32(i))
                    default:
                        break
                    }
                }
            }
        }
        return out
    }

    /// `candidates` that lie in `range`.
    func callCandidates(in range: TokenRange) -> ArraySlice<Int32> {
        let all = candidates
        // The first candidate at or after `token`, by bisection.
        func first(atLeast token: Int, from start: Int) -> Int {
            var lo = start, hi = all.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if Int(all[mid]) < token { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        let lo = first(atLeast: range.lowerBound, from: 0)
        return all[lo..<first(atLeast: range.upperBound, from: lo)]
    }

    func isChainEnd(_ j: Int) -> Bool {
        switch file.kind(j) {
        case .identifier, .rightParen, .rightBracket, .rightBrace: return true
        case .keyword: return file.isWord(j, "self")
        case .operator: return (file.isText(j, "?") || file.isText(j, "!")) && !file.tokens[j].hasSpaceBefore
        default: return false
        }
    }

    func isClosureOpen(_ i: Int) -> Bool {
        // The kind first: asking for `analysis` computes it, which files with no `.name {` or
        // `Name {` never need.
        guard file.kind(i) == .leftBrace, i < analysis.innermost.count else { return false }
        let c = Int(analysis.innermost[i])
        return c >= 0 && analysis.closures[c].open == i
    }

    func scan(_ range: TokenRange, owner: ViewSiteOwner?, in context: Context) {
        guard !range.isEmpty else { return }
        var lazyState: RangeState? = nil
        func state() -> RangeState {
            if let s = lazyState { return s }
            let s = RangeState(range: range, file: file)
            lazyState = s
            return s
        }
        var hostingIndex: [Int: Int] = [:]
        let sitesBefore = summary.sites.count
        let skipped = ViewGraphBuilder.skippedTypeWords
        // Only a capitalised name can be a construction (`isConstruction` asks it too, but the
        // byte test is cheaper than the word lookup). Framework and hosting types are ruled out by
        // their bytes next: no string, no closure map.
        for c in callCandidates(in: range) where file.beginsWithCapital(Int(c)) && !file.isName(Int(c), in: skipped) && isConstruction(Int(c)) {
            let s = Int(c)
            let target = file.name(s)
            let state = state()
            var siteOwner = owner
            var provided: [EnvironmentProvision] = []
            var wrappers: [String] = []
            for chain in chains(around: s, in: state) {
                if let h = chain.constructed, ViewGraphBuilder.hostingTypes.contains(h), s > chain.start, s < chain.baseEnd {
                    // Environment does not flow into a new hosting controller: its content is a root.
                    if hostingIndex[chain.start] == nil {
                        summary.hostingSites.append((h, file.location(ofToken: chain.start)))
                        hostingIndex[chain.start] = summary.hostingSites.count - 1
                    }
                    siteOwner = .hosting(hostingIndex[chain.start]!)
                    break
                }
                provided += provisions(of: chain, in: state, context: context)
                if let w = chain.constructed, s > chain.start, s < chain.baseEnd, !ViewGraphBuilder.frameworkTypes.contains(w) {
                    wrappers.append(w)
                    provided += argumentProvisions(of: chain, wrapping: s, in: context)
                }
            }
            guard let o = siteOwner else { continue }
            var seen = Set<EnvironmentProvision>()
            provided = provided.filter { seen.insert($0).inserted }
            summary.sites.append(ViewConstructionSite(target: target, owner: o, location: file.location(ofToken: s), provisions: provided, wrappers: wrappers))
        }
        // Environment applied to a chain that shows member content reaches the whole type.
        guard case .type(let ownerName, _)? = owner else { return }
        if summary.sites.count > sitesBefore, let type = context.type {
            for h in memberContentHosts(in: range, of: type, state: state) where h != ownerName {
                if summary.typeWideProvisions[ownerName]?.contains(.host(h)) != true { summary.typeWideProvisions[ownerName, default: []].append(.host(h)) }
            }
        }
        for c in callCandidates(in: range) where file.kind(Int(c) + 1) == .leftParen && (file.isText(Int(c), "environmentObject") || file.isText(Int(c), "environment")) {
            let i = Int(c)
            let state = state()
            let start = file.kind(i - 1) == .period ? file.chain(endingAt: i - 2).start : i
            guard let c = chain(at: start, in: state), c.end > i else {
                summary.typeWideProvisions[ownerName, default: []].append(.unknown)
                continue
            }
            let own = provisions(of: c, in: state, context: context).filter { p in
                if case .modifierFunction = p { return false }
                return true
            }
            if !own.isEmpty, referencesMemberContent(c, in: context) { summary.typeWideProvisions[ownerName, default: []] += own }
        }
    }

    /// Project types constructed in `range` whose closures or arguments show member content as a
    /// statement (`PlayerHost { mainArea() }`, `Frame { list }`, with `mainArea` and `list`
    /// members of `type`): what such a container applies to its content reaches the views that
    /// the member constructs, which the graph records as constructed by the type.
    func memberContentHosts(in range: TokenRange, of type: TypeDecl, state: () -> RangeState) -> [String] {
        var out: [String] = []
        var members: Set<String>? = nil
        for t in range where file.kind(t) == .identifier && !file.beginsWithCapital(t) && file.kind(t - 1) != .period && file.kind(t + 1) != .colon {
            guard file.kind(t - 1) == .leftBrace || file.isWord(t - 1, "in") || file.tokens[t].isAtLineStart else { continue }
            if members == nil { members = Set(type.functions.map(\.name) + type.variables.map(\.name)) }
            // The closure analysis last: a file whose members name none of the type's members
            // at the start of a statement (most initializers) never needs it.
            guard members!.contains(file.name(t)), analysis.innermost[t] >= 0 else { continue }
            addContainers(holding: t, in: state(), to: &out)
        }
        return out
    }

    /// Appends to `out` the project types whose construction holds token `t` in its arguments or
    /// closures (framework and hosting types left out), each once.
    func addContainers(holding t: Int, in state: RangeState, to out: inout [String]) {
        for chain in chains(around: t, in: state) {
            guard let w = chain.constructed, t > chain.start, t < chain.baseEnd else { continue }
            if ViewGraphBuilder.frameworkTypes.contains(w) || ViewGraphBuilder.hostingTypes.contains(w) { continue }
            if !out.contains(w) { out.append(w) }
        }
    }

    /// The types whose construction holds a bare `self` in `range`, innermost first
    /// (`RootView { self }`, `Frame(content: self)`); framework and hosting types are left out.
    func selfHosts(in range: TokenRange) -> [String] {
        var out: [String] = []
        var lazyState: RangeState? = nil
        for i in range where file.isWord(i, "self") && file.kind(i + 1) != .period {
            let state = lazyState ?? RangeState(range: range, file: file)
            lazyState = state
            addContainers(holding: i, in: state, to: &out)
        }
        return out
    }

    /// Custom modifiers called in a range: `.name(…)`, `.name { }`, implicit-self `name(…)`, and
    /// `.modifier(M(…))`; well-known framework calls are left out. Also whether the code applies
    /// an environment object (`environmentObject(…)`, `environment(model)`), found in the same pass.
    func customCalls(in range: TokenRange) -> (calls: [EnvironmentProvision], appliesEnvironment: Bool) {
        var out = UniqueList()
        var applies = false
        for c in callCandidates(in: range) {
            let i = Int(c)
            if !applies, file.kind(i + 1) == .leftParen,
               file.isText(i, "environmentObject") || (file.isText(i, "environment") && file.kind(i + 2) != .backslash) {
                applies = true
            }
            // A call `name(…)`, or `.name { … }` when the brace opens a trailing closure. Whether
            // it does takes the closure analysis, so it is asked last, of the names that matter.
            // Also `previewHost { … }`, a function given only a trailing closure.
            let parenthesised = file.kind(i + 1) == .leftParen && !file.tokens[i + 1].hasSpaceBefore
            guard parenthesised || file.kind(i + 1) == .leftBrace, !file.beginsWithCapital(i) else { continue }
            if file.isText(i, "modifier") || file.isText(i, "`modifier`") {
                guard parenthesised || isClosureOpen(i + 1) else { continue }
                if let close = file.partner(i + 1), let m = PropertySummary.constructedName(in: (i + 2)..<close, file: file) {
                    out.insert(.modifierType(m))
                    continue
                }
                // `modifier(Theme.all())`, `modifier(Theme.standard)`: a static factory or property of
                // the modifier type.
                if parenthesised, file.kind(i + 2) == .identifier, file.beginsWithCapital(i + 2) {
                    let last = file.lastCapitalisedComponent(from: i + 2)
                    if file.kind(last + 1) == .period, file.kind(last + 2) == .identifier, !file.beginsWithCapital(last + 2) {
                        out.insert(.modifierType(file.name(last)))
                        continue
                    }
                }
            }
            // Most calls are framework modifiers: compared as bytes, without making a string.
            if file.isName(i, in: ViewGraphBuilder.frameworkCallWords) { continue }
            guard parenthesised || (!endsCondition(member: i) && isClosureOpen(i + 1)) else { continue }
            out.insert(.modifierFunction(file.name(i)))
        }
        return (out.items, applies)
    }

    /// A list without repeats, in the order first seen: compared one by one while short (most
    /// members call a few names), through a set past that (one member may call thousands).
    struct UniqueList {
        private(set) var items: [EnvironmentProvision] = []
        private var seen: Set<EnvironmentProvision>? = nil
        mutating func insert(_ p: EnvironmentProvision) {
            if seen == nil {
                guard !items.contains(p) else { return }
                items.append(p)
                if items.count > 16 { seen = Set(items) }
            } else if seen!.insert(p).inserted {
                items.append(p)
            }
        }
    }

    /// Whether the member `name` at `i` ends the condition of an `if`, `while` or `switch`
    /// (`if model.isLoading {`), so that the `{` after it opens the statement's block: Swift
    /// allows no trailing closure there. Read backwards over the member chain (names, periods,
    /// `?`, `!`, balanced brackets) to the keyword, without the closure analysis; false when
    /// anything else comes first.
    func endsCondition(member i: Int) -> Bool {
        var j = i - 1
        var steps = 0
        while j >= 0, steps < 64 {
            steps += 1
            let k = file.kind(j)
            if k == .period || k == .identifier || file.isWord(j, "self") {
                j -= 1
            } else if k == .rightParen || k == .rightBracket, let open = file.partner(j), open < j {
                j = open - 1
            } else if k == .operator, file.isText(j, "?") || file.isText(j, "!") {
                j -= 1
            } else {
                break
            }
        }
        return file.isWord(j, "if") || file.isWord(j, "while") || file.isWord(j, "switch")
    }

    /// `Foo(…)`, `Foo { … }`, `Foo<T>(…)`, `Foo.init(…)`, not after a `.`, nor a type written
    /// before a body (`var footer: some View { … }`, `struct Wrapper: View { … }` declared in a
    /// function or a preview, whose braces are not a closure's).
    /// `some` or `any` before a type (`some View`), not a member of that name ending the line
    /// before (`let query = Query.any` and then `Host { … }`).
    func isExistentialKeyword(_ j: Int) -> Bool {
        (file.isWord(j, "some") || file.isWord(j, "any")) && file.kind(j - 1) != .period && !file.tokens[j + 1].isAtLineStart
    }

    func isConstruction(_ i: Int) -> Bool {
        guard file.kind(i) == .identifier, file.kind(i - 1) != .period, file.kind(i - 1) != .at, file.beginsWithCapital(i),
              !isExistentialKeyword(i - 1), file.kind(i - 1) != .arrow, !isInInheritanceClause(i) else { return false }
        var n = i + 1
        if file.isText(n, "<"), !file.tokens[n].hasSpaceBefore, let close = (n..<min(file.tokens.count, n + 32)).first(where: { file.isText($0, ">") }) { n = close + 1 }
        if file.kind(n) == .period, file.isWord(n + 1, "init") { n += 2 }
        return (file.kind(n) == .leftParen && !file.tokens[n].hasSpaceBefore) || isClosureOpen(n)
    }

    /// `View` in `struct Wrapper: View {` or `struct Wrapper: Sendable, View {`: a supertype.
    func isInInheritanceClause(_ i: Int) -> Bool {
        var j = i - 1
        while file.kind(j) == .comma, file.kind(j - 1) == .identifier, j > i - 32 { j -= 2 }
        guard file.kind(j) == .colon, file.kind(j - 1) == .identifier else { return false }
        let k = j - 2
        return file.isWord(k, "struct") || file.isWord(k, "class") || file.isWord(k, "enum") || file.isWord(k, "actor")
            || file.isWord(k, "extension") || file.isWord(k, "protocol")
    }

    /// The chain starting at `i`; nil when nothing follows a plain name (a bare value).
    func chain(at i: Int, limit: Int) -> Chain? {
        guard file.kind(i) == .identifier || file.isWord(i, "self") else { return nil }
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
        let (components, end) = modifierComponents(from: j, limit: limit)
        // A bare name (`homeStore`) is not a chain; a call of an implicit-self member is.
        if constructed == nil && components.isEmpty && baseEnd == i + 1 { return nil }
        return Chain(start: i, end: end, constructed: constructed, baseEnd: baseEnd, memberBase: !isType, components: components)
    }

    /// `( … ).environment(x)`: the chain whose base is the parenthesised expression at `open`, or
    /// nil when no member follows it.
    func parenthesisedChain(at open: Int, limit: Int) -> Chain? {
        guard file.kind(open) == .leftParen, let close = file.partner(open), close > open, close < limit else { return nil }
        let (components, end) = modifierComponents(from: close + 1, limit: limit)
        guard !components.isEmpty else { return nil }
        return Chain(start: open, end: end, constructed: nil, baseEnd: close + 1, memberBase: false, components: components)
    }

    /// The `.name(…) { … }` components from `start`, and where they end.
    func modifierComponents(from start: Int, limit: Int) -> ([(name: String, token: Int, arguments: TokenRange?)], Int) {
        var j = start
        var components: [(name: String, token: Int, arguments: TokenRange?)] = []
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
            // A postfix `#if` (`.environmentObject(a)` then `#if os(macOS) .environmentObject(b) #endif`):
            // the members of every branch, and those after `#endif`, belong to the chain. A
            // directive that no member follows ends it where it stands.
            if k == .poundKeyword, var n = file.conditionalDirectiveEnd(j, end: limit) {
                while n < limit, let next = file.conditionalDirectiveEnd(n, end: limit) { n = next }
                if file.kind(n) == .period { j = n; continue }
            }
            break
        }
        return (components, j)
    }

    func after(_ i: Int, _ limit: Int) -> Int {
        if let p = file.partner(i), p > i { return min(p + 1, limit) }
        return min(i + 1, limit)
    }

    /// Past trailing closures, including labelled extra ones (`} label: { … }`).
    func skipTrailingClosures(from start: Int, limit: Int) -> Int {
        var j = start
        while j < limit {
            if isClosureOpen(j) { j = after(j, limit); continue }
            if file.kind(j - 1) == .rightBrace, file.kind(j) == .identifier, file.kind(j + 1) == .colon, isClosureOpen(j + 2) { j = after(j + 2, limit); continue }
            break
        }
        return j
    }

    // MARK: Provisions

    /// Whether the file imports Spezi or one of its modules (`SpeziScheduler`, which re-export
    /// it), whose modifiers provide the modules the app configures.
    lazy var importsSpezi = file.tree.imports.contains { $0.hasPrefix("Spezi") }

    /// What the chain's modifiers may provide: environment objects, custom modifiers.
    func provisionsOf(_ chain: Chain, in context: Context) -> [EnvironmentProvision] {
        var out: [EnvironmentProvision] = []
        var parts = chain.components.map { ($0.name, $0.arguments) }
        // `environmentObject(x)` written without a receiver, inside a view's own member.
        if chain.memberBase, file.kind(chain.start + 1) == .leftParen, let close = file.partner(chain.start + 1) {
            parts.insert((file.name(chain.start), (chain.start + 2)..<close), at: 0)
        } else if chain.memberBase, file.kind(chain.start) == .identifier, isClosureOpen(chain.start + 1) {
            // `previewHost { … }`: a function given only a trailing closure.
            parts.insert((file.name(chain.start), nil), at: 0)
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
            case "spezi" where importsSpezi, "previewWith" where importsSpezi:
                // Spezi's root modifier (`.spezi(appDelegate)`) and preview helper put the modules
                // it configures into the environment: any of them.
                out.append(.unknown)
            default:
                out.append(.modifierFunction(name))
            }
        }
        return out
    }

    /// The values passed in the parentheses of a wrapping construction (`Provider(store: store)`,
    /// `Provider(AppModel())`) when `site` stands in its trailing closures, as `.argument`s. Only
    /// names and constructions count: literals, closures and member lookups (`.default`) are left out.
    func argumentProvisions(of chain: Chain, wrapping site: Int, in context: Context) -> [EnvironmentProvision] {
        guard let w = chain.constructed else { return [] }
        var open = chain.start + 1
        if file.isText(open, "<"), let close = (open..<min(chain.baseEnd, open + 32)).first(where: { file.isText($0, ">") }) { open = close + 1 }
        if file.kind(open) == .period, file.isWord(open + 1, "init") { open += 2 }
        guard file.kind(open) == .leftParen, !file.tokens[open].hasSpaceBefore, let close = file.partner(open), close < site else { return [] }
        var out: [EnvironmentProvision] = []
        var lo = open + 1
        var j = lo
        while j <= close {
            let k = file.kind(j)
            if j == close || k == .comma {
                var start = lo
                // Skip an argument label (`store:`).
                if file.kind(start + 1) == .colon, start + 2 < j { start += 2 }
                if start < j {
                    switch provided(by: start..<j, in: context) {
                    case .type(let n): out.append(.argument(of: w, .type(n)))
                    case .property(let owner, let name): out.append(.argument(of: w, .property(owner: owner, name: name)))
                    default: break
                    }
                }
                lo = j + 1
                j += 1
                continue
            }
            if k == .leftParen || k == .leftBracket || k == .leftBrace { j = after(j, close); continue }
            j += 1
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
        var base: EnvironmentProvision
        var rest: Int
        if file.kind(lo) == .identifier, file.beginsWithCapital(lo), file.kind(lo + 1) == .period, file.kind(lo + 2) == .identifier {
            // `AppModel.shared`; `Services.shared.listModel` is a member of the shared instance,
            // and a member of any other static member (or a call) is not known here.
            if lo + 3 == hi { return .staticMember(file.name(lo), member: file.name(lo + 2)) }
            guard PropertySummary.sharedInstanceNames.contains(file.name(lo + 2)) else { return .unknown }
            base = .type(file.name(lo))
            rest = lo + 3
        } else {
            var nameToken = lo
            if file.isWord(lo, "self"), file.kind(lo + 1) == .period { nameToken = lo + 2 }
            guard file.kind(nameToken) == .identifier, !file.beginsWithCapital(nameToken) else { return .unknown }
            base = lookUp(file.name(nameToken), before: lo, viaSelf: nameToken != lo, in: context)
            rest = nameToken + 1
        }
        if file.isText(rest, "!") { rest += 1 }
        // `app.session`, `model.settings!.theme`: stored properties of what the name holds.
        var members: [String] = []
        while rest + 1 < hi, members.count < 4, file.kind(rest) == .period, file.kind(rest + 1) == .identifier, !file.beginsWithCapital(rest + 1) {
            members.append(file.name(rest + 1))
            rest += 2
            if file.isText(rest, "!") || (file.isText(rest, "?") && rest + 1 < hi) { rest += 1 }
        }
        guard rest == hi else { return .unknown }
        for m in members { base = .member(of: base, name: m) }
        return base
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
            if let p = context.function.map({ file.parameters(of: $0) })?.first(where: { $0.name == name }) {
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
        // `T.member` alone on its line (not a call, not a longer chain).
        if file.kind(lo) == .identifier, file.beginsWithCapital(lo), file.kind(lo + 1) == .period, file.kind(lo + 2) == .identifier,
           lo + 3 >= end || file.tokens[lo + 3].isAtLineStart || file.kind(lo + 3) == .semicolon || file.kind(lo + 3) == .rightBrace {
            return .staticMember(file.name(lo), member: file.name(lo + 2))
        }
        return .unknown
    }

    /// Whether a chain shows content that its own tokens do not construct: its base is a member
    /// (`content.…`), a closure of it names something on its own (`NavigationStack { list }`), or
    /// an argument is a view-typed member (`Card(content: header)`).
    func referencesMemberContent(_ chain: Chain, in context: Context) -> Bool {
        if chain.memberBase { return true }
        // The provided objects themselves are not content.
        let provided = chain.components.filter { $0.name == "environmentObject" || $0.name == "environment" }.compactMap(\.arguments)
        for t in chain.start..<chain.end where file.kind(t) == .identifier && !file.beginsWithCapital(t) && !provided.contains(where: { $0.contains(t) }) {
            // `self.content()` names the member as `content()` does.
            let lead = file.kind(t - 1) == .period && file.isWord(t - 2, "self") && file.kind(t - 3) != .period ? t - 2 : t
            let p = file.kind(lead - 1)
            guard p != .period, file.kind(t + 1) != .colon else { continue }
            let c = Int(analysis.innermost[t])
            if c >= 0, chain.start < analysis.closures[c].open,
               p == .leftBrace || file.isWord(lead - 1, "in") || file.tokens[lead].isAtLineStart {
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
            return t.text.containsBytes("View") || generics.contains(t.baseName)
        }
        if let p = context.function.map({ file.parameters(of: $0) })?.first(where: { $0.name == name }) { return viewish(p.type) }
        if let v = context.type?.variables.first(where: { $0.name == name }) {
            if v.type == nil, let r = v.initializer, let made = PropertySummary.constructedName(in: r, file: file) { return made.hasSuffix("View") }
            return viewish(v.type)
        }
        if let f = context.type?.functions.first(where: { $0.name == name }) { return viewish(file.returnType(of: f)) }
        return true
    }
}
