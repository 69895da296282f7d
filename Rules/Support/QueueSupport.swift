/// What rules know of dispatch and operation queues.
import MVILintCore

/// Methods of `DispatchQueue` and `OperationQueue` that hand a closure to the queue
/// (`queue.async { }`, `queue.addOperation { }`); whether it runs on the main thread depends on
/// the queue.
let queueSchedulingMethodNames: Set<String> = ["async", "asyncAfter", "sync", "asyncAndWait", "concurrentPerform", "addOperation", "addBarrierBlock"]
