/// What `state_object_injected` collects about the whole project: the calls that make a new instance each time.
import MVILintCore

/// Project functions and Factory registrations a call of which makes a new instance, so that a
/// `@StateObject` initialised with one creates its model rather than being handed one.
struct FreshInstanceCalls: ProjectFact {
    /// Factory registrations that name no scope in any definition: a call
    /// (`Container.shared.pinModel(id)`) makes a new instance.
    var unscopedFactories: Set<String> = []
    /// Names of project functions each of which makes a new instance of its return type at every
    /// call (`freshInstanceFunctions(in:)`), when no function of that name may do otherwise.
    var freshInstanceFunctions: Set<String> = []

    struct FileCalls: Sendable {
        /// Factory registrations (`var pin: ParameterFactory<String, PinModel> { self { PinModel(userID:
        /// $0) } }`), and whether each names no scope, so that each call makes a new instance.
        var factories: [(name: String, unscoped: Bool)]
        /// Functions and methods that name a return type, and whether every `return` of theirs (or
        /// their single expression) constructs that type: each call makes a new instance.
        var functions: [(name: String, fresh: Bool)]
    }

    static func collect(from file: SourceFile, isTestCode: Bool) -> FileCalls? {
        // A test double's factory method does not tell how the app's function of that name makes things.
        let calls = FileCalls(factories: factories(in: file), functions: isTestCode ? [] : freshInstanceFunctions(in: file))
        return calls.factories.isEmpty && calls.functions.isEmpty ? nil : calls
    }

    static func merge(_ files: [FactContribution<FileCalls>], in project: ProjectIndex) -> FreshInstanceCalls {
        FreshInstanceCalls(unscopedFactories: namesWhereAllQualify(files.flatMap(\.fact.factories), name: \.name) { f, _, _, _ in f.unscoped },
                           freshInstanceFunctions: namesWhereAllQualify(files.flatMap(\.fact.functions), name: \.name) { f, _, _, _ in f.fresh })
    }

    /// The functions whose return type is written as a
    /// capitalised name (`-> FeedModel`), each with whether its body ends with a construction of
    /// that type (`return FeedModel(source: s)`, or the single expression `FeedModel()`,
    /// `.init(…)`) and every other `return` in it constructs the type too.
    static func freshInstanceFunctions(in file: SourceFile) -> [(name: String, fresh: Bool)] {
        var out: [(name: String, fresh: Bool)] = []
        func consider(_ f: FunctionDecl) {
            guard f.kind == .function, let r = f.returnTypeTokens, r.count == 1, file.kind(r.lowerBound) == .identifier, file.beginsWithCapital(r.lowerBound),
                  let body = f.bodyTokens, !body.isEmpty else { return }
            let type = r.lowerBound
            // Whether a construction of the type starts at `i` and ends its statement at `end`.
            func constructs(at i: Int) -> Int? {
                var j = i
                if file.kind(j) == .period, file.isWord(j + 1, "init") { j += 2 } else if file.kind(j) == .identifier, file.tokens[j].length == file.tokens[type].length,
                                                                                   file.name(j) == file.name(type) { j += 1 } else { return nil }
                guard file.kind(j) == .leftParen, !file.tokens[j].hasSpaceBefore, let close = file.partner(j), close > j else { return nil }
                return close + 1
            }
            // `let made = Navigator(…)` (or `var`), a local of the body that holds a construction
            // and is not assigned again: returning it (`made.owner = self; return made`) hands
            // back a new instance too.
            var freshLocals: Set<String>? = nil
            func returnsFreshLocal(at i: Int) -> Int? {
                guard file.kind(i) == .identifier, file.kind(i - 1) != .period else { return nil }
                if freshLocals == nil {
                    var names = Set<String>(), assigned = Set<String>()
                    for j in body where (file.isWord(j, "let") || file.isWord(j, "var")) && file.kind(j + 1) == .identifier && file.kind(j + 2) == .equal {
                        if let end = constructs(at: j + 3), end >= body.upperBound || file.tokens[end].isAtLineStart || file.kind(end) == .semicolon {
                            names.insert(file.name(j + 1))
                        }
                    }
                    if !names.isEmpty {
                        for m in file.mutations(in: body) where m.kind == .assignment && m.path.count == 1 && !m.viaSelf { assigned.insert(m.path[0]) }
                    }
                    freshLocals = names.subtracting(assigned)
                }
                return freshLocals!.contains(file.name(i)) ? i + 1 : nil
            }
            var fresh = true
            var endsWithOne = false
            if let end = constructs(at: body.lowerBound), end == body.upperBound { endsWithOne = true }
            for i in body where file.isWord(i, "return") {
                guard let end = constructs(at: i + 1) ?? returnsFreshLocal(at: i + 1),
                      end >= body.upperBound || file.tokens[end].isAtLineStart || file.kind(end) == .semicolon || file.kind(end) == .rightBrace else { fresh = false; break }
                if end == body.upperBound { endsWithOne = true }
            }
            out.append((f.name, fresh && endsWithOne))
        }
        for t in file.tree.allTypes { for f in t.functions { consider(f) } }
        for case .function(let f) in file.tree.declarations { consider(f) }
        return out
    }

    /// The registrations (`Factory<T>`, `ParameterFactory<P, T>` properties of a Factory
    /// container), each unscoped when its definition names no scope (`.cached`, `.shared`,
    /// `.singleton`, `.scope(…)`): Factory then makes a new instance for each call.
    static func factories(in file: SourceFile) -> [(name: String, unscoped: Bool)] {
        var out: [(name: String, unscoped: Bool)] = []
        for t in file.tree.allTypes {
            let name = t.kind == .extension ? t.extendedBaseName : t.name
            guard name == "Container" || t.inherited.contains(where: { InjectionContainers.containerBases.contains($0.baseName) }) else { continue }
            for v in t.variables where !v.isStatic {
                guard let type = v.type, InjectionContainers.registrationWrappers.contains(type.baseName), let o = v.accessorOpen, let c = v.accessorClose, o < c else { continue }
                let scoped = (o..<c).contains { file.isWord($0, "cached") || file.isWord($0, "shared") || file.isWord($0, "singleton") || file.isWord($0, "scope") }
                out.append((v.name, !scoped))
            }
        }
        return out
    }
}
