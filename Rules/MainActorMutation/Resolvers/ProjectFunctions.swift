/// The project's own functions, operators and enum cases: judged by their code, collected in pass 1.
import MVILintCore

/// A closure kept in a value of a project enum's case (`.failed(dismiss: { … })`) runs wherever
/// the value is taken apart: not judged. A project operator that delivers on the main queue
/// (`sinkOnMain { }`), a method of the type a property holds that runs its closure there
/// (`poller.start { }`), a helper that hops to the main queue (`Utils.onMain { }`) or that calls
/// its closure there or where it is itself called; and a helper of a package that is not
/// linted, named for the main queue (`updateOnMain { }`), taken at its name.
enum ProjectFunctions: PlacementResolver {
    static func placement(of q: ClosureQuery) -> Placement? {
        let c = q.closure, names = q.names, last = q.last, file = q.file, project = q.project
        if project.fact(ClosureCases.self).names.contains(last), let token = c.callee.last?.token,
           names.count == 1 ? file.kind(token - 1) == .period : project.kind(of: names[names.count - 2]) == .enum { return .unknown }
        let publishers = project.fact(PublisherFacts.self)
        if publishers.mainDeliveringMethods.contains(last) { return .main }
        if !publishers.mainDeliveringSignatures.isEmpty,
           publishers.mainDeliveringSignatures.contains(PublisherMethodSummary.signature(name: last, labels: q.labels)) { return .main }
        let hops = project.fact(MainHopFacts.self)
        // The method of the project type that a property of the model holds (`poller.start { … }`),
        // whatever other types' methods of that name do.
        let held = names.dropLast().drop(while: { $0 == "self" })
        if held.count == 1, let property = held.first, let owner = project.storedPropertyType(property, of: q.model) {
            let method = TypeRef.baseName(of: owner) + "." + last
            if hops.mainHoppingMethods.contains(method) { return .main }
            if hops.mainOrCallerContextMethods.contains(method) { return .unknown }
        }
        if hops.mainHoppingFunctions.contains(last) { return .main }
        if hops.mainOrCallerContextFunctions.contains(last) { return .unknown }
        if hops.closureParameterLists[last] == nil, namesMainQueue(last) { return .main }
        return nil
    }

    /// `onMain…` or `…OnMain…` (`updateOnMain`, `runOnMainThread`, `asyncOnMainIfNecessary`),
    /// capitalised so that `nonMain` is not one.
    static func namesMainQueue(_ name: String) -> Bool {
        name.hasPrefix("onMain") || name.contains("OnMain")
    }
}
