/// Timers: a scheduled timer's block runs on the run loop of the thread that scheduled it.
import MVILintCore

/// `Timer.scheduledTimer(…) { }` runs its block on the run loop of the scheduling thread: the
/// caller's context. `let t = Timer(timeInterval: 1, repeats: true) { … }` runs where the
/// function adds it: on the main queue for `RunLoop.main.add(t, forMode:)`, in the caller's
/// context for `RunLoop.current`.
enum Timers: PlacementResolver {
    static func placement(of q: ClosureQuery) -> Placement? {
        let names = q.names, last = q.last
        if last == "scheduledTimer" && names.contains("Timer") { return .unknown }
        if last == "Timer", names.count == 1, let body = q.function.bodyTokens, let loop = runLoop(in: body, after: q.closure.close, file: q.file) {
            return loop == "main" ? .main : .unknown
        }
        return nil
    }

    /// `RunLoop.<loop>.add(`
    static let runLoopAdd = TokenPattern(.word("RunLoop"), .period, .any, .period, .word("add"), .leftParen)

    /// `main` or `current` for the run loop that `RunLoop.main.add(…)` / `RunLoop.current.add(…)`
    /// names after `start` in `body`, when every such call names the same one; nil when none does.
    static func runLoop(in body: TokenRange, after start: Int, file: SourceFile) -> String? {
        var found: String? = nil
        for i in start..<body.upperBound where file.matches(runLoopAdd, at: i) {
            let loop = file.isWord(i + 2, "main") ? "main" : file.isWord(i + 2, "current") ? "current" : ""
            if loop.isEmpty || (found != nil && found != loop) { return nil }
            found = loop
        }
        return found
    }
}
