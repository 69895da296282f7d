/// Finding a file's construction sites: the call candidates, the chains around a site, the member content hosts.

extension ViewGraphBuilder {
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
                // Only where the chain starts: its components are not built.
                let start = file.chainStart(endingAt: e)
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
    var candidates: [Int32] {
        if let c = _candidates { return c }
        let c = findCandidates()
        _candidates = c
        return c
    }

    func findCandidates() -> [Int32] {
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
        for t in range where file.kind(t) == .identifier && !file.beginsWithCapital(t) && file.kind(t - 1) != .period && file.kind(t + 1) != .colon {
            guard file.kind(t - 1) == .leftBrace || file.isWord(t - 1, "in") || file.tokens[t].isAtLineStart else { continue }
            // The closure analysis last: a file whose members name none of the type's members
            // at the start of a statement (most initializers) never needs it.
            guard memberNames(of: type).contains(t, in: file), analysis.innermost[t] >= 0 else { continue }
            addContainers(holding: t, in: state(), to: &out)
        }
        return out
    }

    /// The names of `type`'s functions and variables, made once for the type's members in turn
    /// (each member's code asked for the set again, and each token's name was made a string to
    /// look it up).
    func memberNames(of type: TypeDecl) -> MemberNames {
        if let cached = _memberNames, cached.type === type { return cached }
        let names = MemberNames(type: type)
        _memberNames = names
        return names
    }

    /// A type's member names, compared with token text as bytes: ASCII names in a `WordSet`, any
    /// other in a set of strings (where equality is Unicode's, which no ASCII name shares with a
    /// name that is not ASCII).
    final class MemberNames {
        let type: TypeDecl
        let ascii: WordSet
        let others: Set<String>
        init(type: TypeDecl) {
            self.type = type
            var ascii: [String] = [], others = Set<String>()
            for name in type.functions.map(\.name) + type.variables.map(\.name) {
                if name.utf8.count <= WordSet.maxLength, name.utf8.allSatisfy({ $0 < 0x80 }), !name.isEmpty { ascii.append(name) } else { others.insert(name) }
            }
            self.ascii = WordSet(ascii)
            self.others = others
        }

        /// Whether token `t`'s name (without backticks) is one of the names.
        func contains(_ t: Int, in file: SourceFile) -> Bool {
            let (a, b) = file.nameRange(t)
            let isASCII = b - a <= WordSet.maxLength && file.bytes[a..<b].allSatisfy { $0 < 0x80 }
            if isASCII, b > a { return file.isName(t, in: ascii) }
            return !others.isEmpty && others.contains(file.name(t))
        }
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
}
