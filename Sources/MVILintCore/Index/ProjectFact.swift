/// Facts about the whole project that a rule collects for itself, per file in pass 1, merged into the index.

/// A project-wide fact that one rule (or a family of rules) needs and no other: which functions
/// of the project hop to the main queue, which members only extensions write. The rule collects
/// it, in the manner of SwiftLint's collecting rules; the shared index keeps only what several
/// rules share (types, conformance, isolation, observable state, the view graph).
///
/// - In pass 1 the engine calls `collect(from:isTestCode:)` on every file of the project, beside
///   the file's `FileSummary`, for the facts of the enabled rules only (`Rule.facts`). The
///   contribution stays in memory with the summary until the index is built, so it must be
///   compact: nil when the file has nothing (most files), and names rather than parsed structures.
/// - When the index is built, `merge(_:in:)` gets the contributions of every file, in the order
///   of the project's files, and the index as built so far (symbols, inheritance, isolation,
///   observable state, the view graph), which it may query.
/// - At check time a rule reads the merged fact, read-only, with `ProjectIndex.fact(_:)`.
///
/// ```swift
/// struct ExtensionWrites: ProjectFact {
///     /// Members that extensions assign, as `Type.member`.
///     var members: Set<String> = []
///     static func collect(from file: SourceFile, isTestCode: Bool) -> [String]? {
///         let written = file.tree.allTypes.filter { $0.kind == .extension }.flatMap { … }
///         return written.isEmpty ? nil : written
///     }
///     static func merge(_ files: [FactContribution<[String]>], in project: ProjectIndex) -> ExtensionWrites {
///         ExtensionWrites(members: Set(files.flatMap(\.fact)))
///     }
/// }
/// // In the rule: `static let facts: [any ProjectFact.Type] = [ExtensionWrites.self]`, then in
/// // `check`: `let writes = context.project.fact(ExtensionWrites.self)`.
/// ```
public protocol ProjectFact: Sendable {
    /// What one file contributes.
    associatedtype FileFact: Sendable
    /// The contribution of `file`, nil when it has nothing to contribute. `isTestCode`: the file
    /// imports XCTest or Testing, or imports a module `@testable` (`SourceFile.isTestCode`).
    static func collect(from file: SourceFile, isTestCode: Bool) -> FileFact?
    /// The same, for a fact that reads what the run knows of frameworks and libraries (the
    /// built-in tables, extended by the configuration); the default ignores it.
    static func collect(from file: SourceFile, isTestCode: Bool, knowledge: Knowledge) -> FileFact?
    /// Shares the long names of a contribution with the other files' (`StringInterner`); the
    /// default leaves it as it is. Worth it for names that many files repeat.
    static func intern(_ fact: inout FileFact, with interner: StringInterner)
    /// The project's fact from the contributions of its files (only those that contributed, in
    /// the order of the project's files), once the shared part of `project` is built.
    static func merge(_ files: [FactContribution<FileFact>], in project: ProjectIndex) -> Self

    // The engine's side, which the defaults below implement: a fact does not implement them.
    // Requirements with inlinable defaults, so that each fact's module specializes them for the
    // fact (generic code over an unknown `FileFact` cost more than most facts' collection).
    /// Collects the contribution of `file` into `facts`.
    static func _collect(from file: SourceFile, isTestCode: Bool, interner: StringInterner?, knowledge: Knowledge, into facts: inout FileFacts)
    /// The merged fact over the contributions that `summaries` hold, boxed for `MergedFacts`.
    static func _mergedBox(from summaries: [FileSummary], in project: ProjectIndex) -> AnyObject
}

extension ProjectFact {
    public static func intern(_ fact: inout FileFact, with interner: StringInterner) {}

    @inlinable
    public static func collect(from file: SourceFile, isTestCode: Bool, knowledge: Knowledge) -> FileFact? {
        collect(from: file, isTestCode: isTestCode)
    }

    @inlinable
    public static func _collect(from file: SourceFile, isTestCode: Bool, interner: StringInterner?, knowledge: Knowledge, into facts: inout FileFacts) {
        guard var fact = collect(from: file, isTestCode: isTestCode, knowledge: knowledge) else { return }
        if let interner { intern(&fact, with: interner) }
        facts.entries.append(FileFacts.Entry(type: ObjectIdentifier(Self.self), value: fact))
    }

    @inlinable
    public static func _mergedBox(from summaries: [FileSummary], in project: ProjectIndex) -> AnyObject {
        let id = ObjectIdentifier(Self.self)
        var files: [FactContribution<FileFact>] = []
        // Fields read in place: binding a summary to a local would copy it.
        for i in summaries.indices where !summaries[i].facts.entries.isEmpty {
            for e in summaries[i].facts.entries where e.type == id {
                // The entries of this fact hold its `FileFact` (`_collect`).
                files.append(FactContribution(path: summaries[i].path, fact: e.value as! FileFact))
            }
        }
        return FactBox(merge(files, in: project))
    }
}

/// One file's contribution to a fact.
public struct FactContribution<Fact: Sendable>: Sendable {
    /// The path of the file, as the engine was given it.
    public var path: String
    public var fact: Fact
    public init(path: String, fact: Fact) { self.path = path; self.fact = fact }
}

/// The contributions of one file to the facts of the enabled rules: one entry for each fact
/// that the file has something for, so that a file with nothing costs an empty array.
public struct FileFacts: @unchecked Sendable {
    // `@unchecked`: each value is the `FileFact` of the fact that `type` names, which is `Sendable`.
    @usableFromInline
    struct Entry {
        @usableFromInline var type: ObjectIdentifier
        @usableFromInline var value: Any
        @usableFromInline init(type: ObjectIdentifier, value: Any) { self.type = type; self.value = value }
    }
    @usableFromInline var entries: [Entry] = []

    public init() {}

    /// Whether the file contributes nothing to any fact.
    public var isEmpty: Bool { entries.isEmpty }

    /// Collects the contribution of `file` to each fact of `facts`.
    public init(of file: SourceFile, facts: [any ProjectFact.Type], interner: StringInterner? = nil, knowledge: Knowledge = .builtIn) {
        guard !facts.isEmpty else { return }
        let isTestCode = file.isTestCode
        for f in facts { f._collect(from: file, isTestCode: isTestCode, interner: interner, knowledge: knowledge, into: &self) }
    }

    /// The contribution to the fact `type`, if the file has one.
    public func contribution<F: ProjectFact>(to type: F.Type) -> F.FileFact? {
        let id = ObjectIdentifier(type)
        for e in entries where e.type == id { return e.value as? F.FileFact }
        return nil
    }
}

/// The merged facts of an index, by type: each in a box of its own, so that reading one field of
/// a fact copies that field only.
@usableFromInline
struct MergedFacts {
    @usableFromInline var types: [ObjectIdentifier] = []
    @usableFromInline var boxes: [AnyObject] = []

    init() {}

    init(_ facts: [any ProjectFact.Type], summaries: [FileSummary], project: ProjectIndex) {
        for f in facts where !types.contains(ObjectIdentifier(f)) {
            types.append(ObjectIdentifier(f))
            boxes.append(f._mergedBox(from: summaries, in: project))
        }
    }

    @inlinable
    func fact<F: ProjectFact>(_ type: F.Type) -> F? {
        let id = ObjectIdentifier(type)
        for k in types.indices where types[k] == id {
            // The box at `k` holds an `F`: it was made by `F._mergedBox`.
            return unsafeDowncast(boxes[k], to: FactBox<F>.self).value
        }
        return nil
    }
}

/// A merged fact, boxed.
@usableFromInline
final class FactBox<F> {
    @usableFromInline let value: F
    @usableFromInline init(_ value: F) { self.value = value }
}
