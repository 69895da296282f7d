/// What `main_actor_mutation` collects about the subjects the project's types send values through.
import MVILintCore

/// Members of project types, as `Type.member`, through which only the type's own code sends
/// values, and only on the main queue or actor: a subscriber to one runs on the main queue.
struct MainOnlySubjects: ProjectFact {
    var members: Set<String> = []

    struct FileSends: Sendable {
        /// The sends a type makes through a member of its own, as `Type.member`, with whether each runs on the main queue or actor.
        var own: [(member: String, onMain: Bool)]
        /// The members that other code sends through.
        var foreign: [String]
    }

    static func collect(from file: SourceFile, isTestCode: Bool) -> FileSends? {
        // A test sends what it likes: it does not tell where the app sends.
        guard !isTestCode, !MainActorMutation.isPreviewFile(file) else { return nil }
        let (own, foreign) = subjectSends(in: file)
        return own.isEmpty && foreign.isEmpty ? nil : FileSends(own: own, foreign: foreign)
    }

    static func merge(_ files: [FactContribution<FileSends>], in project: ProjectIndex) -> MainOnlySubjects {
        let mainSent = namesWhereAllQualify(files.flatMap(\.fact.own), name: \.member) { x, _, _, _ in x.onMain }
        var foreign = Set<String>()
        for f in files { foreign.formUnion(f.fact.foreign) }
        var out = MainOnlySubjects()
        for member in mainSent {
            guard let dot = member.firstIndex(of: "."), !foreign.contains(String(member[member.index(after: dot)...])) else { continue }
            out.members.insert(member)
        }
        return out
    }

    /// The `send(…)` calls of the file: those a type makes through a member of its own
    /// (`self.changed.send(ids)`, `changed.send(ids)` in its methods), as `Type.member` with whether
    /// the send runs on the main queue or actor (inside `DispatchQueue.main.async { }`,
    /// `MainActor.run { }`, `Task { @MainActor in }`, in a `@MainActor` method or type); and the
    /// members that other code sends through (`library.changed.send(ids)`), whose context is not known.
    static func subjectSends(in file: SourceFile) -> (own: [(member: String, onMain: Bool)], foreign: [String]) {
        // The bytes first: most files send nothing.
        guard file.bytesContain("send(") else { return ([], []) }
        var own: [(member: String, onMain: Bool)] = [], foreign: [String] = []
        func scan(_ body: TokenRange, owner: String?, isolated: Bool) {
            for i in body where file.isWord(i, "send") && file.kind(i - 1) == .period && file.kind(i + 1) == .leftParen {
                let names = file.chain(endingAt: i).components.map(\.name)
                guard names.count >= 2 else { continue }
                let member = names[names.count - 2]
                guard let owner, names.count == 2 || (names.count == 3 && names[0] == "self") else {
                    foreign.append(member)
                    continue
                }
                let onMain = MainHopSummary.innermostDeferredClosureHops(around: i, in: body, file: file) { c in
                    c.hopsToMainQueue || c.attributes.contains("MainActor")
                } ?? isolated
                own.append((owner + "." + member, onMain))
            }
        }
        for t in file.tree.allTypes {
            let owner = t.kind == .extension ? t.extendedBaseName : t.name
            let isolated = t.header.hasAttribute("MainActor")
            for f in t.functions { if let b = f.bodyTokens { scan(b, owner: owner, isolated: isolated || f.header.hasAttribute("MainActor")) } }
        }
        for f in file.tree.topLevelFunctions { if let b = f.bodyTokens { scan(b, owner: nil, isolated: false) } }
        return (own, foreign)
    }
}
