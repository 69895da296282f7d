/// What `main_actor_mutation` collects about the constants that hold Firestore references.
import MVILintCore

/// Top-level and static constants that hold Firestore or one of its references, in files that
/// import Firestore (`let USERS = Firestore.firestore().collection("users")` → `USERS`, `static
/// let likes = …` in `enum Refs` → `Refs.likes`): Firestore calls their handlers on the main queue.
struct FirestoreReferences: ProjectFact {
    var names: Set<String> = []

    static func collect(from file: SourceFile, isTestCode: Bool) -> [String]? {
        let found = firestoreReferences(in: file)
        return found.isEmpty ? nil : found
    }

    static func merge(_ files: [FactContribution<[String]>], in project: ProjectIndex) -> FirestoreReferences {
        var out = FirestoreReferences()
        for f in files { out.names.formUnion(f.fact) }
        return out
    }

    /// Top-level and static constants that hold Firestore or one of its references, in a file
    /// that imports Firestore (`let USERS = Firestore.firestore().collection("users")` → `USERS`;
    /// `static let likes = …` in `enum Refs` → `Refs.likes`).
    static func firestoreReferences(in file: SourceFile) -> [String] {
        guard file.tree.imports.contains(where: FirebaseCallbacks.firestoreModules.contains) else { return [] }
        func holdsFirestore(_ v: VariableDecl) -> Bool {
            guard v.isLet, let r = v.initializer else { return false }
            return file.isFirestoreInstance(at: r.lowerBound)
        }
        var out: [String] = []
        for case .variable(let v) in file.tree.declarations where holdsFirestore(v) { out.append(v.name) }
        for t in file.tree.allTypes {
            for v in t.variables where v.isStatic && holdsFirestore(v) { out.append((t.kind == .extension ? t.extendedBaseName : t.name) + "." + v.name) }
        }
        return out
    }
}

extension SourceFile {
    /// Whether `Firestore.firestore()` starts at token `i` (the shared Firestore instance).
    func isFirestoreInstance(at i: Int) -> Bool {
        isWord(i, "Firestore") && kind(i + 1) == .period && isWord(i + 2, "firestore")
    }
}
