/// `unstructured_task_in_modifier`: the work of `.task` and `.refreshable` stays inside them.
import MVILintCore

struct UnstructuredTaskInModifier: Rule {
    static let info = RuleInfo(
        id: "unstructured_task_in_modifier",
        title: "Unstructured Task inside `.task` or `.refreshable`",
        summary: "A `Task` started inside `.task { }`, `.task(id:) { }` or `.refreshable { }` should be awaited, or its work written there directly",
        rationale: """
        The closures of `.task` and `.refreshable` are already async: SwiftUI cancels `.task`'s work \
        when the view disappears (and `.task(id:)`'s when the value changes), and shows the refresh \
        indicator until `.refreshable`'s closure returns. A `Task { … }` or `Task.detached { … }` \
        started there and not awaited escapes both: the closure returns at once, the indicator \
        ends before the data is in, and the work keeps running after the view is gone. Write \
        `await load()` directly, or await the handle (`let t = Task { … }; await t.value`, \
        `await Task.detached { … }.value`), or run parallel work with `async let` or a task group. \
        A Task whose local handle the closure cancels (`defer { t.cancel() }`) is tied to the \
        modifier's run and is not reported. In `.task`, a Task whose handle is stored in a property \
        that the file cancels (`poller = Task { … }` with `.onDisappear { poller?.cancel() }`) is \
        under the view's own control and is not reported either; a stored handle that nothing \
        cancels is. In `.refreshable`, only awaiting counts: any other Task ends the refresh at \
        once. A Task whose body never suspends (no `await` of its own), or only pauses \
        (`try await Task.sleep(…)` between animation steps), defers synchronous work and is not \
        reported, nor is one started later by a completion handler inside the closure. \
        Reported on the `Task` token.
        """,
        category: .lifecycle,
        defaults: [.mvvm: .warning, .mvi: .warning],
        examples: UnstructuredTaskInModifier.examplesList)

    static let scopeWords = ["Task"]
    /// Only a file that names `Task` is checked (one search of the file's bytes, shared with
    /// `prefer_task_id`; the modifiers are looked for among its tokens).
    static func mayReport(in scope: FileScope) -> Bool { scope.contains("Task") }

    func check(_ context: inout RuleContext) {
        let file = context.file
        guard file.containsIdentifier("Task"), file.containsIdentifier("task") || file.containsIdentifier("refreshable") else { return }
        let everything = 0..<file.tokens.count
        for name in ["task", "refreshable"] {
            for (closure, modifier) in file.modifierClosures(named: name, in: everything) where file.followsReceiver(modifierAt: modifier.token) {
                let refreshes = name == "refreshable"
                for i in closure.body where file.isTaskCreation(at: i) {
                    guard file.isStartedDirectly(taskAt: i, by: closure), file.taskSuspends(createdAt: i), !file.taskOnlyDelays(createdAt: i),
                          !isAwaitedOrCancelled(taskAt: i, in: closure, refreshes: refreshes, file: file) else { continue }
                    context.report(at: i, refreshes ? .escapesRefresh : .escapesTask(modifier: file.name(modifier.token)))
                }
            }
        }
    }

    /// Whether the Task created at `i` is awaited in the modifier's closure (`await Task { … }.value`,
    /// `let t = Task { … }; await t.value`), or, outside `.refreshable`, cancelled: its local handle
    /// by the closure, its stored handle anywhere in the file.
    private func isAwaitedOrCancelled(taskAt i: Int, in closure: ClosureInfo, refreshes: Bool, file: SourceFile) -> Bool {
        // `await Task { … }.value`, `try await Task.detached { … }.result`.
        if let (_, task) = file.taskClosure(createdAt: i), file.kind(task.close + 1) == .period,
           file.isWord(task.close + 2, "value") || file.isWord(task.close + 2, "result") { return true }
        if let local = file.localHandle(ofTaskAt: i) {
            for j in closure.body where j > i && file.kind(j) == .identifier && file.name(j) == local && file.kind(j + 1) == .period
                && (file.isWord(j + 2, "value") || file.isWord(j + 2, "result")) && file.kind(j - 1) != .period {
                return true
            }
            return !refreshes && file.cancels(handle: [local], in: closure.body)
        }
        if !refreshes, let handle = file.storedHandle(ofTaskAt: i) {
            return file.cancels(handle: handle, in: 0..<file.tokens.count)
        }
        return false
    }
}

private extension String {
    static func escapesTask(modifier: String) -> String {
        "`Task` started inside `.\(modifier)` is not awaited, so the modifier's cancellation does not reach it; `await` the work directly"
    }

    static let escapesRefresh = "`Task` started inside `.refreshable` is not awaited: the refresh indicator ends at once and the work escapes cancellation; `await` the work directly"
}
