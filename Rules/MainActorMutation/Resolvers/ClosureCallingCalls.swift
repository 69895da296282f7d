/// Calls that run their closure before they return: the closure is the caller's own code.
import MVILintCore

/// A call of `ClosureCallingFunctions` (`forEach`, `withAnimation`, a database transaction), or
/// of a project function that runs its closures during the call (non-escaping parameters, or
/// escaping ones that it only calls): where the code around runs. A closure passed to a
/// project function's `@MainActor` function-typed parameter runs on the main actor.
enum ClosureCallingCalls: PlacementResolver {
    static func placement(of q: ClosureQuery) -> Placement? {
        let last = q.last
        if ClosureCallingFunctions.names.contains(last) || q.project.fact(MainHopFacts.self).synchronousClosureFunctions.contains(last) { return .unknown }
        if let parameter = closureParameter(of: q) {
            if parameter.isMainActor { return .main }
            if !parameter.escapes { return .unknown }
        }
        return nil
    }

    /// The closure parameter of the project functions named like the call that the closure is
    /// passed to, when every such function that has one there agrees on how it runs: the
    /// parameter of the closure's label; for a trailing closure without one, the first closure
    /// parameter whose label the call does not write; for an unlabelled argument, the first one
    /// without a label.
    static func closureParameter(of q: ClosureQuery) -> ClosureParameterFact? {
        guard let lists = q.project.fact(MainHopFacts.self).closureParameterLists[q.last] else { return nil }
        let c = q.closure, written = q.labels
        var found: ClosureParameterFact? = nil
        for parameters in lists {
            let match: ClosureParameterFact?
            if let label = c.label {
                match = parameters.first { $0.label == label }
            } else if c.isTrailing {
                match = parameters.first { !written.contains($0.label) }
            } else {
                match = parameters.first { $0.label == "_" }
            }
            guard let m = match else { continue }
            if let f = found, f.escapes != m.escapes || f.isMainActor != m.isMainActor { return nil }
            found = m
        }
        return found
    }
}
