/// What `no_usecase_in_view` keeps for a run: its answers about type names.
import MVILintCore

/// Whether a type name is of the domain or data layer (`LayerNames.isDomainOrData`), worked out
/// once per name for the run: view code names the same types in file after file. Nothing is
/// collected; the merged fact is the run's cache, which the threads that check files share.
struct DomainOrDataAnswers: ProjectFact {
    let answers = NameAnswers()
    /// Whether a value of a type reaches a type of the layer through the project's stored properties.
    let reaches = NameAnswers()

    static func collect(from file: SourceFile, isTestCode: Bool) -> Never? { nil }

    static func merge(_ files: [FactContribution<Never>], in project: ProjectIndex) -> DomainOrDataAnswers { DomainOrDataAnswers() }
}
