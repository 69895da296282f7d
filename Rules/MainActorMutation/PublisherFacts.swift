/// What `main_actor_mutation` collects about the project's Combine code: its operators
/// (`extension Publisher { func sinkOnMain(…) }`), the functions that return a publisher and its
/// own `Publisher` types, so that it can tell where a chain that ends in one of them delivers.
import MVILintCore

/// Where the project's publishers deliver.
struct PublisherFacts: ProjectFact {
    /// Names of project `Publisher` methods whose values and completion arrive on the main queue.
    var mainDeliveringMethods: Set<String> = []
    /// Names of all project functions summarised as publisher methods (operators of `extension
    /// Publisher`, functions returning a publisher).
    var methodNames: Set<String> = []
    /// Names of project operators that subscribe to their upstream with `sink` and forward to the
    /// closure they are given (`PublisherMethodSummary.subscribing`).
    var subscribingMethods: Set<String> = []
    /// The same as `mainDeliveringMethods` by signature (`name(label:)`), for a call whose name the
    /// project also gives to functions with other labels (`PublisherMethodSummary.mainDeliveringSignatures`).
    var mainDeliveringSignatures: Set<String> = []
    /// Names of project operators that pass values on at once, where the upstream delivers
    /// (`PublisherMethodSummary.passesOnAtOnce`), when every function of that name does.
    var synchronousMethods: Set<String> = []
    /// The project's own `Publisher` types whose `receive(subscriber:)` delivers at once, on the
    /// subscribing thread (`publisherTypes(in:)`), when no type of that name may do otherwise.
    var synchronousTypes: Set<String> = []

    struct FilePublishers: Sendable {
        var methods: [PublisherMethodSummary]
        /// The file's own `Publisher` types, each with whether it delivers at once.
        var types: [(name: String, synchronous: Bool)]
    }

    static func collect(from file: SourceFile, isTestCode: Bool) -> FilePublishers? {
        // A test double (`func notes() -> AnyPublisher<…> { Just([]) … }`) does not run in the
        // app: it does not tell how the app's function of that name delivers.
        // Nor does a preview stub's.
        guard !isTestCode, !MainActorMutation.isPreviewFile(file) else { return nil }
        let found = FilePublishers(methods: PublisherMethodSummary.methods(in: file), types: publisherTypes(in: file))
        return found.methods.isEmpty && found.types.isEmpty ? nil : found
    }

    static func intern(_ fact: inout FilePublishers, with interner: StringInterner) {
        for k in fact.methods.indices {
            fact.methods[k].name = interner.intern(fact.methods[k].name)
            fact.methods[k].calls = interner.intern(fact.methods[k].calls)
        }
    }

    static func merge(_ files: [FactContribution<FilePublishers>], in project: ProjectIndex) -> PublisherFacts {
        var out = PublisherFacts()
        let methods = files.flatMap(\.fact.methods)
        out.mainDeliveringMethods = PublisherMethodSummary.mainDelivering(methods)
        out.methodNames = Set(methods.lazy.map(\.name))
        out.subscribingMethods = PublisherMethodSummary.subscribing(methods)
        out.mainDeliveringSignatures = PublisherMethodSummary.mainDeliveringSignatures(methods, deliveringNames: out.mainDeliveringMethods)
        out.synchronousMethods = namesWhereAllQualify(methods, name: \.name) { m, _, _, _ in m.passesOnAtOnce }
        out.synchronousTypes = namesWhereAllQualify(files.flatMap(\.fact.types), name: \.name) { t, _, _, _ in t.synchronous }
        return out
    }

    /// The types of the file that conform to Combine's `Publisher` themselves, each with whether
    /// its `receive(subscriber:)` hands the values to the subscriber at once, on the subscribing
    /// thread: its body starts no closure (a completion handler, a queue's or a timer's block)
    /// and no task.
    static func publisherTypes(in file: SourceFile) -> [(name: String, synchronous: Bool)] {
        var out: [(name: String, synchronous: Bool)] = []
        for t in file.tree.allTypes where t.kind != .extension && t.kind != .protocol && t.inheritedBaseNames.contains("Publisher") {
            guard let receive = t.functions.first(where: { $0.name == "receive" && file.parameters(of: $0).first?.label == "subscriber" }),
                  let body = receive.bodyTokens else {
                out.append((t.name, false))
                continue
            }
            let deferred = body.contains { i in
                file.kind(i) == .leftBrace ? file.isClosureOpen(i) : file.startsWorkElsewhere(at: i)
            }
            out.append((t.name, !deferred))
        }
        return out
    }
}

/// One method of an `extension Publisher` (or `AnyPublisher`), or a function that returns a
/// publisher, as `PublisherFacts` keeps it.
struct PublisherMethodSummary: Sendable {
    var name: String
    /// Has a `receive(on:)` whose scheduler names `main` (`DispatchQueue.main`, `RunLoop.main`, `.main`).
    var receivesOnMain: Bool
    /// Names a scheduler that is not the main one (`receive(on:)`/`scheduler:` without `main`), or
    /// starts work elsewhere (`global`, `Task`, `detached`): its delivery cannot be trusted.
    var mayLeaveMain: Bool
    /// Names of the functions it calls (`name(`), to follow one project operator built on another.
    var calls: [String]
    /// Its argument labels as a call writes them (parameters without one left out):
    /// `execute(every:)` → `["every"]`.
    var labels: [String] = []
    /// A method of `extension Publisher` whose body subscribes with `sink` (a wrapper such as
    /// `sinkResult { result in … }`): its closure runs where the values reach the `sink`.
    var subscribes = false
    /// A method of `extension Publisher` whose body is one chain on its upstream of operators that
    /// pass values on at once (`map { … }.eraseToAnyPublisher()`): it delivers where the
    /// upstream does.
    var passesOnAtOnce = false

    /// `receive(on:`
    static let receiveOnLabel = TokenPattern(.word("receive"), .leftParen, .word("on"), .colon)

    /// Combine operators that pass values on at once, on the thread they arrive on.
    static let synchronousOperators: Set<String> = [
        "map", "compactMap", "filter", "removeDuplicates", "dropFirst", "drop", "prefix", "first", "scan", "tryMap",
        "tryFilter", "tryCompactMap", "handleEvents", "eraseToAnyPublisher", "share", "print", "replaceNil", "replaceEmpty",
        "ignoreOutput", "breakpoint", "assertNoFailure", "setFailureType", "mapError",
    ]

    /// Whether `body` is `self.op(…).op { … }…` or `op(…)…` (with or without `return`), each `op`
    /// one of `synchronousOperators`.
    static func isSynchronousChain(_ body: TokenRange, in file: SourceFile) -> Bool {
        var i = body.lowerBound
        if file.isWord(i, "return") { i += 1 }
        if file.isWord(i, "self"), file.kind(i + 1) == .period { i += 1 }
        var steps = 0
        while i < body.upperBound, steps < 32 {
            // The first operator may be written without a period (on the implicit `self`).
            var name = i
            if file.kind(i) == .period { name = i + 1 } else if steps > 0 { return false }
            guard file.kind(name) == .identifier, synchronousOperators.contains(file.name(name)) else { return false }
            i = name + 1
            while i < body.upperBound, file.kind(i) == .leftParen || file.kind(i) == .leftBrace, let close = file.partner(i), close > i { i = close + 1 }
            steps += 1
        }
        return steps > 0 && i == body.upperBound
    }

    /// `name(label:label:)`, as `signature(name:labels:)` spells a call.
    var signature: String { PublisherMethodSummary.signature(name: name, labels: labels) }

    /// The key of a call of `name` with `labels` (those it writes), or of a declaration.
    static func signature(name: String, labels: [String]) -> String {
        labels.isEmpty ? name + "()" : name + "(" + labels.joined(separator: ":") + ":)"
    }

    static let extendedTypes: Set<String> = ["Publisher", "AnyPublisher"]

    /// Members named for the main scheduler (`schedulers.mainScheduler`, `env.mainQueue`), taken
    /// at their name, as a helper named for the main queue is.
    static let mainSchedulerMemberWords = WordSet(["mainScheduler", "mainQueue", "mainRunLoop", "mainThreadScheduler", "uiScheduler"])

    /// The methods of `extension Publisher`/`AnyPublisher`, and the functions of the file that
    /// return a publisher (`static func names() -> AnyPublisher<[String], Error>`), whose chain a
    /// caller's `sink` continues.
    static func methods(in file: SourceFile) -> [PublisherMethodSummary] {
        // Each function, and whether it is an operator (a method of `extension Publisher`).
        var functions: [(function: FunctionDecl, isOperator: Bool)] = []
        for t in file.tree.allTypes {
            if t.kind == .extension && extendedTypes.contains(t.extendedBaseName) {
                functions += t.functions.filter { $0.kind != .initializer }.map { ($0, true) }
            } else {
                functions += t.functions.filter { returnsPublisher($0, in: file) }.map { ($0, false) }
            }
        }
        functions += file.tree.topLevelFunctions.filter { returnsPublisher($0, in: file) }.map { ($0, false) }
        var result: [PublisherMethodSummary] = []
        do {
            for (f, isOperator) in functions {
                guard let body = f.bodyTokens else { continue }
                var m = PublisherMethodSummary(name: f.name, receivesOnMain: false, mayLeaveMain: false, calls: [])
                m.labels = file.parameters(of: f).compactMap(\.label)
                // Where the last `receive(on:)` to the main queue is, and the last point that may
                // leave it: a final hop to main makes up for work done elsewhere before it.
                var lastMainReceive: Int? = nil, lastLeave = -1
                for i in body {
                    guard file.kind(i) == .identifier || file.kind(i) == .keyword else { continue }
                    if file.startsWorkElsewhere(at: i) { m.mayLeaveMain = true; lastLeave = i }
                    // `sink(receiveCompletion:receiveValue:)`, `sink { … }`, on `self` (the upstream).
                    if isOperator, file.isWord(i, "sink"), file.kind(i + 1) == .leftParen || file.kind(i + 1) == .leftBrace,
                       file.kind(i - 1) != .period || file.isWord(i - 2, "self") { m.subscribes = true }
                    guard file.kind(i + 1) == .leftParen || file.kind(i + 1) == .colon else { continue }
                    let isReceive = file.matches(receiveOnLabel, at: i)
                    let isScheduler = file.isWord(i, "scheduler") && file.kind(i + 1) == .colon
                    if isReceive || isScheduler {
                        let start = isReceive ? i + 4 : i + 2
                        let end = isReceive ? (file.partner(i + 1) ?? start) : argumentEnd(from: start, in: file, limit: body.upperBound)
                        let namesMain = (start..<max(start, end)).contains { file.isWord($0, "main") }
                            || (end - 1 > start && file.kind(end - 1) == .identifier && file.kind(end - 2) == .period
                                && file.isName(end - 1, in: PublisherMethodSummary.mainSchedulerMemberWords))
                        if namesMain && isReceive { m.receivesOnMain = true; lastMainReceive = i }
                        if !namesMain { m.mayLeaveMain = true; lastLeave = i }
                    }
                    // `Timer.publish(every: 1, on: .main, in: .common)`: a timer of the main run loop
                    // fires on it, as after a `receive(on:)` to it.
                    if file.isWord(i, "publish"), file.kind(i - 1) == .period, let onMain = file.timerPublishRunsOnMain(at: i - 2) {
                        if onMain { m.receivesOnMain = true } else { m.mayLeaveMain = true; lastLeave = i }
                    }
                    if file.kind(i + 1) == .leftParen && file.kind(i) == .identifier { m.calls.append(file.name(i)) }
                }
                // `Future { DispatchQueue.global().async { … } }.receive(on: DispatchQueue.main)`:
                // the last hop decides, when no subscriber of the body's own follows it.
                if m.mayLeaveMain, let r = lastMainReceive, r > lastLeave,
                   !(r..<body.upperBound).contains(where: { (file.isWord($0, "sink") || file.isWord($0, "assign")) && file.kind($0 - 1) == .period }) {
                    m.mayLeaveMain = false
                }
                // A `Future` delivers where its promise is fulfilled: that must be in the chain's
                // subscriber (`.receive(on: DispatchQueue.main).sink { promise(.success($0)) }`) or
                // at once, in the caller's context (an early `promise(.failure(e))`).
                // (One that returns another function's future is judged by what it calls.)
                if !m.mayLeaveMain, returnsFuture(f, in: file), promisesFulfilledInSubscribers(body, in: file) == false { m.mayLeaveMain = true }
                if isOperator, !m.mayLeaveMain, !m.receivesOnMain, !m.subscribes { m.passesOnAtOnce = isSynchronousChain(body, in: file) }
                result.append(m)
            }
        }
        return result
    }

    /// A function whose written result type names a publisher (`AnyPublisher<…>`, `some Publisher`,
    /// Combine's `Future<…>`).
    static func returnsPublisher(_ f: FunctionDecl, in file: SourceFile) -> Bool {
        guard f.kind == .function, let r = f.returnTypeTokens else { return false }
        return r.contains { file.nameEnds($0, with: "Publisher") } || returnsFuture(f, in: file)
    }

    /// A function whose written result type is Combine's `Future<…>`.
    static func returnsFuture(_ f: FunctionDecl, in file: SourceFile) -> Bool {
        guard let r = f.returnTypeTokens, let first = r.first else { return false }
        return file.isWord(first, "Future") || (file.isWord(first, "Combine") && file.kind(first + 1) == .period && file.isWord(first + 2, "Future"))
    }

    /// Whether every `Future { promise in … }` in `body` calls its promise only in its own code
    /// (at once, where the caller runs) or inside a subscriber's closure (`sink`); a promise
    /// handed on or called in another closure (a completion handler) is fulfilled where that
    /// closure runs. Nil when `body` makes no future (it returns one another function makes), or
    /// its token `Future` is not followed by a closure.
    static func promisesFulfilledInSubscribers(_ body: TokenRange, in file: SourceFile) -> Bool? {
        guard body.contains(where: { file.isWord($0, "Future") }) else { return nil }
        let analysis = file.bodyAnalysis
        var sawFuture = false
        for k in file.closureIndices(in: body) {
            let future = analysis.closures[k]
            guard future.calleeName == "Future", let inToken = future.inToken else { continue }
            sawFuture = true
            // The promise: the signature's parameter (after a capture list).
            var j = future.open + 1
            if file.kind(j) == .leftBracket, let close = file.partner(j) { j = close + 1 }
            if file.kind(j) == .leftParen { j += 1 }
            guard j < inToken, file.kind(j) == .identifier else { return false }
            let promise = file.name(j)
            for i in (inToken + 1)..<future.close where file.kind(i) == .identifier && file.kind(i - 1) != .period && file.name(i) == promise {
                // Handed on rather than called: only as a subscriber's own handler (`sink(receiveValue: promise)`).
                if file.kind(i + 1) != .leftParen {
                    guard file.kind(i + 1) != .colon, let open = file.enclosingArgumentListOpen(of: i),
                          file.chain(endingAt: open - 1).components.last?.name == "sink" else { return false }
                }
                for c in analysis.enclosingClosures(of: i) {
                    if c.open == future.open { break }
                    guard c.calleeName == "sink" else { return false }
                }
            }
        }
        return sawFuture ? true : false
    }

    /// End of one call argument that starts at `start`: the next `,` or closing bracket at its depth.
    private static func argumentEnd(from start: Int, in file: SourceFile, limit: Int) -> Int {
        var i = start
        while i < limit {
            switch file.kind(i) {
            case .leftParen, .leftBracket, .leftBrace: i = (file.partner(i) ?? i) + 1; continue
            case .comma, .rightParen, .rightBracket, .rightBrace: return i
            default: i += 1
            }
        }
        return limit
    }

    /// Names of the operators that subscribe to their upstream themselves (`subscribes`) and name
    /// no scheduler or queue: a closure given to one runs where the upstream delivers, as one
    /// given to `sink` does. A name counts only when every method so named qualifies.
    static func subscribing(_ methods: [PublisherMethodSummary]) -> Set<String> {
        namesWhereAllQualify(methods, name: \.name) { m, _, _, _ in m.subscribes && !m.mayLeaveMain }
    }

    /// Methods that deliver on the main queue: they receive on it themselves, or call one that does
    /// (an overload of the same name included), and never name another scheduler. A name counts only when every method so named qualifies.
    static func mainDelivering(_ methods: [PublisherMethodSummary]) -> Set<String> {
        namesWhereAllQualify(methods, name: \.name) { m, _, group, found in deliversOnMain(m, among: group, found: found) }
    }

    /// Whether `m` delivers on the main queue, `group` being the methods judged with it (its
    /// name's, or its signature's) and `found` the names known to deliver there: it never names
    /// another scheduler, and it receives on the main queue itself or calls another function that
    /// delivers there. An overload that delivers through another of its name (`static func
    /// run(_:)` calling `agent.run(_:)`, a repository's `notes()` forwarding to its remote's
    /// `notes()`) qualifies when one of the group delivers by itself.
    static func deliversOnMain(_ m: PublisherMethodSummary, among group: [PublisherMethodSummary], found: Set<String>) -> Bool {
        func delivers(_ g: PublisherMethodSummary) -> Bool {
            g.receivesOnMain || g.calls.contains { $0 != g.name && found.contains($0) }
        }
        return !m.mayLeaveMain && (delivers(m) || (m.calls.contains(m.name) && group.contains(where: delivers)))
    }

    /// The signatures (`PublisherMethodSummary.signature`) of the methods that deliver on the main
    /// queue, judged among the methods of the same name and argument labels only: a call written
    /// with those labels cannot mean another type's namesake with other labels (`execute()` beside
    /// `Ticker.execute(every:)`). What they call is judged by name (`deliveringNames`, from
    /// `mainDelivering`).
    static func mainDeliveringSignatures(_ methods: [PublisherMethodSummary], deliveringNames: Set<String>) -> Set<String> {
        var result = Set<String>()
        for (signature, group) in Dictionary(grouping: methods, by: \.signature)
        where group.allSatisfy({ deliversOnMain($0, among: group, found: deliveringNames) }) {
            result.insert(signature)
        }
        return result
    }
}

extension SourceFile {
    /// Whether token `i` names a global queue or starts a task (`global`, `Task`, `detached`):
    /// code that does may run what it is given off the main queue.
    func startsWorkElsewhere(at i: Int) -> Bool {
        isWord(i, "global") || isWord(i, "Task") || isWord(i, "detached")
    }
}
