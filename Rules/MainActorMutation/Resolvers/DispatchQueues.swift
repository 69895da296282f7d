/// Dispatch and operation queues: `sync` runs in the caller's context, other queues off the main one.
import MVILintCore

/// `queue.sync { }` returns after its closure has run on the caller's thread (a serial queue
/// used as a lock): the closure is the caller's code. A closure given to a dispatch or operation
/// queue that is not the main one (`DispatchQueue.global().async { }`, a stored background
/// queue) runs off the main actor; a `DispatchWorkItem`'s block runs where the file executes it.
enum DispatchQueues: PlacementResolver {
    static func placement(of q: ClosureQuery) -> Placement? {
        let names = q.names, last = q.last
        if last == "sync" && (names.contains("DispatchQueue") || q.queues.background.contains(q.receiver)) { return .unknown }
        if last == "DispatchWorkItem" { return workItemPlacement(of: q.closure, file: q.file, queues: q.queues) }
        if queueSchedulingMethodNames.contains(last),
           names.contains("DispatchQueue") || names.contains("OperationQueue") || q.queues.background.contains(q.receiver) {
            return .offMain("inside a closure run by a background queue")
        }
        return nil
    }

    /// `execute:` followed by the item's name.
    static let execute = TokenPattern(.word("execute"), .colon)

    /// Where the block of a `DispatchWorkItem` runs, from where the file executes the item: the
    /// closure's call is assigned to a name (`let work = DispatchWorkItem { … }`, `pending =
    /// DispatchWorkItem { … }`) that the file passes as `execute:` to a queue
    /// (`DispatchQueue.main.asyncAfter(deadline: t, execute: work)`). Off the main actor when one
    /// such queue is not the main one, on it when all are; unknown when the file executes the item
    /// nowhere it can see (`work.perform()` runs it in the caller's context).
    static func workItemPlacement(of c: ClosureInfo, file: SourceFile, queues: QueueProperties) -> Placement {
        guard let start = c.calleeStart, file.kind(start - 1) == .equal, file.kind(start - 2) == .identifier else { return .unknown }
        let item = file.name(start - 2)
        var onMain = false
        for j in file.tokens.indices where file.matches(execute, endingAt: j - 1) {
            // `execute: work`, `execute: self.work`, `execute: work!`
            let named = file.isWord(j, "self") && file.kind(j + 1) == .period ? j + 2 : j
            guard file.kind(named) == .identifier, file.name(named) == item, let open = file.enclosingArgumentListOpen(of: j - 2) else { continue }
            let names = file.chain(endingAt: open - 1).components.map(\.name)
            guard let method = names.last, queueSchedulingMethodNames.contains(method) else { continue }
            if names.contains("main") || queues.main.contains(names.first ?? "") {
                onMain = true
            } else if names.contains("DispatchQueue") || names.contains("OperationQueue") || queues.background.contains(names.first ?? "") {
                return .offMain("inside a work item run by a background queue")
            }
        }
        return onMain ? .main : .unknown
    }
}
