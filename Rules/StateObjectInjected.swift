/// `state_object_injected`: a `@StateObject` creates its instance; it is not handed one.
import MVILintCore

struct StateObjectInjected: Rule {
    static let info = RuleInfo(
        id: "state_object_injected",
        title: "StateObject Initialised from Outside",
        summary: "A `@StateObject` must create its model, not wrap an instance passed in from outside",
        rationale: """
        `StateObject(wrappedValue:)` evaluates its argument only once, when the view first appears. \
        When the argument is an existing instance (a parameter, a shared object, a global named bare \
        as the initial value: `@StateObject var model = sharedModel`), later instances the \
        parent passes are silently ignored, and ownership is muddled: the parent and the view both think \
        they own the model. Inject it with `@ObservedObject`, or construct a new instance inside the \
        autoclosure: `_model = StateObject(wrappedValue: Model(id: id))`. A factory that the \
        autoclosure calls makes a new instance too: a static factory of the type, a closure parameter \
        of `init`, or a function called by its plain name (`makeModel(id: id)`, `scoped { Model() }`), \
        unless its name says it hands out a shared instance (`currentSession()`), and a method named \
        for making something at the end of a chain (`Container.shared.assembly().buildState(id: id)`, \
        also `make…`, `create…`), and a call of a Factory registration of the project that names no \
        scope (`Container.shared.pinModel(userID)`, which the library makes anew at each call; one \
        with `.singleton`, `.cached`, `.shared` or `.scope(…)` hands out a kept instance); so does a \
        local of `init` that holds what such a call returned (`let made = factory.makeBadge()`, the \
        factory itself a local or not), or a member of it (`result.model`, `result.0`, of a tuple the \
        factory returns, also bound by a tuple pattern: `let (session, guardian) = Self.makeModels()`); \
        so does a call of a project function whose every `return` constructs the type it returns, or \
        returns a local of its own that holds such a construction and is not assigned again \
        (`ModelFactory.getFeedModel()` ending with `return FeedModel(source: source)`; \
        `let made = Navigator(depth: 1); made.owner = self; return made`), whatever its \
        name, when no other function of that name may return a kept instance; \
        so does a member of a container the `init` makes with no argument (`let graph = AppGraph()`, \
        then `graph.prefs`) that the container stores with no initial value, set in its own `init`. \
        A closure called at once (`{ let m = Model(); m.configure(); return m }()`) makes a new instance \
        when what it returns is one.
        """,
        category: .lifecycle,
        defaults: [.mvvm: .warning, .mvi: .warning],
        examples: StateObjectInjected.examplesList)

    /// Only a file's view types are checked.
    static func mayReport(in scope: FileScope) -> Bool { scope.declaresViewLike }

    static let facts: [any ProjectFact.Type] = [FreshInstanceCalls.self]

    func check(_ context: inout RuleContext) {
        let file = context.file, project = context.project
        for type in project.viewTypes(in: file) {
            let stateObjects = type.variables.filter { $0.header.hasAttribute("StateObject") && !$0.isStatic }
            guard !stateObjects.isEmpty else { continue }
            var reported = Set<String>()
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
                for m in file.mutations(in: body) where m.kind == .assignment && m.path.count == 1 && m.path[0].hasPrefix("_") {
                    let name = String(m.path[0].dropFirst())
                    guard let v = stateObjects.first(where: { $0.name == name }), !reported.contains(name) else { continue }
                    // `StateObject(wrappedValue: …)`, or `.init(wrappedValue: …)` with the type inferred.
                    var rhs = m.operatorToken + 1
                    if file.kind(rhs) == .period, file.isWord(rhs + 1, "init") { rhs += 1 } else if !file.isWord(rhs, "StateObject") { continue }
                    guard file.kind(rhs + 1) == .leftParen, let close = file.partner(rhs + 1) else { continue }
                    // The argument after `wrappedValue:`.
                    var arg = rhs + 2
                    if file.kind(arg) == .identifier, file.kind(arg + 1) == .colon { arg += 2 }
                    guard arg < close else { continue }
                    // A new instance: made in the autoclosure, or just before it in `init`.
                    if file.newInstance(at: arg, end: close, annotated: v.type, in: body) != nil { continue }
                    // `{ let fresh = Model(); fresh.configure(); return fresh }()`: a closure called at
                    // once, whose `return` hands back a new instance.
                    if returnsNewInstance(closureAt: arg, end: close, annotated: v.type, file: file) { continue }
                    // Made by a factory that the autoclosure calls: a closure parameter of `init`
                    // (`router: @autoclosure @escaping () -> Router`), or a computed static
                    // property of the view (`Self.makeRouter`).
                    if callsClosureParameter(arg, end: close, of: f, file: file) || readsComputedStatic(arg, end: close, of: type, file: file)
                        || callsFactoryFunction(arg, end: close, file: file, project: project) { continue }
                    // A local of `init` made by such a factory call (`let fresh = makeModel(id: id)`,
                    // `let made = factory.makeBadge()`), as a local made by a construction is; also a
                    // member of one (`result.model`, of a tuple the factory returns).
                    let readsLocal = arg + 1 == close || (arg + 3 == close && file.kind(arg + 1) == .period
                                                          && (file.kind(arg + 2) == .identifier || file.kind(arg + 2) == .integerLiteral))
                    if readsLocal, file.kind(arg) == .identifier, let (eq, assignments) = file.localBinding(at: arg, in: body) ?? file.tupleBinding(at: arg, in: body),
                       file.kind(eq) == .equal, assignments.isEmpty,
                       let valueEnd = file.plainCallEnd(from: eq + 1, before: arg) ?? valueEnd(from: eq + 1, before: arg, file: file) {
                        if callsFactoryFunction(eq + 1, end: valueEnd, file: file, project: project) { continue }
                        // `let graph = AppGraph(); … graph.prefs`: a member that a container made here,
                        // with nothing given to it, sets in its own `init`.
                        if arg + 3 == close, containerMakesMember(file.name(arg + 2), madeFrom: eq + 1, end: valueEnd, file: file, project: project) { continue }
                    }
                    reported.insert(name)
                    context.report(at: v.nameToken, .injected(name, file.text(of: arg..<close)))
                }
            }
        }
    }
}

extension StateObjectInjected {
    /// `factory()`: the whole argument calls a parameter of `function` whose type is a function type.
    private func callsClosureParameter(_ arg: Int, end: Int, of function: FunctionDecl, file: SourceFile) -> Bool {
        guard file.kind(arg) == .identifier, file.kind(arg + 1) == .leftParen, file.partner(arg + 1) == end - 1 else { return false }
        let name = file.name(arg)
        return file.parameters(of: function).contains { $0.name == name && $0.type?.isFunctionType == true }
    }

    /// Whether the argument `arg..<end` is a closure called at once (`{ … }()`) each of whose
    /// `return`s hands back a new instance (made there, or by a local of the closure).
    private func returnsNewInstance(closureAt arg: Int, end: Int, annotated: TypeRef?, file: SourceFile) -> Bool {
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
    /// something at the end of a chain.
    private func callsFactoryFunction(_ arg: Int, end: Int, file: SourceFile, project: ProjectIndex) -> Bool {
        // `makeModel(id: id)`, also with trailing closures (`scoped { Model() }`).
        if file.kind(arg) == .identifier, !file.beginsWithCapital(arg), file.kind(arg - 1) != .period,
           file.kind(arg + 1) == .leftParen || file.kind(arg + 1) == .leftBrace, file.plainCallEnd(from: arg, before: end) == end {
            return !PropertySummary.mayNameSharedInstance(file.name(arg))
        }
        // `Container.shared.assembly().buildState(id: id)`: a chain that ends in a call of a
        // method named for making something (`make…`, `build…`, `create…`).
        guard file.kind(end - 1) == .rightParen, let open = file.partner(end - 1), open > arg + 1,
              file.kind(open - 1) == .identifier, file.kind(open - 2) == .period else { return false }
        let name = file.name(open - 1)
        let calls = project.fact(FreshInstanceCalls.self)
        // `Container.shared.pinModel(id)`: a Factory registration that names no scope makes a
        // new instance for each call.
        if file.isWord(open - 3, "shared"), calls.unscopedFactories.contains(name) { return true }
        // `ModelFactory.getFeedModel()`: a project function whose every `return` constructs its type.
        if calls.freshInstanceFunctions.contains(name) { return true }
        return ["make", "build", "create"].contains { prefix in
            name.hasPrefix(prefix) && (name.count == prefix.count || name.dropFirst(prefix.count).first?.isUppercase == true)
        }
    }

    /// Whether `start..<end` constructs, with no argument, a class or struct of the project
    /// (`AppGraph()`) that stores `member` with no initial value: the container's own `init`
    /// makes what it holds there.
    private func containerMakesMember(_ member: String, madeFrom start: Int, end: Int, file: SourceFile, project: ProjectIndex) -> Bool {
        guard file.kind(start) == .identifier, file.beginsWithCapital(start), file.kind(start + 1) == .leftParen,
              file.kind(start + 2) == .rightParen, start + 3 == end,
              let symbol = project.symbol(file.name(start)), symbol.kind == .class || symbol.kind == .struct else { return false }
        return symbol.storedProperties.contains { $0.name == member && !$0.hasInitializer && !$0.isWeakReference }
    }

    /// The end of the value expression at `start` (`SourceFile.valueExpressionEnd`), when it ends
    /// before `limit`.
    private func valueEnd(from start: Int, before limit: Int, file: SourceFile) -> Int? {
        let end = file.valueExpressionEnd(from: start, before: limit)
        return end < limit ? end : nil
    }

    /// `Self.make` or `View.make`: the whole argument reads a static property of `type` that is
    /// computed, so that each read builds what it returns.
    private func readsComputedStatic(_ arg: Int, end: Int, of type: TypeDecl, file: SourceFile) -> Bool {
        guard end - arg == 3, file.isWord(arg, "Self") || file.name(arg) == type.name,
              file.kind(arg + 1) == .period, file.kind(arg + 2) == .identifier else { return false }
        let name = file.name(arg + 2)
        return type.variables.contains { $0.name == name && $0.isStatic && !$0.isStored }
    }
}

private extension String {
    static func injected(_ name: String, _ argument: String) -> String {
        "`\(name)` is a `@StateObject` initialised with the existing instance `\(argument)`; create the model inside `StateObject(wrappedValue:)` or use `@ObservedObject`"
    }
}
