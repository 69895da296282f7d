/// What `no_usecase_in_view` collects about the whole project: the dependencies registered for key-path injection.
import MVILintCore

/// Dependencies registered for key-path injection (`extension EnvironmentValues { var
/// loginUseCase: any LoginUseCase { … } }`, `extension Container { var signUp:
/// Factory<SignUpUseCase> { … } }`): property name → base name of its type, for names
/// registered with one type only. `@Environment(\.loginUseCase) var loginUseCase` holds a `LoginUseCase`.
struct KeyPathDependencies: ProjectFact {
    var types: [String: String] = [:]

    static func collect(from file: SourceFile, isTestCode: Bool) -> [(String, String)]? {
        let found = keyPathDependencies(in: file)
        return found.isEmpty ? nil : found
    }

    static func merge(_ files: [FactContribution<[(String, String)]>], in project: ProjectIndex) -> KeyPathDependencies {
        var dependencies: [String: String] = [:]
        for f in files {
            // A name registered with two different types is not resolved.
            for (name, type) in f.fact { dependencies[name] = dependencies[name].map { $0 == type ? type : "" } ?? type }
        }
        return KeyPathDependencies(types: dependencies.filter { !$0.value.isEmpty })
    }

    /// The instance properties of `InjectionContainers.keyPathContainers`, as (name, type).
    static func keyPathDependencies(in file: SourceFile) -> [(String, String)] {
        var out: [(String, String)] = []
        for t in file.tree.allTypes {
            let name = t.kind == .extension ? t.extendedBaseName : t.name
            guard InjectionContainers.keyPathContainers.contains(name) || t.inherited.contains(where: { InjectionContainers.containerBases.contains($0.baseName) }) else { continue }
            for v in t.variables where !v.isStatic {
                guard let type = v.type else { continue }
                var base = type.baseName
                if InjectionContainers.registrationWrappers.contains(base) {
                    // `Factory<SignUpUseCase>` registers a `SignUpUseCase`.
                    let text = type.text
                    guard let open = text.firstIndex(of: "<"), let close = text.lastIndex(of: ">"), open < close else { continue }
                    base = TypeRef.baseName(of: String(text[text.index(after: open)..<close]))
                }
                if !base.isEmpty { out.append((v.name, base)) }
            }
        }
        return out
    }
}

/// The graph draws the key-path injected dependencies too.
extension KeyPathDependencies: KeyPathDependencyTypes {
    var keyPathDependencyTypes: [String: String] { types }
}

/// Whether a type name is of the domain or data layer (`LayerNames.isDomainOrData`), worked out
/// once per name for the run: view code names the same types in file after file. Nothing is
/// collected; the merged fact is the run's cache, which the threads that check files share.
struct DomainOrDataAnswers: ProjectFact {
    let answers = NameAnswers()

    static func collect(from file: SourceFile, isTestCode: Bool) -> Never? { nil }

    static func merge(_ files: [FactContribution<Never>], in project: ProjectIndex) -> DomainOrDataAnswers { DomainOrDataAnswers() }
}
