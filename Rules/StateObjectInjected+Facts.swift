/// What `state_object_injected` collects about the whole project: the calls that make a new instance each time.
import MVILintCore

/// Project functions and Factory registrations a call of which makes a new instance, so that a
/// `@StateObject` initialised with one creates its model rather than being handed one.
struct FreshInstanceCalls: ProjectFact {
    /// Factory registrations that name no scope in any definition: a call
    /// (`Container.shared.pinModel(id)`) makes a new instance.
    var unscopedFactories: Set<String> = []
    /// Names of project functions each of which makes a new instance of its return type at every
    /// call (`freshInstanceFunctions(in:)`), when no function of that name may do otherwise.
    var freshInstanceFunctions: Set<String> = []

    struct FileCalls: Sendable {
        /// Factory registrations (`var pin: ParameterFactory<String, PinModel> { self { PinModel(userID:
        /// $0) } }`), and whether each names no scope, so that each call makes a new instance.
        var factories: [(name: String, unscoped: Bool)]
        /// Functions and methods that name a return type, and whether every `return` of theirs (or
        /// their single expression) constructs that type: each call makes a new instance.
        var functions: [(name: String, fresh: Bool)]
    }

    static func collect(from file: SourceFile, isTestCode: Bool) -> FileCalls? {
        // A test double's factory method does not tell how the app's function of that name makes things.
        let calls = FileCalls(factories: factories(in: file), functions: isTestCode ? [] : freshInstanceFunctions(in: file))
        return calls.factories.isEmpty && calls.functions.isEmpty ? nil : calls
    }

    static func merge(_ files: [FactContribution<FileCalls>], in project: ProjectIndex) -> FreshInstanceCalls {
        FreshInstanceCalls(unscopedFactories: namesWhereAllQualify(files.flatMap(\.fact.factories), name: \.name) { f, _, _, _ in f.unscoped },
                           freshInstanceFunctions: namesWhereAllQualify(files.flatMap(\.fact.functions), name: \.name) { f, _, _, _ in f.fresh })
    }

    /// The functions whose return type is written as a
    /// capitalised name (`-> FeedModel`), each with whether its body ends with a construction of
    /// that type (`return FeedModel(source: s)`, or the single expression `FeedModel()`,
    /// `.init(…)`) and every other `return` in it constructs the type too.
    static func freshInstanceFunctions(in file: SourceFile) -> [(name: String, fresh: Bool)] {
        var out: [(name: String, fresh: Bool)] = []
        func consider(_ f: FunctionDecl) {
            guard f.kind == .function, let r = f.returnTypeTokens, r.count == 1, file.kind(r.lowerBound) == .identifier, file.beginsWithCapital(r.lowerBound),
                  let body = f.bodyTokens, !body.isEmpty else { return }
            out.append((f.name, buildsNewInstance(of: file.name(r.lowerBound), body: body, in: file)))
        }
        for t in file.tree.allTypes { for f in t.functions { consider(f) } }
        for case .function(let f) in file.tree.declarations { consider(f) }
        return out
    }

    /// Whether the code `body` (of a function or a getter that returns `type`) makes a new
    /// instance of `type` each time it runs: it ends with a construction of the type
    /// (`return FeedModel(source: s)`, the single expression `FeedModel()`, `.init(…)`), and
    /// every other `return` constructs it too, or returns a local of the body that holds a
    /// construction and is not assigned again.
    static func buildsNewInstance(of type: String, body: TokenRange, in file: SourceFile) -> Bool {
        guard !body.isEmpty else { return false }
        // Whether a construction of the type starts at `i`: the token after its call.
        func constructs(at i: Int) -> Int? {
            var j = i
            if file.kind(j) == .period, file.isWord(j + 1, "init") { j += 2 } else if file.kind(j) == .identifier, file.tokens[j].length == type.utf8.count,
                                                                               file.name(j) == type { j += 1 } else { return nil }
            guard file.kind(j) == .leftParen, !file.tokens[j].hasSpaceBefore, let close = file.partner(j), close > j else { return nil }
            return close + 1
        }
        // `let made = Navigator(…)` (or `var`), a local of the body that holds a construction
        // and is not assigned again: returning it (`made.owner = self; return made`) hands
        // back a new instance too.
        var freshLocals: Set<String>? = nil
        func returnsFreshLocal(at i: Int) -> Int? {
            guard file.kind(i) == .identifier, file.kind(i - 1) != .period else { return nil }
            if freshLocals == nil {
                var names = Set<String>(), assigned = Set<String>()
                for j in body where (file.isWord(j, "let") || file.isWord(j, "var")) && file.kind(j + 1) == .identifier && file.kind(j + 2) == .equal {
                    if let end = constructs(at: j + 3), end >= body.upperBound || file.tokens[end].isAtLineStart || file.kind(end) == .semicolon {
                        names.insert(file.name(j + 1))
                    }
                }
                if !names.isEmpty {
                    for m in file.mutations(in: body) where m.kind == .assignment && m.path.count == 1 && !m.viaSelf { assigned.insert(m.path[0]) }
                }
                freshLocals = names.subtracting(assigned)
            }
            return freshLocals!.contains(file.name(i)) ? i + 1 : nil
        }
        var endsWithOne = false
        if let end = constructs(at: body.lowerBound), end == body.upperBound { endsWithOne = true }
        for i in body where file.isWord(i, "return") {
            guard let end = constructs(at: i + 1) ?? returnsFreshLocal(at: i + 1),
                  end >= body.upperBound || file.tokens[end].isAtLineStart || file.kind(end) == .semicolon || file.kind(end) == .rightBrace else { return false }
            if end == body.upperBound { endsWithOne = true }
        }
        return endsWithOne
    }

    /// The registrations (`Factory<T>`, `ParameterFactory<P, T>` properties of a Factory
    /// container), each unscoped when its definition names no scope (`.cached`, `.shared`,
    /// `.singleton`, `.scope(…)`): Factory then makes a new instance for each call.
    static func factories(in file: SourceFile) -> [(name: String, unscoped: Bool)] {
        var out: [(name: String, unscoped: Bool)] = []
        for t in file.tree.allTypes {
            let name = t.kind == .extension ? t.extendedBaseName : t.name
            guard name == "Container" || t.inherited.contains(where: { InjectionContainers.containerBases.contains($0.baseName) }) else { continue }
            for v in t.variables where !v.isStatic {
                guard let type = v.type, InjectionContainers.registrationWrappers.contains(type.baseName), let o = v.accessorOpen, let c = v.accessorClose, o < c else { continue }
                let scoped = (o..<c).contains { file.isWord($0, "cached") || file.isWord($0, "shared") || file.isWord($0, "singleton") || file.isWord($0, "scope") }
                out.append((v.name, !scoped))
            }
        }
        return out
    }
}

/// Where a `@StateObject` of a view may be handed an instance outside the view's own declaration:
/// initializers declared in extensions of the view (in any file), and the arguments that call
/// sites pass to a view's memberwise initializer (in any file: another view, a static factory, a
/// hosting controller).
struct StateObjectHandOvers: ProjectFact {
    struct Site: Sendable {
        /// The property (`_model = StateObject(wrappedValue: …)`), or the argument's label
        /// (`ItemView(model: model)`), which is the property's name.
        var property: String
        /// The value handed over, as written.
        var text: String
        var path: String = ""
        var line: Int
        /// A local of the initializer (made at every call of `init`).
        var local = false
        /// Not an existing instance when the project's function of this name makes one at each
        /// call (`StateObjectInjected.callMakesInstance`).
        var unlessMade: String? = nil
    }

    /// By the extended type's simple name: what its extensions' initializers hand over, when it
    /// is not a new instance made in the autoclosure.
    var extensionInits: [String: [Site]] = [:]
    /// By the constructed type's simple name: existing values (a local, a parameter, a property,
    /// a shared instance) passed as labelled arguments of a construction (`ItemView(model: m)`,
    /// `Self(model: m)` in the type's own static factory), outside test and preview code.
    var memberwiseArguments: [String: [Site]] = [:]

    struct FileSites: Sendable {
        var inits: [(type: String, site: Site)] = []
        var calls: [(type: String, site: Site)] = []
    }

    static func collect(from file: SourceFile, isTestCode: Bool) -> FileSites? {
        // Test and preview code does not decide how the app makes its models.
        guard !isTestCode else { return nil }
        var out = FileSites()
        // Any annotated type: `.init(…)` in the autoclosure makes the property's type, whatever it is.
        let anyType = TypeRef(text: "Self", tokens: 0..<0)
        var previews: [TokenRange] = file.tree.previewBodies.map { $0.open..<$0.close }
        for t in file.tree.allTypes {
            if t.inheritedBaseNames.contains("PreviewProvider"), let o = t.bodyOpen, let c = t.bodyClose { previews.append(o..<c) }
            guard t.kind == .extension else { continue }
            for f in t.functions where f.kind == .initializer {
                guard let body = f.bodyTokens else { continue }
                for (name, arg, close) in StateObjectInjected.stateObjectAssignments(in: body, file: file) {
                    let handed = StateObjectInjected.handedValue(arg, end: close, annotated: anyType, in: f, body: body, of: t, file: file)
                    var site = Site(property: name, text: file.text(of: arg..<close), line: Int(file.tokens[arg].line))
                    switch handed {
                    case .fresh: continue
                    case .freshIfMade(let call): site.unlessMade = call
                    case .local: site.local = true
                    case .existing: break
                    }
                    out.inits.append((t.extendedBaseName, site))
                }
            }
        }
        func inPreview(_ i: Int) -> Bool { previews.contains { $0.contains(i) } }
        // `ItemView(model: m)` anywhere. (A hot loop over every token of every file: cheap tests
        // first, no text made unless an argument is found.)
        let tokens = file.tokens
        // `Self(` and `.init(` tokens, for the pass below.
        var ownTypeCalls: [Int] = []
        var i = 0
        while i + 2 < tokens.count {
            if tokens[i + 1].kind != .leftParen { i += 1; continue }
            let k = tokens[i].kind
            if k == .identifier, file.beginsWithCapital(i), !tokens[i + 1].hasSpaceBefore, tokens[i + 2].kind != .rightParen {
                if file.isWord(i, "Self") {
                    ownTypeCalls.append(i)
                } else if previews.isEmpty || !inPreview(i) {
                    let callee = i
                    existingArguments(ofCallAt: i + 1, in: file) { out.calls.append((file.name(callee), $0)) }
                }
            } else if k == .keyword, !tokens[i + 1].hasSpaceBefore, file.isWord(i, "Self") || (file.isWord(i, "init") && file.kind(i - 1) == .period) {
                ownTypeCalls.append(i)
            }
            i += 1
        }
        // `Self(model: m)` and `.init(model: m)` in the members of a type or extension: the type itself.
        if !ownTypeCalls.isEmpty {
            for t in file.tree.allTypes {
                for f in t.functions {
                    guard let body = f.bodyTokens, ownTypeCalls.contains(where: { body.contains($0) }), !inPreview(body.lowerBound) else { continue }
                    // `.init(…)` only where the function returns it as its own type (`static func build() -> Self`).
                    let returnsOwnType = f.returnTypeTokens.map { r in r.count == 1 && (file.isWord(r.lowerBound, "Self") || file.name(r.lowerBound) == t.indexName) } ?? false
                    for i in ownTypeCalls where body.contains(i)
                        && (file.isWord(i, "Self") || (returnsOwnType && (i - 1 == body.lowerBound || file.isWord(i - 2, "return")))) {
                        existingArguments(ofCallAt: i + 1, in: file) { out.calls.append((t.indexName, $0)) }
                    }
                }
            }
        }
        return out.inits.isEmpty && out.calls.isEmpty ? nil : out
    }

    /// Calls `found` with each labelled argument of the call whose `(` is at `open` that is an
    /// existing value: a name or a chain of names with no call (`model`, `self.model`,
    /// `session.player`), or a shared instance (`Model.shared`, `.shared`).
    static func existingArguments(ofCallAt open: Int, in file: SourceFile, _ found: (Site) -> Void) {
        guard let close = file.partner(open), close > open + 1 else { return }
        var start = open + 1
        var j = start
        while j <= close {
            let k = file.kind(j)
            if j < close, k == .leftParen || k == .leftBracket || k == .leftBrace, let c = file.partner(j), c > j, c < close {
                j = c + 1
                continue
            }
            if j == close || k == .comma {
                // `label: value`
                if j - start >= 3, file.kind(start) == .identifier || file.kind(start) == .keyword, file.kind(start + 1) == .colon,
                   isExistingValue(start + 2, end: j, in: file) {
                    found(Site(property: file.name(start), text: file.text(of: (start + 2)..<j), line: Int(file.tokens[start + 2].line)))
                }
                start = j + 1
            }
            j += 1
        }
    }

    /// `model`, `self.model`, `session.player`: names with no call and a lower-case root; or a
    /// shared instance (`SessionModel.shared`, `.current()`).
    static func isExistingValue(_ start: Int, end: Int, in file: SourceFile) -> Bool {
        var i = start
        if file.isWord(i, "self") {
            guard file.kind(i + 1) == .period, i + 2 < end else { return false }
            i += 2
        }
        guard file.kind(i) == .identifier, !file.beginsWithCapital(i) else {
            // `Model.shared`, `.shared`, `Model.current()`: a short chain whose second name may
            // name a shared instance (its first letter tells most names apart at no cost).
            let member = file.kind(start) == .period ? start + 1 : start + 2
            guard end - start <= 12, member < end, file.kind(start) == .period || (file.kind(start) == .identifier && file.beginsWithCapital(start)),
                  file.kind(member) == .identifier || file.kind(member) == .keyword,
                  sharedNameInitials.contains(file.bytes[Int(file.tokens[member].start)] | 0x20) else { return false }
            return file.isSharedInstanceChain(start..<end)
        }
        // `$binding` (a projected value), `nil`, `true`, `false`.
        guard !file.isText(i, "nil"), !file.isText(i, "true"), !file.isText(i, "false"),
              file.bytes[Int(file.tokens[i].start)] != UInt8(ascii: "$") else { return false }
        i += 1
        while i < end {
            guard file.kind(i) == .period, i + 1 < end, file.kind(i + 1) == .identifier else { return false }
            i += 2
        }
        return true
    }

    /// The first letters, lower-cased, of the names of shared instances (`shared`, `current`, …).
    private static let sharedNameInitials: Set<UInt8> = Set(PropertySummary.sharedInstanceNames.compactMap { $0.lowercased().utf8.first })

    static func merge(_ files: [FactContribution<FileSites>], in project: ProjectIndex) -> StateObjectHandOvers {
        var out = StateObjectHandOvers()
        for f in files {
            for (type, site) in f.fact.inits {
                var s = site
                s.path = f.path
                out.extensionInits[type, default: []].append(s)
            }
            for (type, site) in f.fact.calls {
                // Only structs of the project have a memberwise initializer.
                // (A simple name that several types share does not tell which one a call makes.)
                guard project.kind(of: type) == .struct, project.symbol(type)?.isDeclaredMoreThanOnce != true else { continue }
                var s = site
                s.path = f.path
                out.memberwiseArguments[type, default: []].append(s)
            }
        }
        return out
    }
}
