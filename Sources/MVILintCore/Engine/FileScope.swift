/// What the engine knows of a lint file before pass 2: its declarations, the words its bytes contain.

/// What the engine knows of a lint file before it checks it, for `Rule.mayReport(in:)`.
///
/// Checking a file means reading and parsing it again (pass 2), which costs as much as the first
/// pass. Most rules start from the file's view types or its model classes; a file that declares
/// neither (a use case, a repository, an entity) gives them nothing to look at. So before pass 2
/// the engine asks each enabled rule whether it can report anything in the file, from the
/// file's declarations as pass 1 summarised them, the project index, and whether the file's
/// bytes contain the words that rules listed in `Rule.scopeWords`. A file for which no rule can,
/// and that holds no suppression comment, is not checked again: it has no findings. In the
/// others, only the rules that can report run (all of them in a file with a suppression comment,
/// whose unused suppressions are reported).
///
/// The tests hold every rule to its answer: on the examples, the fixtures and generated
/// projects, a rule that says it cannot report in a file reports nothing there.
public final class FileScope {
    /// The file's type declarations and extensions (nested ones included), in source order.
    public let types: [FileSummary.TypeEntry]
    public let project: ProjectIndex
    public let settings: ProjectSettings
    /// The file's path, as the index knows it (a rule's project fact may list files by it).
    public let path: String
    /// Bit `i` set: the file's bytes contain `words[i]`.
    let wordMask: UInt64
    let words: [String]

    init(types: [FileSummary.TypeEntry], project: ProjectIndex, settings: ProjectSettings, words: [String], wordMask: UInt64, path: String = "") {
        self.types = types; self.project = project; self.settings = settings; self.words = words; self.wordMask = wordMask; self.path = path
    }

    /// Whether the file's bytes contain `word` anywhere (code, comments or strings). A word that
    /// the rule did not declare in `scopeWords` was not searched for, and counts as present.
    public func contains(_ word: String) -> Bool {
        guard let i = words.firstIndex(of: word) else { return true }
        return wordMask & (1 << UInt64(i)) != 0
    }

    /// Whether the file declares or extends a view-like type (a `View`, `ViewModifier`, `App` or
    /// `Scene`, directly or through the project's protocols), as the rules' `viewTypes(in:)` finds them.
    public private(set) lazy var declaresViewLike: Bool = types.indices.contains { i in
        // Fields read in place: a copy of each entry would retain all of its arrays.
        project.isViewLike(kind: types[i].kind, name: types[i].name,
                           inheritsViewProtocol: types[i].inherited.contains(where: ProjectIndex.isViewProtocol))
    }

    /// Whether the file declares or extends an observable model class (`ProjectIndex.isModel`).
    public private(set) lazy var declaresModel: Bool = types.indices.contains { i in
        project.isModel(kind: types[i].kind, name: types[i].name, hasObservableAttribute: types[i].isObservableMacro, inherited: types[i].inherited)
    }

    /// The words searched for in each file: those of the enabled rules, then the suppression
    /// comments' marker. At most 64 (one bit each); a rule's word past that is treated as present.
    static func words(of rules: [any Rule.Type]) -> [String] {
        var out: [String] = []
        for rule in rules {
            for w in rule.scopeWords where !out.contains(w) { out.append(w) }
        }
        out.removeAll { $0 == FileScope.suppressionWord }
        out.append(FileScope.suppressionWord)
        return Array(out.suffix(64))
    }

    /// Every suppression comment contains it: a file that does not was not written to silence anything.
    static let suppressionWord = "mvilint"

    /// A word to search for (`ByteSearch.Needle`).
    typealias Needle = ByteSearch.Needle

    /// Which of `needles` occur in `bytes`: bit `i` for `needles[i]`.
    static func mask(of needles: [Needle], in bytes: [UInt8]) -> UInt64 {
        var mask: UInt64 = 0
        bytes.withUnsafeBufferPointer { hay in
            for (i, w) in needles.enumerated() where w.occurs(in: hay) {
                mask |= 1 << UInt64(i)
            }
        }
        return mask
    }
}
