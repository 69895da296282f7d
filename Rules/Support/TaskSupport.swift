/// Helpers shared by the task rules: a `Task` a modifier's closure starts, its body, its handle.
import MVILintCore

extension SourceFile {
    /// The closure of the Task created at `task` (`Task { … }`, `Task(priority: .low) { … }`), with
    /// its index in the file's body analysis.
    func taskClosure(createdAt task: Int) -> (index: Int, closure: ClosureInfo)? {
        let closures = bodyAnalysis.closures
        // Closures are in the order of their `{`: the Task's is among the first few that open
        // after its name (its arguments come first), found by bisection.
        var k = closureIndices(in: (task + 1)..<(task + 1)).lowerBound
        var steps = 0
        while k < closures.count, steps < 16 {
            if closures[k].calleeStart == task { return (k, closures[k]) }
            k += 1
            steps += 1
        }
        return nil
    }

    /// Whether the body of the Task created at `i` has a suspension point (`await`, which
    /// `for await` and `async let` also need). One without any runs to its end in one turn of
    /// the main actor: there is nothing in flight to cancel. Unknown bodies count.
    func taskSuspends(createdAt i: Int) -> Bool {
        let analysis = bodyAnalysis
        guard let (index, closure) = taskClosure(createdAt: i) else { return true }
        // Its own `await`s: one inside a completion handler or a nested task suspends that code, not
        // this task. `await Task.yield()` only hands the turn back: the work is deferred, not in flight.
        return ((closure.open + 1)..<closure.close).contains { j in
            isWord(j, "await") && Int(analysis.innermost[j]) == index
                && !(isWord(j + 1, "Task") && kind(j + 2) == .period && isWord(j + 3, "yield") && kind(j + 4) == .leftParen
                     && kind(j + 5) == .rightParen)
        }
    }

    /// Whether every suspension of the Task created at `i` is a pause (`try? await Task.sleep(…)`,
    /// `await Task.yield()`): it does synchronous work after a delay, as `asyncAfter` does, and
    /// nothing it waits for can finish out of order.
    func taskOnlyDelays(createdAt i: Int) -> Bool {
        let analysis = bodyAnalysis
        guard let (index, closure) = taskClosure(createdAt: i) else { return false }
        return !((closure.open + 1)..<closure.close).contains { j in
            isWord(j, "await") && Int(analysis.innermost[j]) == index
                && !(isWord(j + 1, "Task") && kind(j + 2) == .period && (isWord(j + 3, "sleep") || isWord(j + 3, "yield")) && kind(j + 4) == .leftParen)
        }
    }

    /// Parts of a method name that load the next page of a list.
    static let pagingWords = ["nextpage", "loadmore", "fetchmore", "loadnext", "fetchnext", "paginat", "morepage", "moreitems", "moreresults"]

    /// Whether the Task created at `i` awaits a method named for the next page of a list
    /// (`loadNextPage`, `fetchMore`, `paginate`; `SourceFile.pagingWords`): an infinite-scroll
    /// trigger, whose load a restarted `.task` would cancel before the next page is in.
    func taskAwaitsNextPage(createdAt i: Int) -> Bool {
        guard let (_, closure) = taskClosure(createdAt: i) else { return false }
        let close = closure.close
        for a in closure.open..<close where isWord(a, "await") {
            var j = a + 1
            while j < close, kind(j) == .identifier || isWord(j, "self") || kind(j) == .period || isText(j, "?") { j += 1 }
            guard kind(j) == .leftParen, kind(j - 1) == .identifier else { continue }
            let name = self.name(j - 1).lowercased()
            if SourceFile.pagingWords.contains(where: { name.contains($0) }) { return true }
        }
        return false
    }

    /// `handle = Task { … }` or `self.handle = Task { … }`: the Task is assigned to an existing
    /// property, not to a new local (`let t = Task { … }`) nor discarded.
    func storesTaskHandle(createdAt i: Int) -> Bool { storedHandle(ofTaskAt: i) != nil }

    /// The place an existing-property assignment `handle = Task { … }` stores the Task created at
    /// `i` in, as the names along its chain without `self` and subscripts (`["searchTask"]`,
    /// `["model", "pending"]`, `["tasks"]` for `tasks[id] = Task { … }`); nil for a new local
    /// (`let t = Task { … }`) or a Task whose handle is not assigned.
    func storedHandle(ofTaskAt i: Int) -> [String]? {
        guard kind(i - 1) == .equal else { return nil }
        let target = chain(endingAt: i - 2)
        guard !target.components.isEmpty, !(isWord(target.start - 1, "let") || isWord(target.start - 1, "var")) else { return nil }
        let path = SourceFile.handlePath(target.components)
        return path.isEmpty ? nil : path
    }

    /// The local `t` of `let t = Task { … }` (or `var`) for the Task created at `i`.
    func localHandle(ofTaskAt i: Int) -> String? {
        guard kind(i - 1) == .equal, kind(i - 2) == .identifier, isWord(i - 3, "let") || isWord(i - 3, "var") else { return nil }
        return name(i - 2)
    }

    /// The names of a handle's chain: without `self`, subscripts and calls.
    static func handlePath(_ components: [ChainComponent]) -> [String] {
        components.filter { $0.name != "self" && $0.name != "[]" && $0.name != "()" }.map(\.name)
    }

    /// Every `cancel()` call of the file, in source order: the `cancel` token and the names of
    /// its receiver (`searchTask?.cancel()` → `["searchTask"]`, `tasks[id]?.cancel()` →
    /// `["tasks"]`). Worked out once per file, so that asking about many handles stays linear.
    func cancelCalls() -> [(token: Int, receiver: [String])] {
        memo("cancelCalls", -1) {
            guard containsIdentifier("cancel") else { return [] }
            var out: [(token: Int, receiver: [String])] = []
            for i in 0..<tokens.count where isWord(i, "cancel") && kind(i - 1) == .period && kind(i + 1) == .leftParen && kind(i + 2) == .rightParen {
                // The receiver ends before the `.` (and an optional mark).
                var end = i - 2
                if kind(end) == .operator, isText(end, "?") || isText(end, "!") { end -= 1 }
                out.append((i, SourceFile.handlePath(chain(endingAt: end).components)))
            }
            return out
        }
    }

    /// Whether `range` calls `cancel()` on the handle `path` (`searchTask?.cancel()`,
    /// `self.searchTask.cancel()`, `tasks[id]?.cancel()`).
    func cancels(handle path: [String], in range: TokenRange) -> Bool {
        guard !path.isEmpty else { return false }
        let calls = cancelCalls()
        // The first call at or after the range's start (calls are sorted by token).
        var lo = 0, hi = calls.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if calls[mid].token < range.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        var k = lo
        while k < calls.count, calls[k].token < range.upperBound {
            if calls[k].receiver == path { return true }
            k += 1
        }
        return false
    }

    /// Whether `range` tests the handle `path` against `nil` (`guard task == nil`,
    /// `if searchTask != nil { return }`): a run that is still going keeps another from starting.
    func testsForNil(handle path: [String], in range: TokenRange) -> Bool {
        guard let last = path.last else { return false }
        for i in range where kind(i) == .identifier && name(i) == last && (isText(i + 1, "==") || isText(i + 1, "!=")) && isWord(i + 2, "nil") {
            if SourceFile.handlePath(chain(endingAt: i).components) == path { return true }
        }
        return false
    }

    /// Whether the Task created at `i` is started by the statements of the closure `closure`
    /// itself: directly, or inside closures that run at once where they are written
    /// (`withAnimation { Task { … } }`, `if`/`switch` blocks, which are no closures). A Task in a
    /// completion handler, a timer or another task starts later, not when the closure runs.
    func isStartedDirectly(taskAt i: Int, by closure: ClosureInfo) -> Bool {
        let analysis = bodyAnalysis
        var c = Int(analysis.innermost[i])
        var steps = 0
        while c >= 0, steps < BodyAnalysis.maxEnclosingClosures {
            let info = analysis.closures[c]
            if info.open == closure.open { return true }
            // A `Binding(get:set:)` runs its closures when the binding is read or written, later.
            guard let name = info.calleeName, synchronousClosureCallNames.contains(name), name != "Binding" else { return false }
            c = info.parent ?? -1
            steps += 1
        }
        return false
    }

    /// Whether the `.` before a modifier name at token `name` follows an expression (`Text("")
    /// .task { }`, `content.refreshable { }`), not an implicit member such as an effect
    /// `return .task { … }` of a reducer library.
    func followsReceiver(modifierAt name: Int) -> Bool {
        let p = name - 2
        switch kind(p) {
        case .identifier, .rightParen, .rightBracket, .rightBrace, .dollarIdentifier, .stringLiteral, .integerLiteral, .floatLiteral: return true
        case .keyword: return isWord(p, "self") || isWord(p, "Self") || isWord(p, "super")
        case .operator: return (isText(p, "?") || isText(p, "!")) && !tokens[p].hasSpaceBefore
        default: return false
        }
    }

    /// The innermost type declaration (or extension) of the file whose body holds token `i`.
    func innermostType(holding i: Int) -> TypeDecl? {
        var best: TypeDecl? = nil
        for t in tree.allTypes {
            guard let open = t.bodyOpen, let close = t.bodyClose, open < i, i < close else { continue }
            if let b = best, let bo = b.bodyOpen, bo > open { continue }
            best = t
        }
        return best
    }
}
