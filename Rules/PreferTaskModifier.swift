/// `prefer_task_modifier`: async work tied to a view's appearance goes into `.task { }`.
import MVILintCore

struct PreferTaskModifier: Rule {
    static let info = RuleInfo(
        id: "prefer_task_modifier",
        title: "Prefer the Task Modifier",
        summary: "A `Task` started from `.onAppear { }` should be a `.task { }` modifier",
        rationale: """
        `.onAppear { Task { await load() } }` starts unstructured work that nothing cancels: when the \
        user leaves the screen the request keeps running, and its result may land on a view that is \
        gone or, after quick back-and-forth navigation, arrive out of order. `.task { await load() }` \
        runs the same work on the main actor, starts it when the view appears and cancels it \
        automatically when the view disappears; `.task(id:)` also restarts it when a value changes. \
        Only a `Task` that the `onAppear` closure itself creates is reported, on the `onAppear` token; \
        one created inside a further closure (a timer, a completion handler) is left alone, and so is \
        one whose handle is stored in an existing property (`pending = Task { … }`): code that keeps \
        the handle cancels or replaces the work itself, which `.task { }` cannot express. A `Task` \
        whose body never suspends (no `await` of its own: one inside a completion handler or a nested \
        task suspends that code, not the task; `await Task.yield()` only hands the turn back) is not \
        reported either: it only defers synchronous \
        work to the next turn of the main actor, and there is nothing in flight to cancel. Nor is a \
        `Task` started after the closure sets a `@State` flag that an `if` or `guard` tests (an \
        infinite-scroll sentinel that removes itself, a run-once latch), or one that at once awaits \
        a method of the view which sets such a flag before its first suspension \
        (`Task { await fetchMore() }`): `.task { }` would cancel that work as soon as the view goes \
        away, or never start it again. For the same reason an infinite-scroll trigger is not \
        reported: a Task that awaits a method named for the next page (`loadNextPage`, \
        `fetchMore`, `paginate`), or that starts under a test of the row against the end of the \
        list (`if post == posts.last`, `index == items.count - 1`).
        """,
        category: .lifecycle,
        defaults: [.mvvm: .warning, .mvi: .warning],
        needsIndex: false,
        examples: PreferTaskModifier.examplesList)

    static let scopeWords = ["onAppear"]
    /// Only a file that names `onAppear` is checked.
    static func mayReport(in scope: FileScope) -> Bool { scope.contains("onAppear") }

    func check(_ context: inout RuleContext) {
        let file = context.file
        // Most files have no `onAppear`: they need no closure analysis for this rule.
        guard file.containsIdentifier("onAppear") else { return }
        let analysis = file.bodyAnalysis
        let everything = 0..<file.tokens.count
        for (closure, modifier) in file.modifierClosures(named: "onAppear", in: everything) {
            // Only a Task created by the closure's own statements: one created in a nested closure
            // (a completion handler, a timer) is not started by the appearance itself.
            let direct = closure.body.first { i in
                file.isTaskCreation(at: i) && analysis.innermost[i] >= 0 && analysis.closures[Int(analysis.innermost[i])].open == closure.open
                    && !file.storesTaskHandle(createdAt: i) && file.taskSuspends(createdAt: i)
            }
            guard let task = direct, !setsGatingState(before: task, in: closure.body, modifier: modifier.token, file: file),
                  !loadsNextPage(taskAt: task, in: closure.body, file: file) else { continue }
            context.report(at: modifier.token, .onAppearTask)
        }
    }
}

extension PreferTaskModifier {
    /// An infinite-scroll trigger: the Task awaits a method named for the next page or more
    /// items (`loadNextPage`, `fetchMore`, `paginate`), or it starts under a test of the row
    /// against the end of the list (`if post == posts.last`, `index == items.count - 1`,
    /// `endIndex`). `.task { }` would cancel the load when the row scrolls away, and the row
    /// would not ask again until it reappears.
    private func loadsNextPage(taskAt task: Int, in body: TokenRange, file: SourceFile) -> Bool {
        if file.taskAwaitsNextPage(createdAt: task) { return true }
        // The `if` conditions around the Task inside the closure.
        for i in body where i < task && (file.isWord(i, "if") || file.isWord(i, "guard")) {
            let end = conditionEnd(after: i, limit: task, in: file)
            if file.kind(end) == .leftBrace, let blockClose = file.partner(end), blockClose < task { continue }
            let testsEnd = ((i + 1)..<end).contains { j in
                (file.kind(j - 1) == .period && (file.isWord(j, "last") || file.isWord(j, "endIndex")))
                    || (file.isWord(j, "count") && file.isText(j + 1, "-"))
            }
            if testsEnd { return true }
        }
        return false
    }

    /// Whether the closure sets a `@State` flag before creating the Task, or the Task at once calls
    /// a method of the view that sets one before its first suspension, where the flag either
    /// guards the closure itself (`guard !didStart else { return }; didStart = true`) or is tested
    /// by an `if` around the view that carries `onAppear` (`if !isFetchingMore { Spacer().onAppear {
    /// isFetchingMore = true; Task { … } } }`): the flag keeps the work from starting again, or
    /// removes that view, so a `.task { }` would never restart it or would cancel it at once.
    private func setsGatingState(before task: Int, in body: TokenRange, modifier: Int, file: SourceFile) -> Bool {
        guard body.lowerBound <= task else { return false }
        // The tests that matter lie in the closure or around the view that carries `onAppear`:
        // within the innermost type that holds the modifier (the whole file outside any type).
        var scope = 0..<file.tokens.count
        var holder: TypeDecl? = nil
        for t in file.tree.allTypes {
            guard let open = t.bodyOpen, let close = t.bodyClose, open < modifier, modifier < close, open >= scope.lowerBound, close <= scope.upperBound else { continue }
            scope = open..<(close + 1)
            holder = t
        }
        func isState(_ name: String) -> Bool {
            file.tree.allTypes.contains { t in t.variables.contains { $0.name == name && $0.header.hasAttribute("State") } }
        }
        // Each flag with the token where the closure sets it (nil when a called method does).
        var flags: [(name: String, setAt: Int?)] = []
        for m in file.mutations(in: body.lowerBound..<task) where m.kind == .assignment && m.path.count == 1 && isState(m.path[0]) {
            flags.append((m.path[0], m.rootToken))
        }
        if let holder = holder {
            for name in flagsSetFirst(byMethodAwaitedIn: task, of: holder, file: file) where isState(name) { flags.append((name, nil)) }
        }
        for flag in flags {
            for i in scope where file.isWord(i, "if") || file.isWord(i, "guard") {
                // The condition, up to the block or `else` (a short one): does it test the flag?
                let end = conditionEnd(after: i, limit: file.tokens.count, in: file)
                let tests = ((i + 1)..<end).contains { j in
                    file.kind(j) == .identifier && file.name(j) == flag.name
                        && (file.kind(j - 1) != .period || (file.isWord(j - 2, "self") && file.kind(j - 3) != .period))
                }
                guard tests else { continue }
                // A test inside the closure before it sets the flag: a latch.
                if let setAt = flag.setAt, body.contains(i), i < setAt { return true }
                // An `if` one of whose blocks holds the view with `onAppear`: the flag removes that view.
                if file.isWord(i, "if"), file.kind(end) == .leftBrace, let close = file.partner(end) {
                    if end < modifier, modifier < close { return true }
                    if file.isWord(close + 1, "else"), file.kind(close + 2) == .leftBrace, let last = file.partner(close + 2),
                       close + 2 < modifier, modifier < last { return true }
                }
            }
        }
        return false
    }

    /// The names a method of the view (`holder`, its declaration and extensions in this file)
    /// assigns before its first suspension, when the Task created at `task` starts by awaiting it
    /// (`Task { await fetchMore() }`). A method that itself starts by awaiting methods of the view
    /// (`if external { await loadExternal() } else { await loadRegular() }`) is followed into them.
    private func flagsSetFirst(byMethodAwaitedIn task: Int, of holder: TypeDecl, file: SourceFile) -> [String] {
        let analysis = file.bodyAnalysis
        guard let (index, closure) = file.taskClosure(createdAt: task) else { return [] }
        let start = closure.inToken.map { $0 + 1 } ?? closure.open + 1
        guard let awaited = (start..<closure.close).first(where: { file.isWord($0, "await") && Int(analysis.innermost[$0]) == index }),
              let name = awaitedMethod(at: awaited, file: file) else { return [] }
        let methods = file.tree.allTypes.filter { $0.indexName == holder.indexName }.flatMap(\.functions)
        var out: [String] = []
        var visited = Set<String>()
        func follow(_ name: String, depth: Int) {
            guard depth < 4, visited.insert(name).inserted else { return }
            for f in methods where f.name == name {
                guard let b = f.bodyTokens else { continue }
                let own = b.lowerBound > 0 ? analysis.innermost[b.lowerBound - 1] : -1
                // Up to the first suspension that is not an awaited method of the view.
                var end = b.upperBound
                for i in b where file.isWord(i, "await") && analysis.innermost[i] == own {
                    guard let callee = awaitedMethod(at: i, file: file), methods.contains(where: { $0.name == callee }) else { end = i; break }
                    follow(callee, depth: depth + 1)
                }
                for m in file.mutations(in: b.lowerBound..<end) where m.kind == .assignment && m.path.count == 1 { out.append(m.path[0]) }
            }
        }
        follow(name, depth: 0)
        return out
    }

    /// The end of the condition of the `if` or `guard` at `i`: its block's `{`, or `else` (a short
    /// condition: at most 64 tokens, and not past `limit`).
    private func conditionEnd(after i: Int, limit: Int, in file: SourceFile) -> Int {
        var end = i + 1
        while end < min(limit, i + 64), file.kind(end) != .leftBrace, !file.isWord(end, "else") { end += 1 }
        return end
    }

    /// The method that `await` at `i` calls by its plain name or through `self.` (`await load()`).
    private func awaitedMethod(at i: Int, file: SourceFile) -> String? {
        var k = i + 1
        if file.isWord(k, "self"), file.kind(k + 1) == .period { k += 2 }
        guard file.kind(k) == .identifier, file.kind(k + 1) == .leftParen, file.kind(k - 1) != .period || file.isWord(k - 2, "self") else { return nil }
        return file.name(k)
    }
}

private extension String {
    static let onAppearTask = "`onAppear` starts a `Task` that is not cancelled when the view disappears; use `.task { }` instead"
}
