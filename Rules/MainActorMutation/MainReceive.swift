/// Whether a Combine or RxSwift chain delivers on the main queue: the last scheduling step before the subscriber decides.
import MVILintCore

extension MainActorMutation {
    static let receiveOn = TokenPattern(.word("receive"), .leftParen, .word("on"))
    static let observeOnCall = TokenPattern(.period, .anyOf(WordSet(["observeOn", "observe"])), .leftParen)
    static let collectByTime = TokenPattern(.period, .word("collect"), .leftParen, .period, .anyOf(WordSet(["byTime", "byTimeOrCount"])), .leftParen)
    static let publisherFor = TokenPattern(.period, .word("publisher"), .leftParen, .word("for"), .colon)
    static let schedulingOperator = TokenPattern(.period, .anyOf(WordSet(["debounce", "throttle", "delay", "timeout", "interval", "timer", "sample"])), .leftParen)
    static let scheduler = TokenPattern(.word("scheduler"), .colon)
    /// `.name(`: a method call in a chain.
    static let chainCall = TokenPattern(.period, .identifier, .leftParen)

    /// Whether the chain from `start` up to the subscriber's name token `sink` delivers on the main
    /// queue: `publisher.receive(on: DispatchQueue.main).sink { … }` (or `RunLoop.main`, `.main`), a
    /// time operator on the main scheduler (`.debounce(for: 0.3, scheduler: RunLoop.main)`), a
    /// timer of the main run loop, a notification posted on the main thread, a library publisher of
    /// `MainQueueCallbacks` (GRDB's, Firestore's), or a project operator that receives on the main
    /// queue (`publisher.onMain().sink { … }`). The last scheduling step before the `sink` decides.
    /// `mainQueues` are names that hold the main queue (`receive(on: uiQueue)`). A chain that
    /// starts at a local of `body` (`let onMain = source.receive(on: DispatchQueue.main)`) begins
    /// with its initial value.
    static func hasMainReceive(in start: Int, before sink: Int, file: SourceFile, project: ProjectIndex, knowledge: Knowledge,
                               mainQueues: Set<String> = [], mainTimers: Set<String> = [], body: TokenRange? = nil, depth: Int = 0) -> Bool {
        let facts = project.fact(PublisherFacts.self)
        let operators = facts.mainDeliveringMethods, signatures = facts.mainDeliveringSignatures
        var onMain = false
        // A stored timer of the main run loop (`ticks.autoconnect()`, `self.ticks`).
        if !mainTimers.isEmpty {
            let first = file.isWord(start, "self") && file.kind(start + 1) == .period ? start + 2 : start
            onMain = file.kind(first) == .identifier && file.kind(first + 1) == .period && mainTimers.contains(file.name(first))
        }
        if depth < 4, let b = body, let value = localInitializer(of: start, in: b, file: file) {
            onMain = hasMainReceive(in: value.lowerBound, before: value.upperBound, file: file, project: project, knowledge: knowledge,
                                    mainQueues: mainQueues, body: b, depth: depth + 1)
        }
        /// `main` in the argument, one name holding the main queue (`q`, `self.uiQueue`), or a
        /// member named for the main scheduler (`schedulers.mainScheduler`).
        func namesMain(_ range: Range<Int>) -> Bool {
            // `main`, or RxSwift's `MainScheduler.instance` / `.asyncInstance`.
            if range.contains(where: { file.isWord($0, "main") || file.isWord($0, "MainScheduler") }) { return true }
            if let last = range.last, file.kind(last) == .identifier, file.kind(last - 1) == .period,
               file.isName(last, in: PublisherMethodSummary.mainSchedulerMemberWords) { return true }
            var k = range.lowerBound
            if file.isWord(k, "self"), file.kind(k + 1) == .period { k += 2 }
            return k + 1 == range.upperBound && file.kind(k) == .identifier && mainQueues.contains(file.name(k))
        }
        var i = start
        while i < sink {
            if file.matches(receiveOn, at: i), let close = file.partner(i + 1) {
                onMain = namesMain((i + 4)..<file.argumentEnd(from: i + 4, close: close))
            } else if file.matches(observeOnCall, at: i - 1), file.isWord(i, "observeOn") || file.isWord(i + 2, "on"), let close = file.partner(i + 1) {
                // RxSwift's `observeOn(MainScheduler.instance)`, `observe(on: MainScheduler.asyncInstance)`.
                onMain = (i + 2..<close).contains(where: { file.isWord($0, "MainScheduler") })
            } else if file.matches(collectByTime, at: i - 1), let close = file.partner(i + 4) {
                // `collect(.byTime(DispatchQueue.main, .seconds(1)))`: emits on the scheduler it is given.
                onMain = namesMain((i + 5)..<file.argumentEnd(from: i + 5, close: close))
            } else if file.matches(publisherFor, at: i - 1), let close = file.partner(i + 1),
                      Notifications.namesMainPostedNotification((i + 4)..<file.argumentEnd(from: i + 4, close: close), file: file) {
                // `NotificationCenter.default.publisher(for: UIApplication.willResignActiveNotification)`:
                // a notification is delivered on the thread that posts it (`MainPostedNotifications`).
                onMain = true
            } else if let timer = file.timerPublishRunsOnMain(at: i) {
                // `Timer.publish(every: 1, on: .main, in: .common)`: a timer of the main run loop fires on it.
                onMain = timer
            } else if file.matches(schedulingOperator, at: i - 1), let close = file.partner(i + 1),
                      let label = (i + 2..<close).first(where: { file.matches(scheduler, at: $0) }) {
                onMain = namesMain(label + 2..<file.argumentEnd(from: label + 2, close: close))
            } else if file.matches(chainCall, at: i - 1), file.isName(i, in: knowledge.publisherMethodWords),
                      let delivers = libraryPublisherDeliversOnMain(at: i, chainStart: start, file: file, project: project, knowledge: knowledge) {
                // GRDB's `ValueObservation.tracking { … }.publisher(in: reader)`, Firestore's
                // `snapshotPublisher()` (`MainQueueCallbacks`, `delivery: .publisher`).
                onMain = delivers
            } else if file.matches(chainCall, at: i - 1),
                      ProjectFunctions.namesMainQueue(file.name(i)), !facts.methodNames.contains(file.name(i)) {
                // An operator of a package that is not linted, named for the main queue
                // (`receiveOnMain()`), taken at its name as such a helper is.
                onMain = true
            } else if !operators.isEmpty || !signatures.isEmpty, file.matches(chainCall, at: i - 1),
                      operators.contains(file.name(i))
                        || !signatures.isEmpty && signatures.contains(PublisherMethodSummary.signature(name: file.name(i), labels: file.argumentLabels(ofCallAt: i + 1))) {
                // A project function that delivers on the main queue, by name or, when the name
                // is shared with functions of other labels, by the labels the call writes.
                onMain = true
            }
            i += 1
        }
        return onMain
    }

    /// Whether the library publisher whose method is named at `i` (a row of `MainQueueCallbacks`
    /// with `delivery: .publisher`) delivers on the main queue; nil when no row takes the call.
    static func libraryPublisherDeliversOnMain(at i: Int, chainStart: Int, file: SourceFile, project: ProjectIndex, knowledge: Knowledge) -> Bool? {
        let rows = knowledge.publishers(named: file.name(i))
        guard !rows.isEmpty else { return nil }
        let labels = file.argumentLabels(ofCallAt: i + 1)
        let chain = (chainStart..<i).filter { file.kind($0) == .identifier }.map { file.name($0) }
        let call = CallbackCall(
            names: chain + [file.name(i)], closureLabel: nil, labels: labels, receiverType: { chain.first },
            argumentNamesMain: { label, values in file.argument(label, ofCallAt: i + 1, namesMainOr: values) },
            sees: { project.sees(anyOf: $0, in: file) }, fileMentions: { file.containsIdentifier(named: $0) })
        for row in rows {
            switch row.answer(for: call) {
            case .mainQueue: return true
            case .registeringThread: return false
            case .notThis:
                // The library's call, with another queue named for it: it delivers there.
                guard let u = row.unlessArgument, labels.contains(u) else { continue }
                var unnamed = call
                unnamed.labels.removeAll { $0 == u }
                if case .notThis = row.answer(for: unnamed) { continue }
                return false
            }
        }
        return nil
    }
}
