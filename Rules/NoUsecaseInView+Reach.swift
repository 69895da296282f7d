/// How a view's code reaches a type: member chains typed step by step from a property, a local, a parameter, a static member or a new instance.
import MVILintCore

/// A member chain as a view's code writes it (`injected.interactors.countries.load()`,
/// `AppContainer.shared.orders`, `self.model.client`), typed member by member through the
/// project's stored properties (`ProjectIndex.memberChain`).
struct TypedChain {
    enum Root: Equatable {
        /// A property of the view, a local or a parameter (`injected`), or `self.name`.
        case value(String)
        /// A new instance (`Loader()`).
        case construction
        /// A static member (`AppContainer.shared`), named.
        case staticMember(String)
    }
    /// The first token of the chain (`injected`, `self`, `AppContainer`).
    var start: Int
    var root: Root
    /// The type of the root value.
    var rootType: String
    /// The members followed after the root, each typed.
    var steps: [ProjectIndex.MemberStep]
    /// The token after the last member followed (after the root when none is).
    var end: Int

    /// The chain's text up to and with step `k` (`injected.interactors.countries`), `self.` left out.
    func text(through k: Int, rootText: String) -> String {
        ([rootText] + steps.prefix(k + 1).map(\.name)).joined(separator: ".")
    }
}

/// The typed values of one piece of a view's member code: its parameters and the locals it
/// binds with a type that tells (`let x: T`, `let x = T(…)`, `let x = T.shared`, `let x = a.b`,
/// `if let`/`guard let` included), and the other names it binds (closure parameters, `for`
/// variables), which shadow the view's properties with a type unknown.
struct LocalTypes {
    private(set) var types: [String: String] = [:]
    private var unknown = Set<String>()

    /// Whether `name` is bound in the code (with or without a known type).
    func binds(_ name: String) -> Bool { types[name] != nil || unknown.contains(name) }
    func type(of name: String) -> String? { types[name] }

    mutating func bind(_ name: String, _ type: String?) {
        guard !unknown.contains(name) else { return }
        if let t = type, types[name] == nil || types[name] == t { types[name] = t; return }
        // Bound twice with different types, or once with none: unknown.
        types[name] = nil
        unknown.insert(name)
    }
}

extension SourceFile {
    /// The chain that starts at token `i` of `range`: a lowercase name not preceded by `.` (a
    /// property, local or parameter, typed by `valueType`), `self.name`, a construction `T(…)`,
    /// or a static member `T.name` (typed by the index). Nil when the root's type is not known.
    func typedChain(at i: Int, in range: TokenRange, project: ProjectIndex, valueType: (String) -> String?) -> TypedChain? {
        guard kind(i - 1) != .period, kind(i - 1) != .backslash else { return nil }
        var root: TypedChain.Root, rootType: String, next: Int
        if isWord(i, "self") {
            guard kind(i + 1) == .period, kind(i + 2) == .identifier, let t = valueType("self." + name(i + 2)) else { return nil }
            root = .value(name(i + 2)); rootType = t; next = i + 3
        } else if kind(i) == .identifier, beginsWithCapital(i) {
            let typeToken = lastCapitalisedComponent(from: i)
            var j = typeToken + 1
            if isText(j, "<"), !tokens[j].hasSpaceBefore, let close = (j..<min(range.upperBound, j + 32)).first(where: { isText($0, ">") }) { j = close + 1 }
            if kind(j) == .period, isWord(j + 1, "init") { j += 2 }
            if kind(j) == .leftParen, !tokens[j].hasSpaceBefore, let close = partner(j), close > j, close < range.upperBound {
                root = .construction; rootType = name(typeToken); next = close + 1
            } else if kind(j) == .period, kind(j + 1) == .identifier, !beginsWithCapital(j + 1), kind(j + 2) != .leftParen,
                      let t = project.staticPropertyType(name(j + 1), of: name(typeToken)) {
                root = .staticMember(name(typeToken) + "." + name(j + 1)); rootType = t; next = j + 2
            } else {
                return nil
            }
        } else if kind(i) == .identifier, kind(i + 1) != .leftParen, kind(i + 1) != .colon, let t = valueType(name(i)) {
            root = .value(name(i)); rootType = t; next = i + 1
        } else {
            return nil
        }
        // The members after the root: `.name`, optional marks between them.
        var names: [String] = [], ends: [Int] = []
        var p = next
        while p < range.upperBound, names.count < ProjectIndex.memberChainLimit {
            var q = p
            while (isText(q, "?") || isText(q, "!")) && !tokens[q].hasSpaceBefore { q += 1 }
            guard kind(q) == .period, kind(q + 1) == .identifier, q + 1 < range.upperBound else { break }
            names.append(name(q + 1))
            ends.append(q + 2)
            p = q + 2
        }
        let steps = names.isEmpty ? [] : project.memberChain(from: rootType, through: names)
        return TypedChain(start: i, root: root, rootType: rootType, steps: steps, end: steps.isEmpty ? next : ends[steps.count - 1])
    }

    /// The names that a piece of member code binds with `let` or `var`, and its function's
    /// parameters: the only names `localTypes` can type (a cheap pass, asked before it).
    func boundNames(in range: TokenRange, function: FunctionDecl?) -> Set<String> {
        var out = Set<String>()
        if let f = function { for p in parameters(of: f) { out.insert(p.name) } }
        let lo = max(0, range.lowerBound), hi = min(range.upperBound, tokens.count)
        guard lo < hi else { return out }
        for i in lo..<hi where tokens[i].kind == .keyword && (isText(i, "let") || isText(i, "var")) && kind(i + 1) == .identifier {
            out.insert(name(i + 1))
        }
        return out
    }

    /// The typed locals and parameters of a piece of member code (`range`; `function` for a
    /// function body, whose parameters it binds). `valueType` types a name outside the code (the
    /// view's properties), for locals bound to a chain.
    /// With `shadowing` false, names bound without a type (closure parameters, `for` variables)
    /// are not looked for: cheaper, for a first look that a finding is then checked against.
    func localTypes(in range: TokenRange, function: FunctionDecl?, project: ProjectIndex, shadowing: Bool = true,
                    valueType: (String) -> String?) -> LocalTypes {
        var out = LocalTypes()
        if let f = function {
            for p in parameters(of: f) {
                out.bind(p.name, p.type.flatMap { $0.text.hasPrefix("[") || $0.isFunctionType ? nil : $0.baseName })
            }
        }
        var typed = LocalTypes()
        let lo = max(0, range.lowerBound), hi = min(range.upperBound, tokens.count)
        guard lo < hi else { return out }
        for i in lo..<hi where tokens[i].kind == .keyword && (isText(i, "let") || isText(i, "var")) {
            let j = i + 1
            guard kind(j) == .identifier, !isWord(j, "_") else { continue }
            var k = j + 1, type: String? = nil
            if kind(k) == .colon {
                // `let x: Orders = …`: the annotation, up to `=` or the end of the line.
                var e = k + 1
                while e < hi, kind(e) != .equal, !(e > k + 1 && tokens[e].isAtLineStart), kind(e) != .leftBrace, kind(e) != .comma { e += 1 }
                let text = self.text(of: (k + 1)..<e, compact: true)
                type = text.hasPrefix("[") || text.contains("->") ? nil : TypeRef.baseName(of: text)
                k = e
            }
            if type == nil, kind(k) == .equal {
                let end = valueExpressionEnd(from: k + 1, before: hi)
                var v = k + 1
                while v < end, isWord(v, "try") || isWord(v, "await") || (isText(v, "?") || isText(v, "!")) && kind(v - 1) == .keyword { v += 1 }
                // Typed only when the whole value is the chain (`a.b.c`, `T(…)`, `T.shared`).
                let local = typed
                if let chain = typedChain(at: v, in: v..<end, project: project, valueType: { local.type(of: $0) ?? valueType($0) }), chain.end == end {
                    type = chain.steps.last?.type ?? chain.rootType
                    if chain.steps.last?.isCollection == true { type = nil }
                }
            }
            typed.bind(name(j), type.flatMap { $0.isEmpty ? nil : $0 })
        }
        // A bound name keeps a type only when every binding of it in the code gives that type;
        // names bound without one (closure parameters, `for` variables, patterns) are unknown.
        if shadowing { for n in localNames(in: range) { out.bind(n, typed.type(of: n)) } }
        for (n, t) in typed.types where !out.binds(n) { out.bind(n, t) }
        return out
    }
}
