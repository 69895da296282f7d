/// The main queue named as an argument, and notifications that the frameworks post on the main thread.
import MVILintCore

/// `center.addObserver(forName: n, object: nil, queue: .main) { … }` (any call that names `.main`
/// among its arguments), and `addObserver(forName: UIApplication.didBecomeActiveNotification,
/// object: nil, queue: nil) { … }`: with no queue, the block runs where the notification is
/// posted, the main thread for those of `MainPostedNotifications`.
enum Notifications: PlacementResolver {
    static func placement(of q: ClosureQuery) -> Placement? {
        if passesMainQueue(q.closure, file: q.file) { return .main }
        if q.last == "addObserver", observesMainPostedNotificationWhereItIsPosted(q.closure, file: q.file) { return .main }
        return nil
    }

    /// `.main` among the arguments of the call.
    static func passesMainQueue(_ c: ClosureInfo, file: SourceFile) -> Bool {
        guard let open = c.callee.last?.callParen, let close = file.partner(open) else { return false }
        return (open..<close).contains { file.isWord($0, "main") && file.kind($0 - 1) == .period }
    }

    static func observesMainPostedNotificationWhereItIsPosted(_ c: ClosureInfo, file: SourceFile) -> Bool {
        guard let open = c.callee.last?.callParen, let close = file.partner(open), close > open else { return false }
        var name: Range<Int>? = nil, queueIsNil = false
        var k = open + 1
        while k < close {
            let end = file.argumentEnd(from: k, close: close)
            if file.kind(k) == .identifier, file.kind(k + 1) == .colon {
                if file.isWord(k, "forName") { name = (k + 2)..<end }
                if file.isWord(k, "queue") { queueIsNil = end == k + 3 && file.isWord(k + 2, "nil") }
            }
            k = end + 1
        }
        guard queueIsNil, let n = name else { return false }
        return namesMainPostedNotification(n, file: file)
    }

    /// `Class.nameNotification`, exactly.
    static let notificationName = TokenPattern(.identifier, .period, .identifier)

    /// Whether `range` is exactly a notification name of a class of `MainPostedNotifications`
    /// (`UIApplication.didBecomeActiveNotification`, `UIResponder.keyboardWillShowNotification`).
    static func namesMainPostedNotification(_ range: Range<Int>, file: SourceFile) -> Bool {
        guard range.count == 3, file.matches(notificationName, at: range.lowerBound),
              MainPostedNotifications.classes.contains(file.name(range.lowerBound)) else { return false }
        return file.name(range.lowerBound + 2).hasSuffix("Notification")
    }
}
