/// How `state_private_set` finds, in one file, the members that its code writes and what it knows of the instance written.
import MVILintCore

/// A member that code of a file writes, with what is known of the instance it belongs to.
struct MemberWrite: Sendable {
    var member: String
    var receiver: WriteReceiver
    /// The types that enclose the write, outermost first, joined by `.` (`""` at the top level):
    /// `private(set)` lets the type's own declaration and its extensions in the same file write.
    var scope: String
    /// The member is written only if it holds a value (a struct, an array): a name along a longer
    /// target (`state` in `model.state.items = []`), or the target of a mutating call, which on an
    /// object calls one of the object's methods instead.
    var throughValue: Bool
}

/// The instance whose member is written, as far as one file tells.
enum WriteReceiver: Sendable, Equatable {
    /// An instance of `type`, or the value reached from one through the stored properties `path`.
    case instance(_ type: String, _ path: [String])
    /// The value reached from the type itself (`Store.shared.items`) through `path`, whose first
    /// name is a static property.
    case staticMember(_ type: String, _ path: [String])
    /// A closure parameter, the result of a call, a global: nothing known.
    case unknown

    /// The receiver of a member of this receiver's value.
    func appending(_ name: String) -> WriteReceiver {
        switch self {
        case .instance(let t, let p): return .instance(t, p + [name])
        case .staticMember(let t, let p): return .staticMember(t, p + [name])
        case .unknown: return .unknown
        }
    }
}

/// Finds the member writes of one file: assignments, compound assignments and mutating calls
/// (`model.items.append(x)`), `inout` arguments (`&model.count`), writes through a key path
/// (`model[keyPath: \.count] = 1`, `.assign(to: \.count, on: model)`), bindings made with
/// `Bindable(model).count`. The instance is worked out
/// from the file alone: `self` and the enclosing type's own members, parameters with a type, locals
/// made by a construction (`let model = Model()`) or from another name (`guard let model = self.model`),
/// `Type.shared`; anything else is unknown.
struct WriteCollector {
    let file: SourceFile
    /// The file's types and extensions with a body, by the position of their `{`, each with the
    /// index of the one around it (-1 for none).
    private let scopes: [(open: Int, close: Int, type: TypeDecl, parent: Int)]
    /// Per piece of code (by its first token): the names it binds, each with its declarations'
    /// name tokens (-1 for a binding whose type the code does not tell: a closure's parameter, a
    /// `for` loop's variable, an element of a tuple pattern).
    private var unitLocals: [Int: [String: [Int]]] = [:]
    private var typeScopeNames: [ObjectIdentifier: String] = [:]
    /// Per type: its member code by position, and the names of its stored and computed properties.
    private var typeUnits: [ObjectIdentifier: [MemberCode]] = [:]
    private var typeVariables: [ObjectIdentifier: Set<String>] = [:]

    init(file: SourceFile) {
        self.file = file
        let sorted = file.tree.allTypes.compactMap { t -> (Int, Int, TypeDecl)? in
            guard let o = t.bodyOpen, let c = t.bodyClose, o < c else { return nil }
            return (o, c, t)
        }.sorted { $0.0 < $1.0 }
        // Bodies nest: the one around each is the nearest earlier one still open.
        var withParents: [(open: Int, close: Int, type: TypeDecl, parent: Int)] = []
        withParents.reserveCapacity(sorted.count)
        var open: [Int] = []
        for (k, entry) in sorted.enumerated() {
            while let last = open.last, sorted[last].1 < entry.0 { open.removeLast() }
            withParents.append((entry.0, entry.1, entry.2, open.last ?? -1))
            open.append(k)
        }
        scopes = withParents
    }

    mutating func writes() -> [MemberWrite] {
        var out: [MemberWrite] = []
        let count = file.tokens.count
        guard count > 0 else { return out }
        for m in file.mutations(in: 0..<count) {
            let end: Int
            switch m.kind {
            case .assignment, .compoundAssignment: end = m.operatorToken - 1
            case .mutatingCall: end = m.operatorToken - 2
            }
            // `count = 0`, `self.count += 1` in a declaration (not an extension) that declares
            // `count`: its own member (or a local that shadows it), which `private(set)` allows.
            // (Not `model[keyPath: \.count] = 0`, which ends in a subscript.)
            if m.path.count == 1, file.kind(end) == .identifier, let e = innermostType(containing: m.rootToken), e.kind != .extension,
               declares(e, m.path[0]) { continue }
            var definite = true
            if case .mutatingCall = m.kind { definite = false }
            add(file.chain(endingAt: end).components, root: m.rootToken, definite: definite, into: &out)
        }
        for i in 0..<count where file.kind(i) == .operator && file.isText(i, "&") && i + 1 < count && !file.tokens[i + 1].hasSpaceBefore {
            // `&model.count`: an `inout` argument is written.
            guard let end = chainEnd(from: i + 1) else { continue }
            add(file.chain(endingAt: end).components, root: i + 1, definite: true, into: &out)
        }
        assignThroughKeyPaths(into: &out)
        bindingsThroughBindable(into: &out)
        return out
    }

    /// `Bindable(model).query` (a binding, like `$model.query`): a writable key path to the member.
    private mutating func bindingsThroughBindable(into out: inout [MemberWrite]) {
        let count = file.tokens.count
        for i in 0..<count where file.kind(i) == .identifier && file.isText(i, "Bindable") && file.kind(i - 1) != .period {
            guard file.kind(i + 1) == .leftParen, let close = file.partner(i + 1), close > i + 1,
                  file.kind(close + 1) == .period, file.kind(close + 2) == .identifier else { continue }
            let enclosing = innermostType(containing: i)
            var receiver: WriteReceiver = .unknown
            if close == i + 3, file.kind(i + 2) == .identifier {
                switch resolveRoot(file.name(i + 2), at: i + 2, in: enclosing) {
                case .receiver(let r): receiver = r
                case .member: receiver = enclosing.map { .instance(ownerName($0), [file.name(i + 2)]) } ?? .unknown
                }
            } else if close == i + 3, file.isWord(i + 2, "self") {
                receiver = enclosing.map { .instance(ownerName($0), []) } ?? .unknown
            }
            out.append(MemberWrite(member: file.name(close + 2), receiver: receiver, scope: enclosing.map { scopeName($0) } ?? "", throughValue: false))
        }
    }

    // MARK: Targets

    /// Records the writes of a target whose chain is `comps`: its last name, and each name along
    /// it that holds a value.
    private mutating func add(_ comps: [ChainComponent], root rootToken: Int, definite: Bool, into out: inout [MemberWrite]) {
        guard let first = comps.first, comps.count < 64 else { return }
        let enclosing = innermostType(containing: rootToken)
        let scope = enclosing.map { scopeName($0) } ?? ""
        var receiver: WriteReceiver
        var index = 1
        switch first.name {
        case "self", "super":
            receiver = enclosing.map { .instance(ownerName($0), []) } ?? .unknown
        case "Self":
            receiver = enclosing.map { .staticMember(ownerName($0), []) } ?? .unknown
        case "[]", "()":
            receiver = .unknown
        default:
            if first.callParen != nil {
                // `Model().count = 1`: a new instance; `make().count`: unknown.
                receiver = file.beginsWithCapital(first.token) ? .instance(first.name, []) : .unknown
            } else if file.kind(first.token) == .dollarIdentifier {
                // `$0.count`: a closure parameter.
                receiver = .unknown
            } else {
                switch resolveRoot(first.name, at: first.token, in: enclosing) {
                case .receiver(let r): receiver = r
                case .member:
                    receiver = enclosing.map { .instance(ownerName($0), []) } ?? .unknown
                    index = 0
                }
            }
        }
        for k in index..<comps.count {
            let c = comps[k]
            let isLast = k == comps.count - 1
            if c.name == "[]" {
                // `model[keyPath: \.count]`: the key path's member; other subscripts reach an element
                // of the member before (whose stored type is the element's).
                if let (type, names) = keyPathArgument(ofSubscript: c.token), let last = names.last {
                    let base = type.map { WriteReceiver.instance($0, []) } ?? receiver
                    let owner = names.dropLast().reduce(base) { $0.appending($1) }
                    out.append(MemberWrite(member: last, receiver: owner, scope: scope, throughValue: !(isLast && definite)))
                    receiver = .unknown
                }
                continue
            }
            if c.name == "()" || c.callParen != nil {
                // A method's result: nothing known of it.
                receiver = .unknown
                continue
            }
            // `model.$query`: the projected value of `query`.
            let name = c.name.hasPrefix("$") ? String(c.name.dropFirst()) : c.name
            if !isOwnMember(name, of: receiver, enclosing: enclosing) {
                out.append(MemberWrite(member: name, receiver: receiver, scope: scope, throughValue: !(isLast && definite)))
            }
            receiver = receiver.appending(name)
        }
    }

    /// A member that the enclosing declaration (not an extension) declares itself and writes
    /// through `self`: its own code, which `private(set)` never stops; left out to keep the fact small.
    private mutating func isOwnMember(_ name: String, of receiver: WriteReceiver, enclosing: TypeDecl?) -> Bool {
        guard let e = enclosing, e.kind != .extension, receiver == .instance(e.name, []) else { return false }
        return declares(e, name)
    }

    /// Whether the declaration `e` declares a property `name` itself.
    private mutating func declares(_ e: TypeDecl, _ name: String) -> Bool {
        let id = ObjectIdentifier(e)
        if let known = typeVariables[id] { return known.contains(name) }
        let names = Set(e.variables.lazy.map(\.name))
        typeVariables[id] = names
        return names.contains(name)
    }

    /// The last token of the chain that starts at `start` (`model.items[0].count`), or nil when
    /// no name starts there.
    private func chainEnd(from start: Int) -> Int? {
        let k = file.kind(start)
        guard k == .identifier || k == .dollarIdentifier || file.isWord(start, "self") else { return nil }
        var j = start
        var steps = 0
        while steps < 128 {
            steps += 1
            let next = j + 1
            if file.kind(next) == .period, file.kind(next + 1) == .identifier || file.kind(next + 1) == .dollarIdentifier {
                j = next + 1
            } else if (file.kind(next) == .leftBracket || file.kind(next) == .leftParen), !file.tokens[next].hasSpaceBefore,
                      let close = file.partner(next), close > next {
                j = close
            } else if file.kind(next) == .operator, file.isText(next, "?") || file.isText(next, "!"), !file.tokens[next].hasSpaceBefore {
                j = next
            } else {
                break
            }
        }
        return j
    }

    // MARK: Key paths

    /// `[keyPath: \Model.items.count]` or `[keyPath: \.count]` at the subscript's `[`: the key
    /// path's root type, if written, and its names.
    private func keyPathArgument(ofSubscript open: Int) -> (String?, [String])? {
        guard file.kind(open) == .leftBracket, file.isWord(open + 1, "keyPath"), file.kind(open + 2) == .colon else { return nil }
        return keyPathLiteral(at: open + 3)
    }

    /// The root type (nil for `\.name`) and the names of the key-path literal at `i`.
    private func keyPathLiteral(at i: Int) -> (String?, [String])? {
        guard file.kind(i) == .backslash else { return nil }
        var j = i + 1
        var type: String? = nil
        if file.kind(j) == .identifier, file.beginsWithCapital(j) {
            // `\Model.count`, `\Module.Model.count`: the last capitalised name is the type.
            while file.kind(j) == .identifier, file.beginsWithCapital(j) {
                type = file.name(j)
                guard file.kind(j + 1) == .period else { break }
                j += 2
            }
            if file.kind(j) == .identifier, !file.beginsWithCapital(j) { j -= 1 } else { return (type, []) }
        }
        var names: [String] = []
        while file.kind(j) == .period, file.kind(j + 1) == .identifier, names.count < 16 {
            names.append(file.name(j + 1))
            j += 2
            if file.kind(j) == .operator, file.isText(j, "?") || file.isText(j, "!") { j += 1 }
        }
        return (type, names)
    }

    /// `.assign(to: \.count, on: model)` (Combine): the key path is written on the object.
    private mutating func assignThroughKeyPaths(into out: inout [MemberWrite]) {
        let count = file.tokens.count
        for i in 1..<max(1, count) where file.kind(i) == .identifier && file.kind(i - 1) == .period && file.isText(i, "assign") {
            guard file.kind(i + 1) == .leftParen, file.isWord(i + 2, "to"), file.kind(i + 3) == .colon,
                  let close = file.partner(i + 1), let (type, names) = keyPathLiteral(at: i + 4), let last = names.last else { continue }
            var receiver: WriteReceiver = type.map { .instance($0, []) } ?? .unknown
            if type == nil, let on = ((i + 4)..<close).first(where: { file.isWord($0, "on") && file.kind($0 + 1) == .colon && file.kind($0 - 1) == .comma }) {
                let enclosing = innermostType(containing: on)
                if file.isWord(on + 2, "self") {
                    receiver = enclosing.map { .instance(ownerName($0), []) } ?? .unknown
                } else if file.kind(on + 2) == .identifier, file.kind(on + 3) == .rightParen {
                    switch resolveRoot(file.name(on + 2), at: on + 2, in: enclosing) {
                    case .receiver(let r): receiver = r
                    case .member: receiver = enclosing.map { .instance(ownerName($0), [file.name(on + 2)]) } ?? .unknown
                    }
                }
            }
            let owner = names.dropLast().reduce(receiver) { $0.appending($1) }
            out.append(MemberWrite(member: last, receiver: owner, scope: innermostType(containing: i).map { scopeName($0) } ?? "", throughValue: false))
        }
    }

    // MARK: Names

    private enum Root {
        /// A parameter, a local, a type or a global: the instance it names.
        case receiver(WriteReceiver)
        /// A member of the enclosing type, reached through the implicit `self`.
        case member
    }

    /// What the name at `token` stands for: a parameter or local of the code around it, a member
    /// of the enclosing type, a type (`Store.shared`), else a global of unknown type.
    private mutating func resolveRoot(_ name: String, at token: Int, in enclosing: TypeDecl?, depth: Int = 0) -> Root {
        if let (unit, function) = unit(containing: token, in: enclosing) {
            if let f = function, let p = file.parameters(of: f).first(where: { $0.name == name }) {
                return .receiver(p.type.map { .instance($0.baseName, []) } ?? .unknown)
            }
            if let declarations = locals(of: unit)[name] {
                // The last declaration before the use (a closure's parameter: no type known).
                guard depth < 3, let n = declarations.last(where: { $0 < token }) else { return .receiver(.unknown) }
                return .receiver(n < 0 ? .unknown : local(declaredAt: n, enclosing: enclosing, depth: depth))
            }
        }
        // `Store.shared.items`: a type (members and globals are named in lower camel case).
        if file.beginsWithCapital(token) { return .receiver(.staticMember(name, [])) }
        if enclosing != nil { return .member }
        return .receiver(.unknown)
    }

    /// The instance of the local whose name is token `n`: from its type annotation, or from its
    /// initial value when that is a construction (`Model()`), a shared instance (`Model.shared`) or
    /// a name with members (`self.model`, `store.child`).
    private mutating func local(declaredAt n: Int, enclosing: TypeDecl?, depth: Int) -> WriteReceiver {
        if file.kind(n + 1) == .colon {
            var t = n + 2
            if file.isWord(t, "any") || file.isWord(t, "some") { t += 1 }
            guard file.kind(t) == .identifier else { return .unknown }
            while file.kind(t + 1) == .period, file.kind(t + 2) == .identifier { t += 2 }
            return .instance(file.name(t), [])
        }
        guard file.kind(n + 1) == .equal else { return .unknown }
        var i = n + 2
        while file.isWord(i, "try") || file.isWord(i, "await") { i += 1; if file.kind(i) == .operator { i += 1 } }
        guard file.kind(i) == .identifier || file.isWord(i, "self") else { return .unknown }
        // The names up to the end of the initial value (a line break, `else`, `{`, `,`).
        var names: [Int] = [i]
        var j = i
        while names.count < 8 {
            // `self.holder?.model`: an optional mark before the `.` changes nothing here.
            let mark = file.kind(j + 1) == .operator && (file.isText(j + 1, "?") || file.isText(j + 1, "!")) ? 1 : 0
            guard file.kind(j + 1 + mark) == .period, file.kind(j + 2 + mark) == .identifier else { break }
            j += 2 + mark
            names.append(j)
        }
        if file.kind(j + 1) == .operator, file.isText(j + 1, "?") || file.isText(j + 1, "!") { j += 1 }
        let after = j + 1
        // The value ends after the names: at a line break, `else`, `{` or `,`, or the file's end.
        let ends = after >= file.tokens.count || file.line(ofToken: after) != file.line(ofToken: j) || file.isWord(after, "else")
            || file.kind(after) == .leftBrace || file.kind(after) == .comma
        if file.beginsWithCapital(i) {
            if names.count == 1, file.kind(after) == .leftParen || file.kind(after) == .leftBrace { return .instance(file.name(i), []) }
            if names.count == 2, file.isText(names[1], "init"), file.kind(after) == .leftParen { return .instance(file.name(i), []) }
            guard ends else { return .unknown }
            return .staticMember(file.name(i), names.dropFirst().map { file.name($0) })
        }
        guard ends else { return .unknown }
        let rest = names.dropFirst().map { file.name($0) }
        if file.isWord(i, "self") {
            return enclosing.map { .instance(ownerName($0), rest) } ?? .unknown
        }
        switch resolveRoot(file.name(i), at: i, in: enclosing, depth: depth + 1) {
        case .receiver(let r): return rest.reduce(r) { $0.appending($1) }
        case .member: return enclosing.map { .instance(ownerName($0), [file.name(i)] + rest) } ?? .unknown
        }
    }

    /// The code around `token` (a function body, an accessor, an initial value of the enclosing
    /// type, a top-level function or a `#Preview` body), with its function.
    private mutating func unit(containing token: Int, in enclosing: TypeDecl?) -> (TokenRange, FunctionDecl?)? {
        if let e = enclosing {
            // Member code does not nest: the last piece that starts before the token, if it holds it.
            let id = ObjectIdentifier(e)
            let units: [MemberCode]
            if let known = typeUnits[id] {
                units = known
            } else {
                units = file.memberCode(of: e).sorted { $0.range.lowerBound < $1.range.lowerBound }
                typeUnits[id] = units
            }
            var lo = 0, hi = units.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if units[mid].range.lowerBound <= token { lo = mid + 1 } else { hi = mid }
            }
            guard lo > 0, units[lo - 1].range.contains(token) else { return nil }
            return (units[lo - 1].range, units[lo - 1].function)
        }
        for f in file.tree.topLevelFunctions {
            if let b = f.bodyTokens, b.contains(token) { return (b, f) }
        }
        // `#Preview { let model = Model(); model.items = […]; … }`
        for p in file.tree.previewBodies where p.open < token && token < p.close { return ((p.open + 1)..<p.close, nil) }
        return nil
    }

    private mutating func locals(of unit: TokenRange) -> [String: [Int]] {
        if let known = unitLocals[unit.lowerBound] { return known }
        let names = scanLocals(unit)
        unitLocals[unit.lowerBound] = names
        return names
    }

    /// The names the code binds, in one pass over its tokens: `let`/`var` (also in `if`, `guard`,
    /// `case` and `catch`), `for` loops, tuple patterns, closure parameters (the names before an
    /// `in`). `if let model {` and `guard let model = model` name the outer `model`, not a new one.
    private func scanLocals(_ unit: TokenRange) -> [String: [Int]] {
        var out: [String: [Int]] = [:]
        var i = unit.lowerBound
        let end = min(unit.upperBound, file.tokens.count)
        while i < end {
            defer { i += 1 }
            guard file.kind(i) == .keyword else { continue }
            if file.isText(i, "let") || file.isText(i, "var") {
                let n = i + 1
                if file.kind(n) == .identifier {
                    if isRebinding(n) { continue }
                    out[file.name(n), default: []].append(n)
                } else if file.kind(n) == .leftParen, let close = file.partner(n), close > n, close - n < 64 {
                    for k in (n + 1)..<close where file.kind(k) == .identifier && (file.kind(k - 1) == .leftParen || file.kind(k - 1) == .comma) {
                        out[file.name(k), default: []].append(-1)
                    }
                }
            } else if file.isText(i, "for") {
                var n = i + 1
                if file.isWord(n, "case") || file.isWord(n, "try") || file.isWord(n, "await") { n += 1 }
                if file.kind(n) == .identifier { out[file.name(n), default: []].append(-1) }
            } else if file.isText(i, "in"), file.kind(i - 1) == .identifier || file.kind(i - 1) == .rightParen {
                // `{ a, b in`, `{ [weak self] (a, b) in`: back to the `{`, the capture list's `]` or at most 32 tokens.
                var k = i - 1
                while k > max(unit.lowerBound, i - 32) {
                    let kind = file.kind(k)
                    if kind == .identifier, file.kind(k - 1) != .colon { out[file.name(k), default: []].append(-1) }
                    guard kind == .identifier || kind == .comma || kind == .leftParen || kind == .rightParen || kind == .colon else { break }
                    k -= 1
                }
            }
        }
        return out
    }

    /// `if let model {`, `if let model,`, `guard let model else`, `let model = model`: the outer
    /// name unwrapped, not a new one.
    private func isRebinding(_ n: Int) -> Bool {
        let next = file.kind(n + 1)
        if next == .leftBrace || next == .comma || file.isWord(n + 1, "else") { return true }
        guard next == .equal, file.kind(n + 2) == .identifier, file.name(n + 2) == file.name(n) else { return false }
        let after = n + 3
        return file.kind(after) == .leftBrace || file.kind(after) == .comma || file.isWord(after, "else")
            || file.line(ofToken: after) != file.line(ofToken: n + 2)
    }

    // MARK: Scopes

    /// The innermost type or extension whose body holds `token`.
    private func innermostType(containing token: Int) -> TypeDecl? {
        // The last body that opens before the token; a body that holds the token holds that one
        // too (bodies nest), so walk out from it to the first that closes after the token.
        var lo = 0, hi = scopes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if scopes[mid].open < token { lo = mid + 1 } else { hi = mid }
        }
        var k = lo - 1
        while k >= 0 {
            if scopes[k].close > token { return scopes[k].type }
            k = scopes[k].parent
        }
        return nil
    }

    /// The name of the type that a declaration or extension adds to (`Model` for `extension Model`).
    private func ownerName(_ t: TypeDecl) -> String { t.kind == .extension ? t.extendedBaseName : t.name }

    /// The enclosing types' names, outermost first, joined by `.`.
    private mutating func scopeName(_ t: TypeDecl) -> String {
        let id = ObjectIdentifier(t)
        if let known = typeScopeNames[id] { return known }
        let name = (t.outerNames + [ownerName(t)]).joined(separator: ".")
        typeScopeNames[id] = name
        return name
    }
}
