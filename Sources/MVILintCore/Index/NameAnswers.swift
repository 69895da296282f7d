/// Yes-or-no answers about type names that rules work out from the project index alone.

import Foundation

/// Answers about names (whether a type is of the domain or data layer) kept for a whole run: the
/// same names come up in file after file (`Text`, a screen's model, its use case), and each is
/// worked out once. The threads that check files share it; the names are spread over stripes,
/// each with its own lock, so that two threads seldom wait for each other. At most
/// `NameAnswers.limit` names are kept per stripe; past that, answers are worked out each time.
public final class NameAnswers: @unchecked Sendable {
    private final class Stripe {
        let lock = NSLock()
        var answers: [String: Bool] = [:]
    }
    private let stripes: [Stripe] = (0..<16).map { _ in Stripe() }
    public static let limit = 4_096

    public init() {}

    /// The answer for `name`, worked out with `make` the first time it is asked. `make` must
    /// depend only on the name and on facts fixed for the run (the index, the settings).
    public func answer(_ name: String, _ make: () -> Bool) -> Bool {
        let utf8 = name.utf8
        let stripe = stripes[(utf8.count &* 31 &+ Int(utf8.first ?? 0)) & 15]
        stripe.lock.lock()
        let known = stripe.answers[name]
        stripe.lock.unlock()
        if let known { return known }
        let value = make()
        stripe.lock.lock()
        if stripe.answers.count < NameAnswers.limit { stripe.answers[name] = value }
        stripe.lock.unlock()
        return value
    }
}
