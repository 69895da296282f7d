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
    @exclusivity(unchecked) var _analysis: BodyAnalysis? = nil
    /// Cache behind `candidates`.
    @exclusivity(unchecked) var _candidates: [Int32]? = nil
    /// Cache behind `memberNames(of:)`: the last type's.
    @exclusivity(unchecked) var _memberNames: MemberNames? = nil
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
    static let relevantFragments: [ByteSearch.Needle] = ["View", "Scene", "App", "Preview", "environment", "Hosting"].map(ByteSearch.Needle.init)


    static let hostingTypes: Set<String> = ["UIHostingController", "NSHostingController", "NSHostingView", "UIHostingConfiguration"]
    /// Framework types that are never project views; skipping them keeps summaries small:
    /// SwiftUI's views (`SwiftUIViews`), and values of Foundation, Core Graphics and SwiftUI.
    static let frameworkTypes: Set<String> = SwiftUIViews.names.union([
        "Binding", "URL", "Date", "UUID", "String", "Int", "Double", "Bool", "Array", "Set", "Dictionary", "Task",
        "CGFloat", "CGSize", "CGPoint", "CGRect", "Font", "Animation", "EdgeInsets", "GridItem", "Result",
    ])
    /// `frameworkTypes` and `hostingTypes`, compared as bytes.
    static let skippedTypeWords = WordSet(Array(frameworkTypes.union(hostingTypes)))
    /// Calls that are never project view extensions; skipping them keeps summaries small.
    static let frameworkCallWords = WordSet(Array(frameworkCalls))
    /// SwiftUI's event handlers (`SwiftUIEvents`), its other common modifiers, and calls of the
    /// standard library and Combine.
    static let frameworkCalls: Set<String> = SwiftUIEvents.names.union([
        "padding", "font", "foregroundStyle", "foregroundColor", "frame", "background", "overlay", "navigationTitle",
        "navigationBarTitleDisplayMode", "toolbar", "sheet", "fullScreenCover", "popover", "alert",
        "confirmationDialog", "searchable", "tag", "tabItem", "badge", "disabled", "opacity", "clipShape",
        "cornerRadius", "shadow", "buttonStyle", "listStyle", "tint", "accessibilityLabel", "navigationDestination",
        "swipeActions", "contextMenu", "animation", "transition", "fixedSize", "lineLimit", "multilineTextAlignment",
        "scaledToFit", "scaledToFill", "resizable", "presentationDetents", "environment", "environmentObject", "map",
        "compactMap", "flatMap", "filter", "reduce", "sorted", "first", "last", "contains", "append", "insert",
        "remove", "removeAll", "forEach", "send", "print", "sink", "store", "receive", "eraseToAnyPublisher",
        "formatted", "joined", "split", "prefix", "suffix", "min", "max", "count", "isEmpty", "init", "Task",
        "withAnimation", "dismiss", "fill", "stroke", "offset", "zIndex", "id", "controlSize", "labelStyle",
        "textFieldStyle", "pickerStyle", "submitLabel", "keyboardType", "textInputAutocapitalization",
        "autocorrectionDisabled", "focused", "ignoresSafeArea", "safeAreaInset", "toolbarBackground",
        "scrollContentBackground", "listRowBackground", "listRowSeparator",
    ])

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
            if !typeCalls.isEmpty { summary.typeWideProvisions[owner, default: []] += ViewGraphBuilder.ordered(typeCalls) }
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

    /// The provisions of a set in one order whatever the set's own: a file summarised twice
    /// gives the same summary, which the language server compares to tell what an edit changed.
    static func ordered(_ provisions: Set<EnvironmentProvision>) -> [EnvironmentProvision] {
        provisions.map { (String(describing: $0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
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

    /// Whether the file imports Spezi or one of its modules (`SpeziScheduler`, which re-export
    /// it), whose modifiers provide the modules the app configures.
    lazy var importsSpezi = file.tree.imports.contains { $0.hasPrefix("Spezi") }
}
