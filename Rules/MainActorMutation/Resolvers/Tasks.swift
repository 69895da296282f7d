/// Tasks: `Task { }` inherits the actor of the code around it, `Task.detached` and child tasks do not.
import MVILintCore

/// A `Task { }` created right inside a closure that runs on the main actor (`DispatchQueue.main.async
/// { }`, whose closure Swift isolates to the main actor, `MainActor.run { }`, `{ @MainActor in }`,
/// or another such task) runs on the main actor; any other runs off it, as do `Task.detached { }`
/// and a task group's child tasks.
enum Tasks: PlacementResolver {
    static func placement(of q: ClosureQuery) -> Placement? {
        let last = q.last
        if last == "Task" { return inheritsMainActor(q.closure, in: q.function, file: q.file) ? .main : .offMain("inside `Task { }`") }
        if last == "detached" && q.names.contains("Task") { return .offMain("inside `Task.detached { }`") }
        if last == "addTask" || last == "addTaskUnlessCancelled" { return .offMain("inside a child task") }
        return nil
    }

    static let mainQueueHops: Set<String> = ["async", "asyncAfter", "sync"]

    /// Whether `Task { }` closure `c` inherits the main actor from the closure right around it:
    /// one that runs on the main actor, or another `Task { }` that does. A closure of any other
    /// call in between isolates nothing.
    static func inheritsMainActor(_ c: ClosureInfo, in function: FunctionDecl, file: SourceFile) -> Bool {
        let analysis = file.bodyAnalysis
        var current = c
        for _ in 0..<BodyAnalysis.maxEnclosingClosures {
            guard let p = current.parent, p >= 0, p < analysis.closures.count, let body = function.bodyTokens,
                  analysis.closures[p].open >= body.lowerBound - 1 else { return false }
            let outer = analysis.closures[p]
            let names = outer.callee.map(\.name)
            let dispatchMain = names.count == 3 && names[0] == "DispatchQueue" && names[1] == "main" && mainQueueHops.contains(names[2])
            if outer.attributes.contains("MainActor") || dispatchMain
                || (names.count == 2 && names[0] == "MainActor" && (names[1] == "run" || names[1] == "assumeIsolated")) { return true }
            guard names.last == "Task", outer.calleeStart != nil else { return false }
            current = outer
        }
        return false
    }
}
