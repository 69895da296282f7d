/// What `main_actor_mutation` collects about the project's functions that take closures: those that
/// run the closure they are given on the main queue (`Utils.onMain { }`, `DispatchQueue.executeOnMain
/// { }`), during the call, or in the caller's context, so that it can tell where such a closure runs.
import MVILintCore

/// Where the project's functions run the closures they are given.
struct MainHopFacts: ProjectFact {
    /// Names of project functions that run the closure they are given on the main queue.
    var mainHoppingFunctions: Set<String> = []
    /// Names of project functions that run the closures they are given during the call
    /// (non-escaping closure parameters only).
    var synchronousClosureFunctions: Set<String> = []
    /// Names of project functions that keep the closure they are given and call it on the main
    /// queue or in the caller's context: it runs on the main queue when they are called there.
    var mainOrCallerContextFunctions: Set<String> = []
    /// As `mainHoppingFunctions` and `mainOrCallerContextFunctions`, for methods named with their
    /// type (`WatchPoller.start`): for a call whose receiver's type is known.
    var mainHoppingMethods: Set<String> = []
    var mainOrCallerContextMethods: Set<String> = []
    /// Function name → the closure parameters of each project function of that name.
    var closureParameterLists: [String: [[ClosureParameterFact]]] = [:]

    static func collect(from file: SourceFile, isTestCode: Bool) -> [MainHopSummary]? {
        collect(from: file, isTestCode: isTestCode, knowledge: .builtIn)
    }

    static func collect(from file: SourceFile, isTestCode: Bool, knowledge: Knowledge) -> [MainHopSummary]? {
        // A test double (a mock calling its completion at once) does not run in the app: it does
        // not tell how the app's function of that name runs its closure.
        // Nor does a preview stub (a `PreviewProvider`, a type of "Preview Content", a type named
        // for a mock or stub).
        guard !isTestCode, !MainActorMutation.isPreviewFile(file) else { return nil }
        var functions = MainHopSummary.functions(in: file, knowledge: knowledge)
        if !functions.isEmpty, file.tree.allTypes.contains(where: { MainActorMutation.isPreviewCode($0, in: file) }) {
            let stubs = Set(file.tree.allTypes.filter { MainActorMutation.isPreviewCode($0, in: file) }.map(\.indexName))
            functions.removeAll { $0.owner.map(stubs.contains) == true }
        }
        return functions.isEmpty ? nil : functions
    }

    static func intern(_ fact: inout [MainHopSummary], with interner: StringInterner) {
        for k in fact.indices {
            fact[k].name = interner.intern(fact[k].name)
            fact[k].calls = interner.intern(fact[k].calls)
        }
    }

    static func merge(_ files: [FactContribution<[MainHopSummary]>], in project: ProjectIndex) -> MainHopFacts {
        var out = MainHopFacts()
        let functions = files.flatMap(\.fact)
        out.mainHoppingFunctions = MainHopSummary.mainHopping(functions, in: project)
        out.synchronousClosureFunctions = MainHopSummary.synchronous(functions)
        out.mainOrCallerContextFunctions = MainHopSummary.mainOrCallerContext(functions, mainHopping: out.mainHoppingFunctions)
        (out.mainHoppingMethods, out.mainOrCallerContextMethods) = MainHopSummary.methodPlacements(functions, mainHopping: out.mainHoppingFunctions)
        for m in functions { out.closureParameterLists[m.name, default: []].append(m.closureParameters) }
        return out
    }
}

/// One function of the project that takes a closure parameter, as `MainHopFacts` keeps it.
struct MainHopSummary: Sendable {
    /// `Task { @MainActor`
    static let mainActorTask = TokenPattern(.word("Task"), .leftBrace, .kind(.at), .word("MainActor"))

    var name: String
    /// The type whose method it is (an extension's extended type); nil for a global function.
    var owner: String? = nil
    /// Its body schedules work on the main queue or actor (`DispatchQueue.main`,
    /// `OperationQueue.main`, `RunLoop.main`, `MainActor.run`, `Task { @MainActor in }`), or runs it
    /// where the main actor is asserted (`MainActor.assumeIsolated`, which stops the program anywhere else).
    var hopsToMain: Bool
    /// Its body names another queue or starts a task (`global`, `DispatchQueue(…)`, `Task`,
    /// `detached`): where the closure runs cannot be trusted.
    var mayLeaveMain: Bool
    /// Names of the functions it may hand the closure to (`name(block)`, `.name { … }`,
    /// `name(…) { … }`), to follow one helper forwarding to another.
    var calls: [String]
    /// The calls of `calls` made on a stored property of the function's own type whose type the
    /// declaration tells (`wire.send(url) { … }` with `let wire = Wire()`), as `Type.name`.
    var typedCalls: [String] = []
    /// Every closure parameter is non-escaping (no `@escaping`, not optional): the closure runs
    /// during the call, where the caller runs, unless the body hands it to another queue.
    var takesOnlyNonEscapingClosures = false
    /// The body keeps its closure in a property (`self.onChange = onChange`) that the type's code
    /// calls only on the main queue, in the caller's context, or in closures given to the
    /// functions of `StoredHandlerPlacement.requires`; nil when a call of it may run elsewhere.
    var storedHandler: StoredHandlerPlacement? = nil
    /// Its closure parameters in order: how a closure passed to each one runs.
    var closureParameters: [ClosureParameterFact] = []
    /// Escaping or not, its closures run during the call: the body calls them directly, outside
    /// every closure of its own (`completion(.success(dish))` after a synchronous write), or hands
    /// them to the functions of `calls`, which must run them during the call too.
    var callsClosuresDuringCall = false

    /// The functions of `file` (top-level and members) with a parameter of function type whose
    /// body uses that parameter.
    static func functions(in file: SourceFile, knowledge: Knowledge = .builtIn) -> [MainHopSummary] {
        var result: [MainHopSummary] = []
        var handlerMemo: [ObjectIdentifier: [String: StoredHandlerPlacement]] = [:]
        // The file's declarations of each type, made once, when a call's receiver is not a
        // property of the declaration the call is in.
        var declarationsByOwner: [String: [TypeDecl]]? = nil
        // `typealias Completion = (Greeting) -> Void` in this file: a parameter of that type is a closure.
        let functionAliases = Set(file.tree.typeAliases.compactMap { $0.target?.isFunctionType == true ? $0.name : nil })
        let callbackWords = knowledge.callbackMethodWords
        func take(_ f: FunctionDecl, in type: TypeDecl? = nil) {
            // An initializer is called by its type's name (`ChildModel(onSave: { … })`).
            guard f.kind == .function || (f.kind == .initializer && type != nil),
                  let body = f.bodyTokens, let open = f.parameterOpen, let close = f.parameterClose, open < close,
                  (open..<close).contains(where: { file.kind($0) == .arrow || (!functionAliases.isEmpty && file.kind($0) == .identifier && functionAliases.contains(file.name($0))) })
            else { return }
            let closureParameters = file.parameters(of: f).filter { p in p.type.map { $0.isFunctionType || functionAliases.contains($0.baseName) } == true }
            let closures = closureParameters.map { Array($0.name.utf8) }
            guard !closures.isEmpty else { return }
            // Compared as bytes: most of a body's names are not the parameter.
            func isClosure(_ i: Int) -> Bool {
                guard file.kind(i) == .identifier else { return false }
                let (a, b) = file.nameRange(i)
                return closures.contains { $0.count == b - a && file.bytes[a..<b].elementsEqual($0) }
            }
            let owner = type.map { $0.kind == .extension ? $0.extendedBaseName : $0.name }
            var m = MainHopSummary(name: f.kind == .initializer ? owner ?? f.name : f.name, hopsToMain: false, mayLeaveMain: false, calls: [])
            m.owner = owner
            m.closureParameters = closureParameters.map { p in
                let text = p.type?.text ?? ""
                return ClosureParameterFact(label: p.label ?? "_", escapes: text.contains("@escaping") || text.hasSuffix("?") || text.hasSuffix("!"),
                                            isMainActor: text.contains("@MainActor"))
            }
            m.takesOnlyNonEscapingClosures = m.closureParameters.allSatisfy { !$0.escapes }
            var usesClosure = false
            for i in body where file.kind(i) == .identifier || file.kind(i) == .keyword {
                if file.isWord(i, "main"), file.kind(i - 1) == .period,
                   file.isWord(i - 2, "DispatchQueue") || file.isWord(i - 2, "OperationQueue") || file.isWord(i - 2, "RunLoop") {
                    m.hopsToMain = true
                } else if file.isWord(i, "run") || file.isWord(i, "assumeIsolated"), file.kind(i - 1) == .period, file.isWord(i - 2, "MainActor") {
                    m.hopsToMain = true
                } else if file.matches(mainActorTask, at: i), file.kind(i - 1) != .period, let close = file.partner(i + 1),
                          (i + 4..<close).contains(where: { k in
                              isClosure(k) && file.kind(k - 1) != .period
                                  && (file.kind(k + 1) == .leftParen || (file.isText(k + 1, "?") && file.kind(k + 2) == .leftParen))
                          }) {
                    // `Task { @MainActor in completion(result) }`: the task calls the closure on the
                    // main actor (one that only stores it is judged by where it is called later).
                    m.hopsToMain = true
                } else if file.startsWorkElsewhere(at: i)
                            || ((file.isWord(i, "DispatchQueue") || file.isWord(i, "OperationQueue")) && file.kind(i + 1) == .leftParen) {
                    m.mayLeaveMain = true
                }
                if file.kind(i - 1) != .period, isClosure(i) { usesClosure = true }
                // A call the closure may be handed to: `helper(block)`, `Type.helper { block() }`.
                guard file.kind(i) == .identifier else { continue }
                if file.kind(i + 1) == .leftBrace && file.kind(i - 1) == .period {
                    m.calls.append(file.name(i))
                    if let t = type, let held = receiverType(of: i, in: t, file: file, declarations: &declarationsByOwner) { m.typedCalls.append(held + "." + file.name(i)) }
                    if file.isName(i, in: callbackWords), callsBackOnMain(at: i, in: f, type: type, file: file, knowledge: knowledge) { m.hopsToMain = true }
                } else if file.kind(i + 1) == .leftParen, let close = file.partner(i + 1), close > i + 1,
                          (i + 2..<close).contains(where: isClosure) || file.kind(close + 1) == .leftBrace {
                    m.calls.append(file.name(i))
                    if file.kind(i - 1) == .period, let t = type, let held = receiverType(of: i, in: t, file: file, declarations: &declarationsByOwner) { m.typedCalls.append(held + "." + file.name(i)) }
                    // `AF.request(url).responseData(completionHandler: completion)`, `db.collection("notes")
                    // .getDocuments { … completion(r) }`: a call of `MainQueueCallbacks`.
                    if file.kind(i - 1) == .period, file.isName(i, in: callbackWords),
                       callsBackOnMain(at: i, in: f, type: type, file: file, knowledge: knowledge) { m.hopsToMain = true }
                }
            }
            // Work on another queue that hands its result back on the main one (`global().async {
            // …; DispatchQueue.main.async { completion(r) } }`): the closure itself runs on main.
            if m.hopsToMain, m.mayLeaveMain, usesClosure, closureRunsOnlyOnMain(in: body, file: file, isClosure: isClosure) {
                m.mayLeaveMain = false
            }
            if usesClosure, !m.takesOnlyNonEscapingClosures, !m.hopsToMain, !m.mayLeaveMain {
                m.callsClosuresDuringCall = callsClosuresDuringCall(in: body, file: file, isClosure: isClosure)
            }
            // `self.handler = handler`: the closure is kept and called later, by the type's own code.
            if !m.hopsToMain, !m.mayLeaveMain, let type = type {
                m.storedHandler = storedHandlerPlacement(in: body, of: f, closure: isClosure, type: type, file: file, memo: &handlerMemo)
            }
            if usesClosure { result.append(m) }
        }
        for f in file.tree.topLevelFunctions { take(f) }
        for t in file.tree.allTypes { for f in t.functions { take(f, in: t) } }
        return result
    }

    /// The type of the stored property of `type` that receives the call named at `i`
    /// (`wire.send`, `self.wire.send`), when its declaration tells it (`let wire: Wire`,
    /// `private let wire = Wire()`, `PropertySummary.typeName`); nil otherwise.
    static func receiverType(of i: Int, in type: TypeDecl, file: SourceFile, declarations byOwner: inout [String: [TypeDecl]]?) -> String? {
        guard file.kind(i - 1) == .period, file.kind(i - 2) == .identifier else { return nil }
        let receiver = i - 2
        if file.kind(receiver - 1) == .period, !(file.isWord(receiver - 2, "self") && file.kind(receiver - 3) != .period) { return nil }
        let name = file.name(receiver)
        // Declared in this declaration, or in another of the same type in this file (the class
        // body, for a method of one of its extensions).
        func owner(_ t: TypeDecl) -> String { t.kind == .extension ? t.extendedBaseName : t.name }
        var declarations = [type]
        if !type.variables.contains(where: { $0.name == name }) {
            if byOwner == nil { byOwner = Dictionary(grouping: file.tree.allTypes, by: owner) }
            declarations = byOwner?[owner(type)] ?? []
        }
        for d in declarations {
            guard let v = d.variables.first(where: { $0.name == name && !$0.isStatic && $0.isStored }) else { continue }
            guard let t = PropertySummary.typeName(of: v, in: file), !t.isEmpty else { return nil }
            return t
        }
        return nil
    }

    /// Every use of a closure parameter in `body` is a call (`completion(r)`, `completion?(r)`) or
    /// an argument of a call (`source.create(dish, completion: completion)`), outside every closure
    /// of the body: nothing keeps the closure or calls it later.
    static func callsClosuresDuringCall(in body: TokenRange, file: SourceFile, isClosure: (Int) -> Bool) -> Bool {
        for i in body where isClosure(i) && file.kind(i - 1) != .period {
            // The label of an argument (`completion: completion`) is not a use.
            if file.kind(i + 1) == .colon, file.kind(i - 1) == .leftParen || file.kind(i - 1) == .comma { continue }
            if file.bodyAnalysis.enclosingClosures(of: i).contains(where: { $0.open >= body.lowerBound - 1 }) { return false }
            if file.kind(i + 1) == .leftParen || (file.isText(i + 1, "?") && file.kind(i + 2) == .leftParen) { continue }
            // A whole argument: `f(completion)`, `f(x, completion: completion)`.
            let startsArgument = file.kind(i - 1) == .leftParen || file.kind(i - 1) == .comma
                || (file.kind(i - 1) == .colon && (file.kind(i - 3) == .leftParen || file.kind(i - 3) == .comma))
            let endsArgument = file.kind(i + 1) == .rightParen || file.kind(i + 1) == .comma
            if startsArgument && endsArgument, file.enclosingArgumentListOpen(of: i) != nil { continue }
            return false
        }
        return true
    }

    /// Every use of a closure parameter in `body` runs on the main queue or actor: the innermost
    /// closure around it that is not run at once (`forEach`, `queue.sync`) hops there
    /// (`DispatchQueue.main.async { completion(r) }`, `MainActor.run`, `{ @MainActor in }`), or
    /// the use is the `execute:` argument of a main queue's `async`. A use anywhere else (called
    /// directly, handed to another function or a closure that runs elsewhere) is not known to.
    static func closureRunsOnlyOnMain(in body: TokenRange, file: SourceFile, isClosure: (Int) -> Bool) -> Bool {
        for i in body where isClosure(i) && file.kind(i - 1) != .period {
            // The label of an argument (`completion: completion`) is not a use.
            if file.kind(i + 1) == .colon, file.kind(i - 1) == .leftParen || file.kind(i - 1) == .comma { continue }
            if file.kind(i - 1) == .colon, file.isText(i - 2, "execute"), let open = file.enclosingArgumentListOpen(of: i - 2) {
                let names = file.chain(endingAt: open - 1).components.map(\.name)
                if names.contains("main"), names.contains("DispatchQueue") || names.contains("OperationQueue"),
                   let last = names.last, last.hasPrefix("async") { continue }
                return false
            }
            let onMain = innermostDeferredClosureHops(around: i, in: body, file: file) { c in
                c.hopsToMainQueue || c.attributes.contains("MainActor") || sinksOnMain(c.callee, file: file)
            }
            if onMain != true { return false }
        }
        return true
    }

    /// Whether the innermost closure of `body` around token `i` that is not run at once (`forEach`,
    /// `queue.sync`, `synchronousClosureCallNames`) satisfies `hops`; nil when every closure around
    /// `i` within `body` runs at once (or there is none): `i` then runs where `body` does.
    static func innermostDeferredClosureHops(around i: Int, in body: TokenRange, file: SourceFile, _ hops: (ClosureInfo) -> Bool) -> Bool? {
        for c in file.bodyAnalysis.enclosingClosures(of: i) where c.open >= body.lowerBound - 1 {
            if hops(c) { return true }
            if let last = c.callee.last?.name, synchronousClosureCallNames.contains(last) || last == "sync" { continue }
            return false
        }
        return nil
    }

    /// Whether `chain` ends in a Combine `sink` (or an operator that passes values on at once,
    /// `mapError { … }`) whose last `receive(on:)` upstream names the main queue
    /// (`DispatchQueue.main`, `RunLoop.main`, `.main`), followed only by operators that pass
    /// values on at once: its closures run on the main queue.
    static func sinksOnMain(_ chain: [ChainComponent], file: SourceFile) -> Bool {
        guard chain.count >= 3, chain[chain.count - 1].name == "sink" || PublisherMethodSummary.synchronousOperators.contains(chain[chain.count - 1].name),
              let r = chain.lastIndex(where: { $0.name == "receive" }), let open = chain[r].callParen,
              file.isWord(open + 1, "on"), let close = file.partner(open), close > open,
              (open..<close).contains(where: { file.isWord($0, "main") }) else { return false }
        return chain[(r + 1)..<(chain.count - 1)].allSatisfy { PublisherMethodSummary.synchronousOperators.contains($0.name) }
    }

    /// Where the closures that `body` (of `function`) keeps in properties of `type` are called
    /// (`self.handler = handler`, then `handler?(value)` in the type's code); nil when it keeps
    /// none, or when one of them may be called off the main queue.
    static func storedHandlerPlacement(in body: TokenRange, of function: FunctionDecl, closure isClosure: (Int) -> Bool, type: TypeDecl,
                                       file: SourceFile, memo: inout [ObjectIdentifier: [String: StoredHandlerPlacement]]) -> StoredHandlerPlacement? {
        var stored: [String] = []
        for i in body where file.kind(i) == .equal && isClosure(i + 1) && file.kind(i - 1) == .identifier {
            let viaSelf = file.kind(i - 2) == .period && file.isWord(i - 3, "self")
            if viaSelf || file.kind(i - 2) != .period { stored.append(file.name(i - 1)) }
        }
        guard !stored.isEmpty else { return nil }
        let key = ObjectIdentifier(type)
        if memo[key] == nil { memo[key] = handlerCalls(of: type, file: file) }
        let handlers = memo[key]!
        var out = StoredHandlerPlacement()
        for name in stored {
            // A handler the type never calls is not known to run on the main queue.
            guard let p = handlers[name], p.known else { return nil }
            out.merge(p)
        }
        // Called in the caller's context from a method other than the one that keeps it: where
        // that method runs is not known.
        guard out.callerContexts.isSubset(of: [function.name]) else { return nil }
        return out
    }

    /// For each instance property of `type` that the type's code calls (`handler?(value)`):
    /// where those calls run. One pass over the type's methods, whatever the number of properties.
    static func handlerCalls(of type: TypeDecl, file: SourceFile) -> [String: StoredHandlerPlacement] {
        let names = Set(type.variables.lazy.filter { !$0.isStatic }.map(\.name))
        guard !names.isEmpty else { return [:] }
        var out: [String: StoredHandlerPlacement] = [:]
        var methods = PrivateMethodPlacements()
        for f in type.functions {
            guard let b = f.bodyTokens else { continue }
            for i in b where file.kind(i) == .identifier {
                // `handler(…)`, `self.handler(…)`, `self?.handler?(…)`
                if file.kind(i - 1) == .period && !file.isWord(i - 2, "self") && !(file.isText(i - 2, "?") && file.isWord(i - 3, "self")) { continue }
                var next = i + 1
                if file.isText(next, "?") || file.isText(next, "!") { next += 1 }
                guard file.kind(next) == .leftParen, !file.tokens[next].hasSpaceBefore else { continue }
                let name = file.name(i)
                guard names.contains(name), out[name]?.known != false else { continue }
                var p = out[name] ?? StoredHandlerPlacement()
                p.merge(placement(of: i, in: f, type: type, file: file, depth: 0, methods: &methods))
                out[name] = p
            }
        }
        return out
    }

    /// Names in a callee that hands a closure to a queue or a task (`queue.async`, `Task`,
    /// `DispatchQueue.global().asyncAfter`): where it runs is not a project function's to tell.
    static let queueOrTaskNames: Set<String> = queueSchedulingMethodNames.union(["perform", "global", "Task", "detached",
                                                                                "DispatchQueue", "OperationQueue", "DispatchWorkItem"])

    /// Private methods followed back to their callers, at most this deep.
    static let maximumHandlerCallDepth = 4

    /// Where token `i` of `function` (a method of `type`) runs: on the main queue when a closure
    /// around it is run there (`DispatchQueue.main.async`, `MainActor.run`); in its method's
    /// caller's context when no closure is around it, or only a scheduled timer's block (the run
    /// loop of the thread that scheduled it); on the main queue if the project function that a
    /// closure around it is given to runs it there (`requires`). A private method's calls are
    /// followed to where it is called from, within the type.
    static func placement(of i: Int, in function: FunctionDecl, type: TypeDecl, file: SourceFile, depth: Int,
                          methods: inout PrivateMethodPlacements) -> StoredHandlerPlacement {
        var p = StoredHandlerPlacement()
        guard let body = function.bodyTokens else { return .unknown }
        for c in file.bodyAnalysis.enclosingClosures(of: i) where c.open >= body.lowerBound - 1 {
            let names = c.callee.map(\.name)
            if c.hopsToMainQueue || c.attributes.contains("MainActor") || (names.last == "assumeIsolated" && names.contains("MainActor")) { return p }
            if names.last == "scheduledTimer" && names.contains("Timer") { continue }
            // Run before the call returns (`forEach`, `withAnimation`, `queue.sync`): where the code around runs.
            if let last = names.last, synchronousClosureCallNames.contains(last) || last == "sync" { continue }
            // A queue or task other than the main one, or a closure that is not an argument.
            guard let last = names.last, c.calleeStart != nil, !names.contains(where: { queueOrTaskNames.contains($0) }) else { return .unknown }
            p.requires.insert(last)
            return p
        }
        guard function.kind == .function, function.header.access <= .fileprivate else {
            p.callerContexts.insert(function.name)
            return p
        }
        // A private method runs where the type's own code calls it.
        if let known = methods.placements[function.name] { return known }
        guard depth < maximumHandlerCallDepth else { return .unknown }
        methods.placements[function.name] = .unknown   // while its callers are looked at (recursion)
        if methods.callSites == nil { methods.callSites = ownCallSites(in: type, file: file) }
        let sites = methods.callSites?[function.name] ?? []
        for (j, g) in sites {
            p.merge(placement(of: j, in: type.functions[g], type: type, file: file, depth: depth + 1, methods: &methods))
            if !p.known { break }
        }
        if sites.isEmpty { p = .unknown }
        methods.placements[function.name] = p
        return p
    }

    /// What `placement(of:in:type:file:depth:methods:)` has found of a type's private methods,
    /// and where the type calls its own methods (found once, when first needed).
    struct PrivateMethodPlacements {
        var placements: [String: StoredHandlerPlacement] = [:]
        var callSites: [String: [(token: Int, function: Int)]]? = nil
    }

    /// The calls that `type`'s methods make of its own methods (`notify()`, `self.fetch()`,
    /// `self?.fetch()`), by name: each name token with the index of the calling function.
    static func ownCallSites(in type: TypeDecl, file: SourceFile) -> [String: [(token: Int, function: Int)]] {
        var out: [String: [(token: Int, function: Int)]] = [:]
        for (g, f) in type.functions.enumerated() {
            guard let b = f.bodyTokens else { continue }
            for j in b where file.callsOwnMethod(at: j, weakSelf: true) {
                out[file.name(j), default: []].append((j, g))
            }
        }
        return out
    }

    /// It keeps its closure and calls it only on the main queue, `mainHopping` being the names of
    /// the functions that run their closures there.
    func callsKeptClosureOnMain(given mainHopping: Set<String>) -> Bool {
        storedHandler.map { $0.callerContexts.isEmpty && $0.requires.isSubset(of: mainHopping) } == true
    }

    /// It keeps its closure and calls it on the main queue or in the context of its own caller.
    func callsKeptClosureOnMainOrInCallerContext(given mainHopping: Set<String>) -> Bool {
        storedHandler.map { $0.requires.isSubset(of: mainHopping) } == true
    }

    /// Names of the functions that run their closures during the call, where the caller runs:
    /// every function so named names no other queue or task and takes only non-escaping closures,
    /// or calls its closures during the call (`callsClosuresDuringCall`).
    static func synchronous(_ functions: [MainHopSummary]) -> Set<String> {
        namesWhereAllQualify(functions, name: \.name) { m, name, group, found in
            guard !m.mayLeaveMain else { return false }
            if m.takesOnlyNonEscapingClosures { return true }
            // Escaping closures called during the call, or handed to functions that do (one of the
            // same name that calls them itself, as a repository forwarding to its data source).
            return m.callsClosuresDuringCall
                && m.calls.allSatisfy { found.contains($0) || ($0 == name && group.contains(where: { $0.callsClosuresDuringCall && $0.calls.isEmpty })) }
        }
    }

    /// Names of the functions that run their closure on the main queue: they hop there themselves,
    /// or call one that does (an overload of the same name included), and never name another
    /// queue or start a task. A name counts only when every function so named qualifies.
    static func mainHopping(_ functions: [MainHopSummary], in project: ProjectIndex) -> Set<String> {
        // Methods, as `Type.name`, every overload of which hops to the main queue itself: a call
        // on a property of that type (`wire.send { … }`) reaches them whatever other types'
        // methods of that name do.
        var byMethod: [String: Bool] = [:]
        for m in functions { if let owner = m.owner { byMethod[owner + "." + m.name, default: true] = byMethod[owner + "." + m.name, default: true] && m.hopsToMain && !m.mayLeaveMain } }
        var directMain = Set(byMethod.lazy.filter(\.value).map(\.key))
        // A property typed by a protocol (`let transfer: TransferServing`): the method of every
        // type of the project that adopts it and declares one (test doubles are not summarised).
        var protocolCalls: [String: Set<String>] = [:]
        for m in functions {
            for call in m.typedCalls where byMethod[call] == nil {
                guard let dot = call.firstIndex(of: ".") else { continue }
                protocolCalls[String(call[..<dot]), default: []].insert(String(call[call.index(after: dot)...]))
            }
        }
        if !protocolCalls.isEmpty {
            // The types with summarised methods that adopt each protocol, in any file: a declaration
            // or extension of the type lists it. (The others' methods are not in `byMethod`.)
            var adopters: [String: Set<String>] = [:]
            var owners = Set<String>()
            for m in functions { if let owner = m.owner { owners.insert(owner) } }
            for owner in owners {
                for p in project.symbol(exactly: owner)?.inherited ?? [] where protocolCalls[p] != nil { adopters[p, default: []].insert(owner) }
            }
            for (p, names) in protocolCalls {
                for name in names {
                    let found = (adopters[p] ?? []).compactMap { byMethod[$0 + "." + name] }
                    if !found.isEmpty, found.allSatisfy({ $0 }) { directMain.insert(p + "." + name) }
                }
            }
        }
        return namesWhereAllQualify(functions, name: \.name) { m, name, group, found in
            !m.mayLeaveMain && (m.hopsToMain || m.calls.contains { found.contains($0) || ($0 == name && group.contains(where: \.hopsToMain)) }
                                || m.typedCalls.contains(where: directMain.contains)
                                || m.callsKeptClosureOnMain(given: found))
        }
    }

    /// The methods, as `Type.method`, that run their closure on the main queue (`main`), or call
    /// it there or in the caller's context (`callerContext`), told apart by their type: for a
    /// call whose receiver's type is known (`poller.start { … }` on a property of a project
    /// type), where other types' methods of the same name do otherwise. `mainHopping` gives the
    /// names of `mainHopping(_:)`. A method counts only when each of its overloads qualifies.
    static func methodPlacements(_ functions: [MainHopSummary], mainHopping: Set<String>) -> (main: Set<String>, callerContext: Set<String>) {
        var groups: [String: [MainHopSummary]] = [:]
        for m in functions { if let owner = m.owner { groups[owner + "." + m.name, default: []].append(m) } }
        var main = Set<String>(), callerContext = Set<String>()
        for (key, group) in groups where group.allSatisfy({ !$0.mayLeaveMain }) {
            let onMain = group.allSatisfy { m in
                m.hopsToMain || m.calls.contains(where: mainHopping.contains)
                    || m.callsKeptClosureOnMain(given: mainHopping)
            }
            if onMain { main.insert(key); continue }
            let known = group.allSatisfy { m in
                m.hopsToMain || m.calls.contains(where: mainHopping.contains) || m.callsKeptClosureOnMainOrInCallerContext(given: mainHopping)
            }
            if known { callerContext.insert(key) }
        }
        return (main, callerContext)
    }

    /// Names of the functions that keep their closure and call it on the main queue or in the
    /// caller's context (a poller that reports at once when started, then from main-queue
    /// answers): where the closure runs is where the call to them runs. Given the names of
    /// `mainHopping`, which are left out.
    static func mainOrCallerContext(_ functions: [MainHopSummary], mainHopping: Set<String>) -> Set<String> {
        namesWhereAllQualify(functions, name: \.name) { m, _, _, _ in
            !mainHopping.contains(m.name) && !m.mayLeaveMain && m.callsKeptClosureOnMainOrInCallerContext(given: mainHopping)
        }
    }
}

/// A closure parameter of a project function, as a call's closure argument needs it.
struct ClosureParameterFact: Sendable {
    /// The argument label (`_` for none).
    var label: String
    /// `@escaping`, or optional (and so escaping): the closure may run after the call returns.
    var escapes: Bool
    /// Its function type is `@MainActor`: the closure runs on the main actor.
    var isMainActor: Bool
}

/// Where a type's code calls a closure it keeps in a property.
struct StoredHandlerPlacement: Sendable {
    /// False when a call may run off the main queue, or where is not known.
    var known = true
    /// Project functions that must run the closures they are given on the main queue, for the
    /// calls inside those closures to run there.
    var requires: Set<String> = []
    /// Methods (not private) that call it in their own context: it runs where they are called.
    var callerContexts: Set<String> = []

    static let unknown = StoredHandlerPlacement(known: false)

    mutating func merge(_ other: StoredHandlerPlacement) {
        known = known && other.known
        requires.formUnion(other.requires)
        callerContexts.formUnion(other.callerContexts)
    }
}

/// Calls whose closure runs synchronously, before the call returns, in the caller's context
/// (`forEach`, `withAnimation`, a database transaction's `write`).
let synchronousClosureCallNames = ClosureCallingFunctions.names
