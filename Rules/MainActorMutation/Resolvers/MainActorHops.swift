/// Closures that hop to the main actor or queue themselves.
import MVILintCore

/// `DispatchQueue.main.async { }`, `MainActor.run { }` (a static method of `MainActor`, also a
/// project helper such as `MainActor.withAnimation { }`), `MainActor.assumeIsolated { }`, and a
/// call on a queue or scheduler that holds the main one (`uiQueue.async { }`).
enum MainActorHops: PlacementResolver {
    static func placement(of q: ClosureQuery) -> Placement? {
        let names = q.names
        if q.closure.hopsToMainQueue || (names.contains("MainActor") && q.last == "assumeIsolated") || (names.count == 2 && names[0] == "MainActor") {
            return .main
        }
        return q.queues.main.contains(q.receiver) ? .main : nil
    }
}
