/// RxSwift: a `Driver` delivers on the main thread, and so does a chain after `observeOn(MainScheduler.instance)`.
import MVILintCore

/// `asDriver(…).drive { }` runs on the main thread; `subscribe(onNext:)` and `bind` after
/// `observeOn(MainScheduler.instance)` (or `observe(on:)`, or a time operator on it) too.
enum RxSwiftSubscribers: PlacementResolver {
    static func placement(of q: ClosureQuery) -> Placement? {
        if q.last == "drive" && q.names.contains("asDriver") { return .main }
        if subscribers.contains(q.last), q.hasMainReceive() { return .main }
        return nil
    }

    /// RxSwift's subscribers, whose closures run where `observeOn` sends the values.
    static let subscribers: Set<String> = ["subscribe", "bind"]
}
