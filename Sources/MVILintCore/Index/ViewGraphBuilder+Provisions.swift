/// What a chain's modifiers and arguments provide to the environment of the views it constructs.

extension ViewGraphBuilder {
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
