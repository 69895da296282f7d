/// What `main_actor_mutation` collects about the constants that hold a library's shared instance.
import MVILintCore

/// Top-level and static constants that hold the shared instance of a library of
/// `MainQueueCallbacks`, or a reference made from it, in files that import the library
/// (`let USERS = Firestore.firestore().collection("users")` → `USERS`, `static let likes = …` in
/// `enum Refs` → `Refs.likes`): the library calls their handlers on the main queue.
struct LibraryConstants: ProjectFact {
    /// Constant → the library whose shared instance it holds.
    var libraries: [String: String] = [:]

    static func collect(from file: SourceFile, isTestCode: Bool) -> [(name: String, library: String)]? {
        collect(from: file, isTestCode: isTestCode, knowledge: .builtIn)
    }

    static func collect(from file: SourceFile, isTestCode: Bool, knowledge: Knowledge) -> [(name: String, library: String)]? {
        let found = constants(in: file, knowledge: knowledge)
        return found.isEmpty ? nil : found
    }

    static func merge(_ files: [FactContribution<[(name: String, library: String)]>], in project: ProjectIndex) -> LibraryConstants {
        var out = LibraryConstants()
        for f in files { for c in f.fact { out.libraries[c.name] = c.library } }
        return out
    }

    /// The constants of `file` that hold a shared instance of a row of `knowledge`'s callbacks
    /// (`Knowledge.sharedInstanceType(at:in:)`), with the row's library, when the file imports one
    /// of the row's modules.
    static func constants(in file: SourceFile, knowledge: Knowledge) -> [(name: String, library: String)] {
        // Only files that import such a library (most files import none).
        let imports = file.tree.imports
        guard imports.contains(where: knowledge.sharedInstanceModules.contains) else { return [] }
        func library(of v: VariableDecl) -> String? {
            guard v.isLet, let r = v.initializer, let type = knowledge.sharedInstanceType(at: r.lowerBound, in: file),
                  let row = knowledge.sharedInstanceRow(of: type), row.modules.contains(where: imports.contains) else { return nil }
            return row.library
        }
        var out: [(name: String, library: String)] = []
        for case .variable(let v) in file.tree.declarations { if let l = library(of: v) { out.append((v.name, l)) } }
        for t in file.tree.allTypes {
            for v in t.variables where v.isStatic {
                if let l = library(of: v) { out.append(((t.kind == .extension ? t.extendedBaseName : t.name) + "." + v.name, l)) }
            }
        }
        return out
    }
}
