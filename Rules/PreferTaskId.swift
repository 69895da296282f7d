/// `prefer_task_id`: async work restarted on a change goes into `.task(id:)`, which cancels the old run.
import MVILintCore

struct PreferTaskId: Rule {
    static let info = RuleInfo(
        id: "prefer_task_id",
        title: "Prefer `.task(id:)` to a Task Started on Change",
        summary: "A `Task` started from `.onChange(of: x)` without cancelling the previous one should be a `.task(id: x)` modifier",
        rationale: """
        `.onChange(of: query) { Task { results = await search(query) } }` starts another run on every \
        change and leaves the earlier ones going: a slow earlier run can finish last and overwrite \
        the newer result, and every run keeps going after the view is gone. `.task(id: query)` \
        cancels the running work whenever the value changes and when the view disappears (it also \
        runs once when the view appears, which is usually wanted as well). \
        A handle kept in a property counts only when it is cancelled on the next change: the \
        `onChange` closure (or a method of the view it calls) cancels it (`searchTask?.cancel()`), \
        tests it for `nil` so that no second run starts while one is going, or the property's \
        `willSet`/`didSet` cancels the old task. A handle that is stored but never cancelled, or \
        cancelled only in `onDisappear`, is still reported, and so is one kept in a local. \
        A Task whose body never suspends (no `await` of its own), or only pauses \
        (`try? await Task.sleep(…)` before scrolling to a new row), defers synchronous work as \
        `asyncAfter` would and is not reported (nor is `asyncAfter` itself): no run waits for a \
        result that could arrive out of order, and `.task(id:)`, which also runs when the view \
        appears, would replay the delayed step there. Nor is a Task started later by a completion \
        handler or a timer inside the closure. \
        A value named for an event (`.onChange(of: stream.latestEvent?.id)`) is a stream of things \
        to handle, each in full, not a state whose latest value wins: `.task(id:)` would cancel \
        the handling of one event when the next arrives, so it is not reported; nor are the scene \
        phase's changes (`@Environment(\\.scenePhase)`), lifecycle steps whose work (a save on \
        going to the background) must finish. A closure that starts its Task only under a test \
        of a flag it sets first (`guard !isSaving else { return }; isSaving = true`), or of the \
        handle being `nil`, starts no second run while one is going and is not reported; nor does \
        one started for a `Bool` that the Task sets back to `false` once it has awaited (a trigger \
        it consumes). An infinite-scroll trigger (a Task that awaits `loadMore()`, \
        `fetchNextPage()`, `paginate()`) is left alone too: `.task(id:)` would cancel the next \
        page's load whenever the scroll offset changes. Scenes have no `.task` modifier: an \
        `onChange` applied to a scene in an `App` or `Scene` body is left alone, as is the \
        key-path form of a reducer library (`.onChange(of: \\.field)`). Reported once per \
        modifier, on the `onChange` token.
        """,
        category: .lifecycle,
        defaults: [.mvvm: .warning, .mvi: .warning],
        examples: PreferTaskId.examplesList)

    static let scopeWords = ["onChange", "Task"]
    /// Only a file that names `onChange` and `Task` is checked.
    static func mayReport(in scope: FileScope) -> Bool { scope.contains("onChange") && scope.contains("Task") }

    func check(_ context: inout RuleContext) {
        let file = context.file, project = context.project
        // Most files have no `onChange` starting a Task: they need no closure analysis here.
        guard file.containsIdentifier("onChange"), file.containsIdentifier("Task") else { return }
        let analysis = file.bodyAnalysis
        for (closure, modifier) in file.modifierClosures(named: "onChange", in: 0..<file.tokens.count) {
            // SwiftUI's form takes a value (`of: query`); `of: \.field` is a reducer's.
            guard let paren = modifier.callParen, file.isWord(paren + 1, "of"), file.kind(paren + 2) == .colon,
                  file.kind(paren + 3) != .backslash, file.followsReceiver(modifierAt: modifier.token) else { continue }
            // `onChange(of: watcher.latestEvent?.id)`: every value is something to handle, not a state
            // whose latest value wins; `.task(id:)` would drop the handling of one when the next arrives.
            if namesEvent(valueFrom: paren + 3, file: file) { continue }
            // The scene phase's changes are lifecycle steps, each with work of its own that must finish
            // (a save when the app goes to the background): `.task(id:)` would cancel it on return.
            if isScenePhase(valueFrom: paren + 3, file: file) { continue }
            // `WindowGroup { … }.onChange(of: phase)` in an App's body modifies a scene, which has no `.task`.
            if Int(analysis.innermost[modifier.token]) < 0, let holder = file.innermostType(holding: modifier.token),
               project.isAppOrScene(holder.indexName) { continue }
            var unkept: Int? = nil
            var uncancelled: [String]? = nil
            for i in closure.body where file.isTaskCreation(at: i) {
                guard file.isStartedDirectly(taskAt: i, by: closure), file.taskSuspends(createdAt: i), !file.taskOnlyDelays(createdAt: i),
                      !isGated(task: i, in: closure, file: file), !file.taskAwaitsNextPage(createdAt: i),
                      !resetsTrigger(taskAt: i, valueFrom: paren + 3, file: file) else { continue }
                if let handle = file.storedHandle(ofTaskAt: i) {
                    if !cancelsOnChange(handle, closure: closure, file: file), uncancelled == nil { uncancelled = handle }
                } else if unkept == nil {
                    unkept = i
                }
            }
            let value = valueText(afterLabelAt: paren + 3, file: file)
            if unkept != nil {
                context.report(at: modifier.token, .startsTaskOnChange(value))
            } else if let handle = uncancelled {
                context.report(at: modifier.token, .keepsTaskUncancelled(value, handle: handle.joined(separator: ".")))
            }
        }
    }

    /// Whether the previous task kept in `handle` is cancelled, or kept from starting again, when
    /// the value changes: by the closure, by a method of the file it calls, or by the property's
    /// observers.
    private func cancelsOnChange(_ handle: [String], closure: ClosureInfo, file: SourceFile) -> Bool {
        if file.cancels(handle: handle, in: closure.body) || file.testsForNil(handle: handle, in: closure.body) { return true }
        // `cancelSearch(); searchTask = Task { … }`: a method of the file, called by plain name or `self.`.
        var called = Set<String>()
        for i in closure.body where file.kind(i) == .identifier && file.kind(i + 1) == .leftParen
            && (file.kind(i - 1) != .period || (file.isWord(i - 2, "self") && file.kind(i - 3) != .period)) {
            called.insert(file.name(i))
        }
        for type in file.tree.allTypes {
            for f in type.functions where called.contains(f.name) {
                if let body = f.bodyTokens, file.cancels(handle: handle, in: body) { return true }
            }
            // `var task: Task<Void, Never>? { willSet { task?.cancel() } }`, `didSet { oldValue?.cancel() }`.
            for v in type.variables where handle.count == 1 && v.name == handle[0] {
                guard let open = v.accessorOpen, let close = v.accessorClose, open < close else { continue }
                let accessors = (open + 1)..<close
                if file.cancels(handle: handle, in: accessors) || file.cancels(handle: ["oldValue"], in: accessors) { return true }
            }
        }
        return false
    }

    /// Whether the closure starts the Task at `task` only under an `if`/`guard` test of a name it
    /// sets before starting it (`if state == .idle { state = .saving; Task { …; state = .idle } }`):
    /// no second run starts while one is going.
    private func isGated(task: Int, in closure: ClosureInfo, file: SourceFile) -> Bool {
        let lower = closure.body.lowerBound
        guard task > lower else { return false }
        // Bounded: a closure's first writes and tests are the ones that gate what follows.
        let writes = file.mutations(in: lower..<task).lazy.filter { $0.kind == .assignment }.prefix(16)
        guard !writes.isEmpty else { return false }
        var tests = 0
        for i in lower..<task where file.isWord(i, "if") || file.isWord(i, "guard") {
            tests += 1
            if tests > 32 { break }
            var end = i + 1
            while end < task, file.kind(end) != .leftBrace, !file.isWord(end, "else") { end += 1 }
            for w in writes where w.rootToken > end {
                guard let last = w.path.last else { continue }
                let tested = ((i + 1)..<end).contains { j in
                    file.kind(j) == .identifier && file.name(j) == last && file.kind(j + 1) != .period
                        && SourceFile.handlePath(file.chain(endingAt: j).components) == w.path
                }
                if tested { return true }
            }
        }
        return false
    }

    /// Whether the Task created at `task` sets the `Bool` it is started for back to `false` after
    /// it has awaited (`.onChange(of: shake) { guard shake else { return }; Task { await
    /// animate(); shake = false } }`): the flag stays `true` while the Task runs, so no change can
    /// start a second one.
    private func resetsTrigger(taskAt task: Int, valueFrom start: Int, file: SourceFile) -> Bool {
        var k = start
        if file.isWord(k, "self"), file.kind(k + 1) == .period { k += 2 }
        while file.kind(k) == .identifier, file.kind(k + 1) == .period, file.kind(k + 2) == .identifier { k += 2 }
        guard file.kind(k) == .identifier, file.kind(k + 1) == .rightParen || file.kind(k + 1) == .comma else { return false }
        let value = SourceFile.handlePath(file.chain(endingAt: k).components)
        guard let (_, closure) = file.taskClosure(createdAt: task),
              let firstAwait = closure.body.first(where: { file.isWord($0, "await") }) else { return false }
        return file.mutations(in: firstAwait..<closure.close).contains { m in
            m.kind == .assignment && m.path == value && file.isWord(m.operatorToken + 1, "false") && file.endsStatement(at: m.operatorToken + 2)
        }
    }

    /// Whether `of:` observes the scene phase: `scenePhase`, or a property of the file read from
    /// `@Environment(\.scenePhase)` under another name (optionally through `self.`).
    private func isScenePhase(valueFrom start: Int, file: SourceFile) -> Bool {
        var k = start
        if file.isWord(k, "self"), file.kind(k + 1) == .period { k += 2 }
        guard file.kind(k) == .identifier, file.kind(k + 1) == .rightParen || file.kind(k + 1) == .comma else { return false }
        let name = file.name(k)
        if name == "scenePhase" { return true }
        return file.tree.allTypes.contains { t in
            t.variables.contains { v in
                v.name == name && (v.header.firstToken..<v.nameToken).contains { file.kind($0) == .identifier && file.isWord($0, "scenePhase") }
            }
        }
    }

    /// Parts of a name that make the observed value an event (`latestEvent`, `lastEventID`).
    static let eventWords = ["event"]

    /// Whether the chain that `of:` observes, starting at `start`, has a component named for an
    /// event (`PreferTaskId.eventWords`).
    private func namesEvent(valueFrom start: Int, file: SourceFile) -> Bool {
        var i = start
        while i < file.tokens.count, i - start < 24, file.kind(i) == .identifier || file.kind(i) == .period || file.isWord(i, "self")
            || ((file.isText(i, "?") || file.isText(i, "!")) && !file.tokens[i].hasSpaceBefore) {
            if file.kind(i) == .identifier {
                let n = file.name(i).lowercased()
                if PreferTaskId.eventWords.contains(where: { n.contains($0) }) { return true }
            }
            i += 1
        }
        return false
    }

    /// The value of `of:` (from its first token `start` to the next top-level `,` or `)`), when
    /// it is short enough to quote in a message.
    private func valueText(afterLabelAt start: Int, file: SourceFile) -> String? {
        var i = start
        while i < file.tokens.count, i - start < 24 {
            switch file.kind(i) {
            case .comma, .rightParen, .eof:
                return i > start ? file.text(of: start..<i) : nil
            case .leftParen, .leftBracket, .leftBrace:
                guard let close = file.partner(i), close > i else { return nil }
                i = close + 1
            default:
                i += 1
            }
        }
        return nil
    }
}

private extension String {
    static func startsTaskOnChange(_ value: String?) -> String {
        let of = value.map { "`onChange(of: \($0))`" } ?? "`onChange`"
        let use = value.map { "`.task(id: \($0))`" } ?? "`.task(id:)`"
        return "\(of) starts a `Task` on every change without cancelling the previous one; use \(use), which does"
    }

    static func keepsTaskUncancelled(_ value: String?, handle: String) -> String {
        let of = value.map { "`onChange(of: \($0))`" } ?? "`onChange`"
        let use = value.map { "`.task(id: \($0))`" } ?? "`.task(id:)`"
        return "\(of) keeps its `Task` in `\(handle)` but does not cancel the previous one on the next change; use \(use), or cancel `\(handle)` first"
    }
}
