/// Combine: where a subscriber's or an operator's closure runs, from the chain before it.
import MVILintCore

/// A `sink` (or a project operator that only subscribes and forwards, `sinkResult { }`) runs
/// where its chain delivers: at once for a project publisher that delivers at once, where the
/// model's own state (or main-actor state) is written for a chain from it, on the main queue
/// after a `receive(on:)` to it or for a subject only sent on main; otherwise off it. `Future`'s
/// and `AsyncStream`'s closures run at once, where they are made, and so does
/// `handleEvents(receiveSubscription:)` unless a `subscribe(on:)` moves the subscription;
/// another operator's closure runs where its values arrive.
enum CombineSubscribers: PlacementResolver {
    static func placement(of q: ClosureQuery) -> Placement? {
        let c = q.closure, last = q.last, names = q.names
        let publishers = q.project.fact(PublisherFacts.self)
        if last == "sink" || (publishers.subscribingMethods.contains(last) && !publishers.mainDeliveringMethods.contains(last)) {
            // A project publisher that delivers at once (`SumPublisher(values: v).sink { … }`):
            // the closure runs during the subscribing call, where the code around runs.
            if let start = c.calleeStart, let sink = c.callee.last?.token,
               MainActorMutation.startsAtSynchronousPublisher(in: start, before: sink, file: q.file, project: q.project, isolatedState: q.stateSources) {
                return .unknown
            }
            if q.derivesFromOwnState() { return .main }
            if MainActorMutation.subscribesToMainOnlySubject(c, function: q.function, model: q.model, file: q.file, project: q.project,
                                                             isolatedState: q.stateSources) { return .main }
            return q.hasMainReceive() ? .main : .offMain("inside a Combine `\(last)` with no `receive(on:)` to the main queue upstream")
        }
        // `Future { promise in … }` runs its closure at once, where it is created.
        if last == "Future" && names.count == 1 { return .unknown }
        // So does the build closure of `AsyncStream { continuation in … }` (and of
        // `AsyncThrowingStream`), before the initializer returns; not `AsyncStream(unfolding:)`'s.
        if last == "AsyncStream" || last == "AsyncThrowingStream", names.count == 1, c.label == nil || c.label == "build" { return .unknown }
        // `handleEvents(receiveSubscription:)` (and `receiveRequest:`) runs when the chain is
        // subscribed: during the subscribing call, unless a `subscribe(on:)` moves it elsewhere.
        if last == "handleEvents", c.label == "receiveSubscription" || c.label == "receiveRequest", let start = c.calleeStart,
           !subscribesOnScheduler(from: start, file: q.file) { return .unknown }
        if closureOperators.contains(last), q.hasMainReceive() || q.derivesFromOwnState() { return .main }
        return nil
    }

    /// Combine operators that take a closure, run where the upstream delivers its values.
    static let closureOperators: Set<String> = [
        "handleEvents", "tryMap", "tryCompactMap", "tryFilter", "scan", "tryScan", "tryReduce", "tryRemoveDuplicates",
        "catch", "tryCatch", "tryAllSatisfy", "tryContains", "tryFirst", "tryLast", "tryDrop", "tryPrefix",
    ]

    static let subscribeOn = TokenPattern(.period, .word("subscribe"), .leftParen, .word("on"))

    /// Whether the chain that starts at `start` has a `subscribe(on:)` before its statement ends.
    static func subscribesOnScheduler(from start: Int, file: SourceFile) -> Bool {
        var i = start, steps = 0
        while i < file.tokens.count, steps < 4_096 {
            steps += 1
            if file.matches(subscribeOn, at: i - 1) { return true }
            if file.kind(i) == .leftParen || file.kind(i) == .leftBrace || file.kind(i) == .leftBracket, let close = file.partner(i), close > i {
                i = close + 1
            } else {
                i += 1
            }
            if file.endsStatement(at: i), file.kind(i) != .period { return false }
        }
        return true
    }
}
