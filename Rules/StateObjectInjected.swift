/// `state_object_injected`: a `@StateObject` creates its instance; it is not handed one.
import MVILintCore

struct StateObjectInjected: Rule {
    static let info = RuleInfo(
        id: "state_object_injected",
        title: "StateObject Initialised from Outside",
        summary: "A `@StateObject` must create its model, not wrap an instance passed in from outside",
        rationale: """
        `StateObject(wrappedValue:)` evaluates its argument only once, when the view first appears. \
        When the argument is an existing instance (a parameter, a property of another view, a shared \
        object), later instances the parent passes are silently ignored, and ownership is muddled: the \
        parent and the view both think they own the model. When it is a local that `init` built first, \
        that model is built, and its setup runs, on every re-render, and all but the first are thrown \
        away. Inject the model with `@ObservedObject`, or construct it inside the autoclosure: \
        `_model = StateObject(wrappedValue: Model(id: id))`.
        """,
        details: """
        - Where the instance comes from: an initial value that is a shared instance or a global \
        (`@StateObject var model = Model.shared`, `= sharedAppModel`); an assignment \
        `_model = StateObject(wrappedValue: …)` (also `self._model`, `.init(wrappedValue: …)`) in an \
        initializer of the view or of any of its extensions, in any file; or an argument of the view's \
        memberwise initializer.
        - In an initializer, the argument is reported when it is a parameter, a property, a shared \
        instance (`.shared`, `Model.current()`), a local of `init` or a member of one \
        (`let m = Model(); m.prefetch(); _m = StateObject(wrappedValue: m)`, `graph.prefs`, `pair.0`), \
        whatever made the local. In an `App`, which is made once, a local of `init` is not reported.
        - A new instance made in the autoclosure is fine: a construction (`Model(…)`, `.init(…)`, \
        `.init { … }`, `Self.Model(…)`), also in both arms of a conditional (`demo ? Demo() : Model()`); a \
        static factory of the type (`Model.make(…)`, `.preview()`, not `Model.shared()`); a closure \
        called at once that returns a new instance (`{ let m = Model(); m.configure(); return m }()`); a \
        closure parameter of `init` (`router()`); a computed static property of the view \
        (`Self.makeRouter`); a function called by its plain name (`makeModel(id: id)`, \
        `scoped { Model() }`) unless its name says it hands out a shared instance (`currentSession()`); \
        a method named for making something at the end of a chain (`make…`, `build…`, `create…`); a \
        project function whose every `return` constructs its type (`ModelFactory.getFeedModel()`, also \
        returning a local that holds a construction), when no function of that name may return a kept \
        instance; a Factory registration of the project that names no scope \
        (`Container.shared.pinModel(id)`; one with `.singleton`, `.cached`, `.shared` or `.scope(…)` \
        hands out a kept instance).
        - Swift's memberwise initializer of a struct that declares no initializer in its primary \
        declaration takes each `@StateObject` as an autoclosure. The property is reported when a call \
        site anywhere in the project (another view, a static factory such as `build()` returning \
        `Self(container: container)`, a `UIHostingController(rootView:)`) passes an existing value for \
        it: a name (a local, a parameter, a property), a chain of names with no call \
        (`self.model`, `list.selected`), or a shared instance. A construction or any other call in the \
        argument (`ItemRow(model: ItemModel(id: id))`, `list.makeModel(for: item)`) runs inside the \
        autoclosure and is fine. Call sites are matched by the view's simple name and the argument's \
        label. Call sites in test code and in previews (`#Preview`, `PreviewProvider`) are not counted.
        - Each property is reported once, on its declaration, whichever of these finds it first.
        """,
        category: .lifecycle,
        defaults: [.mvvm: .warning, .mvi: .warning],
        examples: StateObjectInjected.examplesList)

    /// Only a file's view types are checked.
    static func mayReport(in scope: FileScope) -> Bool { scope.declaresViewLike }

    static let facts: [any ProjectFact.Type] = [FreshInstanceCalls.self, StateObjectHandOvers.self]

    func check(_ context: inout RuleContext) {
        let file = context.file, project = context.project
        let handOvers = project.fact(StateObjectHandOvers.self)
        for type in project.viewTypes(in: file) {
            let stateObjects = type.variables.filter { $0.header.hasAttribute("StateObject") && !$0.isStatic }
            guard !stateObjects.isEmpty else { continue }
            var reported = Set<String>()
            // An `App` is made once: a local of its `init` is made once too.
            let madeOnce = project.isApp(type)
            // `@StateObject var model = Model.shared`: the autoclosure hands over an existing instance.
            for v in stateObjects {
                // Also a bare name (`= sharedAppModel`): a property's initial value cannot read the
                // instance's members, so the name is a global, an instance that already exists.
                guard let r = v.initializer, file.isSharedInstanceChain(r) || (r.count == 1 && file.kind(r.lowerBound) == .identifier) else { continue }
                reported.insert(v.name)
                context.report(at: v.nameToken, .injected(v.name, file.text(of: r)))
            }
            for f in type.functions where f.kind == .initializer {
                guard let body = f.bodyTokens else { continue }
                for (name, arg, close) in Self.stateObjectAssignments(in: body, file: file) {
                    guard let v = stateObjects.first(where: { $0.name == name }), !reported.contains(name) else { continue }
                    let handed = Self.handedValue(arg, end: close, annotated: v.type, in: f, body: body, of: type, file: file)
                    switch handed {
                    case .fresh: continue
                    case .freshIfMade(let call): if Self.callMakesInstance(call, project: project) { continue }
                    case .local: if madeOnce { continue }
                    case .existing: break
                    }
                    reported.insert(name)
                    context.report(at: v.nameToken, handed == .local ? .local(name, file.text(of: arg..<close)) : .injected(name, file.text(of: arg..<close)))
                }
            }
            guard type.kind != .extension else { continue }
            // An initializer declared in an extension, in any file.
            if let sites = handOvers.extensionInits[type.name] {
                for v in stateObjects where !reported.contains(v.name) {
                    guard let site = sites.first(where: { site in
                        site.property == v.name && !(site.local && madeOnce) && !(site.unlessMade.map { Self.callMakesInstance($0, project: project) } ?? false)
                    }) else { continue }
                    reported.insert(v.name)
                    context.report(at: v.nameToken, site.local ? .local(v.name, site.text) : .injected(v.name, site.text, in: site.path, line: site.line))
                }
            }
            // Swift's memberwise initializer: a struct that declares no initializer of its own.
            guard type.kind == .struct, !type.functions.contains(where: { $0.kind == .initializer }),
                  let calls = handOvers.memberwiseArguments[type.name] else { continue }
            for v in stateObjects where !reported.contains(v.name) {
                guard let site = calls.first(where: { $0.property == v.name }) else { continue }
                reported.insert(v.name)
                context.report(at: v.nameToken, .memberwise(v.name, type.name, site.text, in: site.path, line: site.line))
            }
        }
    }
}

/// What a `@StateObject`'s autoclosure is given in an initializer.
enum HandedValue: Equatable {
    /// A new instance made inside the autoclosure.
    case fresh
    /// A new instance when the project's function or Factory registration of this name makes one
    /// at each call (`FreshInstanceCalls`); an existing one otherwise.
    case freshIfMade(String)
    /// A local of the initializer, or a member of one: made (or received) before the autoclosure,
    /// on every call of `init`.
    case local
    /// A parameter, a property, a shared instance or another existing value.
    case existing
}

extension StateObjectInjected {
    /// The assignments `_m = StateObject(wrappedValue: …)` (also `self._m`, `.init(wrappedValue: …)`)
    /// in `body`: the property's name, and the argument's first token and closing parenthesis.
    static func stateObjectAssignments(in body: TokenRange, file: SourceFile) -> [(name: String, arg: Int, close: Int)] {
        var out: [(name: String, arg: Int, close: Int)] = []
        for m in file.mutations(in: body) where m.kind == .assignment && m.path.count == 1 && m.path[0].hasPrefix("_") {
            // `StateObject(wrappedValue: …)`, or `.init(wrappedValue: …)` with the type inferred.
            var rhs = m.operatorToken + 1
            if file.kind(rhs) == .period, file.isWord(rhs + 1, "init") { rhs += 1 } else if !file.isWord(rhs, "StateObject") { continue }
            guard file.kind(rhs + 1) == .leftParen, let close = file.partner(rhs + 1) else { continue }
            // The argument after `wrappedValue:`.
            var arg = rhs + 2
            if file.kind(arg) == .identifier, file.kind(arg + 1) == .colon { arg += 2 }
            guard arg < close else { continue }
            out.append((String(m.path[0].dropFirst()), arg, close))
        }
        return out
    }

    /// What the argument `arg..<end` of `StateObject(wrappedValue:)` in the initializer `function`
    /// of `type` hands to the autoclosure.
    static func handedValue(_ arg: Int, end: Int, annotated: TypeRef?, in function: FunctionDecl, body: TokenRange, of type: TypeDecl, file: SourceFile) -> HandedValue {
        // A local of `init` (`let m = Model(); m.prefetch()`), or a member of one (`graph.prefs`,
        // `pair.0`): it is made before the autoclosure, and its setup runs, at every call of `init`.
        let readsName = arg + 1 == end || (arg + 3 == end && file.kind(arg + 1) == .period
                                             && (file.kind(arg + 2) == .identifier || file.kind(arg + 2) == .integerLiteral))
        if readsName, file.kind(arg) == .identifier {
            if let (eq, _) = file.localBinding(at: arg, in: body) {
                // `let manager = ProviderManager.shared`, `let existing = model`: a local that only
                // names an existing instance.
                guard file.kind(eq) == .equal, eq + 1 < arg else { return .local }
                let stop = file.valueExpressionEnd(from: eq + 1, before: arg)
                let value = (eq + 1)..<stop
                if file.isSharedInstanceChain(value) || StateObjectHandOvers.isExistingValue(eq + 1, end: stop, in: file) { return .existing }
                return .local
            }
            return file.tupleBinding(at: arg, in: body) != nil ? .local : .existing
        }
        // A new instance made in the autoclosure: `Model(id: id)`, `Model.make(…)`, `.init { … }`,
        // `flag ? Demo() : Model()`.
        if file.newInstance(at: arg, end: end, annotated: annotated, in: body) != nil
            || file.conditionalInstance(from: arg, to: end, annotated: annotated, factories: true) != nil { return .fresh }
        // `{ let fresh = Model(); fresh.configure(); return fresh }()`: a closure called at
        // once, whose `return` hands back a new instance.
        if returnsNewInstance(closureAt: arg, end: end, annotated: annotated, file: file) { return .fresh }
        // Made by a factory that the autoclosure calls: a closure parameter of `init`
        // (`router: @autoclosure @escaping () -> Router`), or a computed static
        // property of the view (`Self.makeRouter`).
        if callsClosureParameter(arg, end: end, of: function, file: file) || readsComputedStatic(arg, end: end, of: type, file: file) { return .fresh }
        return factoryCall(arg, end: end, file: file)
    }

    /// Whether a call of the method `name` at the end of a chain makes a new instance: a Factory
    /// registration that names no scope (`Container.shared.pinModel(id)`), or a project function
    /// whose every `return` constructs its type (`ModelFactory.getFeedModel()`).
    static func callMakesInstance(_ name: String, project: ProjectIndex) -> Bool {
        let calls = project.fact(FreshInstanceCalls.self)
        return calls.unscopedFactories.contains(name) || calls.freshInstanceFunctions.contains(name)
    }

    /// `factory()`: the whole argument calls a parameter of `function` whose type is a function type.
    private static func callsClosureParameter(_ arg: Int, end: Int, of function: FunctionDecl, file: SourceFile) -> Bool {
        guard file.kind(arg) == .identifier, file.kind(arg + 1) == .leftParen, file.partner(arg + 1) == end - 1 else { return false }
        let name = file.name(arg)
        return file.parameters(of: function).contains { $0.name == name && $0.type?.isFunctionType == true }
    }

    /// Whether the argument `arg..<end` is a closure called at once (`{ … }()`) each of whose
    /// `return`s hands back a new instance (made there, or by a local of the closure).
    private static func returnsNewInstance(closureAt arg: Int, end: Int, annotated: TypeRef?, file: SourceFile) -> Bool {
        guard file.kind(arg) == .leftBrace, let close = file.partner(arg), close + 3 == end,
              file.kind(close + 1) == .leftParen, file.kind(close + 2) == .rightParen else { return false }
        let body = (arg + 1)..<close
        let analysis = file.bodyAnalysis
        let own = analysis.innermost.indices.contains(arg + 1) ? analysis.innermost[arg + 1] : -1
        var returns = 0
        for r in body where file.isWord(r, "return") && analysis.innermost[r] == own {
            // The returned expression, up to the end of its line.
            var e = r + 1
            while e < close, !file.tokens[e].isAtLineStart || e == r + 1, file.kind(e) != .semicolon, file.kind(e) != .rightBrace { e += 1 }
            guard e > r + 1, file.newInstance(at: r + 1, end: e, annotated: annotated, in: body) != nil else { return false }
            returns += 1
        }
        // A single expression (`{ Loader(address: address) }()`) is what the closure returns.
        if returns == 0, close > arg + 1, !body.contains(where: { analysis.innermost[$0] == own && (file.isWord($0, "let") || file.isWord($0, "var")) }),
           file.newInstance(at: arg + 1, end: close, annotated: annotated, in: body) != nil {
            return file.valueExpressionEnd(from: arg + 1, before: close) == close
        }
        return returns > 0
    }

    /// `makeModel(id: id)`: the whole argument calls a function by its plain name (with trailing
    /// closures or not), one not named for a shared instance (`currentSession()`), which the
    /// autoclosure calls once, as it would call an initialiser; or a method named for making
    /// something at the end of a chain (`Container.shared.assembly().buildState(id: id)`); or a
    /// method at the end of a chain that makes a new instance when the project says so
    /// (`freshIfMade`).
    private static func factoryCall(_ arg: Int, end: Int, file: SourceFile) -> HandedValue {
        // `makeModel(id: id)`, also with trailing closures (`scoped { Model() }`).
        if file.kind(arg) == .identifier, !file.beginsWithCapital(arg), file.kind(arg - 1) != .period,
           file.kind(arg + 1) == .leftParen || file.kind(arg + 1) == .leftBrace, file.plainCallEnd(from: arg, before: end) == end {
            return PropertySummary.mayNameSharedInstance(file.name(arg)) ? .existing : .fresh
        }
        guard file.kind(end - 1) == .rightParen, let open = file.partner(end - 1), open > arg + 1,
              file.kind(open - 1) == .identifier, file.kind(open - 2) == .period else { return .existing }
        let name = file.name(open - 1)
        let made = ["make", "build", "create"].contains { prefix in
            name.hasPrefix(prefix) && (name.count == prefix.count || name.dropFirst(prefix.count).first?.isUppercase == true)
        }
        if made { return .fresh }
        // `Container.shared.pinModel(id)`, `ModelFactory.getFeedModel()`: it depends on the project
        // (a registration named `currentPinModel` that names no scope makes one too).
        return .freshIfMade(name)
    }

    /// `Self.make` or `View.make`: the whole argument reads a static property of `type` that is
    /// computed, so that each read builds what it returns.
    private static func readsComputedStatic(_ arg: Int, end: Int, of type: TypeDecl, file: SourceFile) -> Bool {
        guard end - arg == 3, file.isWord(arg, "Self") || file.name(arg) == type.indexName,
              file.kind(arg + 1) == .period, file.kind(arg + 2) == .identifier else { return false }
        let name = file.name(arg + 2)
        return type.variables.contains { $0.name == name && $0.isStatic && !$0.isStored }
    }
}

private extension String {
    static func injected(_ name: String, _ argument: String) -> String {
        "`\(name)` is a `@StateObject` initialised with the existing instance `\(argument)`; create the model inside `StateObject(wrappedValue:)` or use `@ObservedObject`"
    }
    static func injected(_ name: String, _ argument: String, in path: String, line: Int) -> String {
        "`\(name)` is a `@StateObject` initialised with the existing instance `\(argument)` (in an initializer at \(site(path, line))); create the model inside `StateObject(wrappedValue:)` or use `@ObservedObject`"
    }
    static func local(_ name: String, _ argument: String) -> String {
        "`\(name)` is a `@StateObject` initialised with `\(argument)`, made before `StateObject(wrappedValue:)` in `init`: it is made again, and its setup runs, on every re-render, and only the first is kept; create the model inside `StateObject(wrappedValue:)` or use `@ObservedObject`"
    }
    static func memberwise(_ name: String, _ type: String, _ argument: String, in path: String, line: Int) -> String {
        "`\(name)` is a `@StateObject` filled by the memberwise initializer of `\(type)`, and \(site(path, line)) passes the existing instance `\(argument)`; construct the model in the argument, or use `@ObservedObject`"
    }
    static func site(_ path: String, _ line: Int) -> String {
        "\(path.split(separator: "/").last.map(String.init) ?? path):\(line)"
    }
}
