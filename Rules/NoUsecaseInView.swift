/// `no_usecase_in_view`: views depend on models, never on the domain or data layer.
import MVILintCore

struct NoUsecaseInView: Rule {
    static let info = RuleInfo(
        id: "no_usecase_in_view",
        title: "No UseCase or Repository in Views",
        summary: "A View or ViewModifier must not hold, create or reach a UseCase, Interactor or Repository",
        rationale: """
        In a layered architecture the view renders state and forwards user intent to its model; the \
        model (ViewModel or Store) talks to use cases, which talk to repositories and API clients. A view \
        that holds, makes or reaches a use case, a repository or a network or database client mixes \
        presentation with business logic and I/O, cannot be previewed or tested without that layer, and \
        bypasses the model's loading and error state. Real views seldom name a `…UseCase`: they call an \
        `…API`, `…Client`, `…Service` or `…Manager` of the project, so the layer is recognised by what a \
        type does (network and database I/O) as well as by its name.
        """,
        details: NoUsecaseInView.details,
        category: .architecture,
        defaults: [.mvvm: .error, .mvi: .error],
        knowledge: [DataLayerAPIs.table],
        examples: NoUsecaseInView.examplesList)

    /// Only a file's view types are checked.
    static func mayReport(in scope: FileScope) -> Bool { scope.declaresViewLike }

    static let facts: [any ProjectFact.Type] = [DomainOrDataAnswers.self, DataLayerTypes.self]

    func check(_ context: inout RuleContext) {
        let file = context.file, project = context.project
        let facts = project.fact(DomainOrDataAnswers.self), answers = facts.answers
        let layer = DomainOrDataLayer(project: project, settings: context.settings)
        // View code names the same types again and again (`Text`, `Button`, its own model).
        var layerOf: [String: Bool] = [:]
        func isDomainOrData(_ name: String) -> Bool {
            if let known = layerOf[name] { return known }
            // Worked out once per run for each name (the settings are the run's too).
            let answer = answers.answer(name) { layer.contains(name) }
            layerOf[name] = answer
            return answer
        }
        func why(_ name: String) -> String { layer.reason(name)?.clause ?? "" }
        var tokenLayer = TokenTextCache<Bool>(file: file), tokenDeclared = TokenTextCache<Bool>(file: file)
        // Whether a value of the type reaches a type of the layer through the stored properties
        // of the project's types (what `memberChain` follows), within the chain limit.
        var reaches: [String: Bool] = [:]
        func reachesLayer(_ t: String) -> Bool { facts.reaches.answer(t) { reachesLayer(t, depth: 0) } }
        func reachesLayer(_ t: String, depth: Int) -> Bool {
            if let known = reaches[t] { return known }
            reaches[t] = false
            var found = false
            if depth < ProjectIndex.memberChainLimit, let symbol = project.symbol(t) {
                for p in symbol.storedProperties where !p.isFunctionTyped {
                    guard let pt = project.propertyType(p), !pt.isEmpty else { continue }
                    if isDomainOrData(pt) || (!p.isBracketCollection && reachesLayer(pt, depth: depth + 1)) { found = true; break }
                }
            }
            reaches[t] = found
            return found
        }
        for type in project.viewTypes(in: file) where !project.isAppOrScene(type.indexName) && !isPreviewSetup(type, project) {
            let view = type.indexName
            var reportedNames = Set<String>()
            for v in type.variables where !v.isStatic && v.isStored && !isViewLayerStoreAccess(v, file: file) {
                guard let culprit = heldType(of: v, file: file, project: project, where: isDomainOrData) else { continue }
                reportedNames.insert(v.name)
                context.report(at: v.nameToken, .holds(view, culprit, in: v.name, why(culprit)))
            }
            let covered = reportedNames.isEmpty ? [] : initializerValues(assignedTo: reportedNames, in: type, file: file)
            // The types of the view's stored properties (from the index for an extension), and
            // whether each is of the layer (then it was reported on its declaration).
            var propertyTypes: [String: String] = [:]
            for p in project.storedProperties(of: type, in: file) { if let t = project.propertyType(p) { propertyTypes[p.name] = t } }
            // Expressions in members that create a domain object, or reach one through a static
            // member or a member chain.
            for (r, function) in memberCode(of: type, excluding: reportedNames) {
                // The code's locals and parameters, worked out only when a chain from a name that
                // may be one reaches the layer (most member code has none).
                var computedLocals: LocalTypes? = nil, computedTypedLocals: LocalTypes? = nil
                func property(_ n: String) -> String? { propertyTypes[n.hasPrefix("self.") ? String(n.dropFirst(5)) : n] }
                // Every name bound, closure parameters included (checked before a finding).
                func locals() -> LocalTypes {
                    if let l = computedLocals { return l }
                    let l = file.localTypes(in: r, function: function, project: project, valueType: property)
                    computedLocals = l
                    return l
                }
                // The names bound with `let`, `var` or as parameters (a first look).
                func typedLocals() -> LocalTypes {
                    if let l = computedTypedLocals { return l }
                    let l = file.localTypes(in: r, function: function, project: project, shadowing: false, valueType: property)
                    computedTypedLocals = l
                    return l
                }
                var bound: Set<String>? = nil
                func mayBeLocal(_ n: String) -> Bool {
                    if bound == nil { bound = file.boundNames(in: r, function: function) }
                    return bound!.contains(n)
                }
                func valueType(_ n: String) -> String? {
                    if n.hasPrefix("self.") { return propertyTypes[String(n.dropFirst(5))] }
                    if mayBeLocal(n) {
                        let l = typedLocals()
                        if l.binds(n) { return l.type(of: n) }
                    }
                    return propertyTypes[n]
                }
                var i = r.lowerBound
                while i < r.upperBound {
                    defer { i += 1 }
                    let k = file.kind(i)
                    guard k == .identifier || k == .keyword, file.kind(i - 1) != .period, !covered.contains(where: { $0.contains(i) }) else { continue }
                    if k == .identifier, file.beginsWithCapital(i) {
                        let next = file.kind(i + 1)
                        guard next == .leftParen || next == .period else { continue }
                        // Keyed by the token's bytes: no `String` for the many names that are not.
                        if tokenLayer.value(forToken: i, isDomainOrData) {
                            if let how = directUse(at: i, file: file, project: project, layer: layer, where: isDomainOrData) {
                                let n = file.name(i)
                                context.report(at: i, how.message(view, n, why(n)))
                            }
                            continue
                        }
                    } else if k == .keyword, !file.isWord(i, "self") {
                        continue
                    }
                    // Only a chain whose root's type has, through its stored properties, a member
                    // of the layer can be reported: the rest is skipped before it is typed.
                    if file.beginsWithCapital(i) {
                        guard tokenDeclared.value(forToken: i, { project.isDeclared($0) }) else { continue }
                    } else {
                        var dot = i + (file.isWord(i, "self") ? 3 : 1)
                        while (file.isText(dot, "?") || file.isText(dot, "!")) && !file.tokens[dot].hasSpaceBefore { dot += 1 }
                        guard file.kind(dot) == .period, file.kind(dot + 1) == .identifier else { continue }
                        // The root's type, then its first member's: of the layer, or reaching it.
                        let rootType: String?
                        if file.isWord(i, "self") {
                            guard file.kind(i + 1) == .period else { continue }
                            rootType = propertyTypes[file.name(i + 2)]
                        } else {
                            rootType = valueType(file.name(i))
                        }
                        guard let t = rootType, let first = project.storedProperty(file.name(dot + 1), of: t), !first.isFunctionTyped,
                              let ft = project.propertyType(first), isDomainOrData(ft) || (!first.isBracketCollection && reachesLayer(ft)) else { continue }
                    }
                    // A chain from a property, a local, a parameter, a static member or a new
                    // instance, followed to the first member of the layer.
                    guard let chain = file.typedChain(at: i, in: r, project: project, valueType: valueType) else { continue }
                    if case .value(let root) = chain.root, reportedNames.contains(root) || isDomainOrData(chain.rootType) { continue }
                    // A closure's parameter or a pattern that shadows the view's property has no known type.
                    if case .value(let root) = chain.root, !file.isWord(i, "self"), locals().binds(root), locals().type(of: root) != chain.rootType { continue }
                    let rootText: String
                    switch chain.root {
                    case .value(let n): rootText = n
                    case .staticMember(let m):
                        rootText = m
                        if isDomainOrData(chain.rootType) {
                            context.report(at: i, .reachesThroughChain(view, chain.rootType, rootText, why(chain.rootType)))
                            continue
                        }
                    case .construction:
                        // `Module.FooRepository(…)`: named after a module, which is not of the layer.
                        if isDomainOrData(chain.rootType) {
                            context.report(at: i, .creates(view, chain.rootType, why(chain.rootType)))
                            continue
                        }
                        rootText = chain.rootType + "(…)"
                    }
                    if let k = chain.steps.firstIndex(where: { isDomainOrData($0.type) }) {
                        let t = chain.steps[k].type
                        context.report(at: i, .reachesThroughChain(view, t, chain.text(through: k, rootText: rootText), why(t)))
                    }
                }
            }
        }
    }

    /// How a view's expression uses a type of the layer that it names (`Foo(…)`, `Foo.shared`,
    /// `Foo.load()`, `container.resolve(Foo.self)`), or nil when it only names it.
    private enum DirectUse {
        case creates, staticMember(String), resolves

        func message(_ view: String, _ type: String, _ why: String) -> String {
            switch self {
            case .creates: return .creates(view, type, why)
            case .staticMember(let member): return .reachesStatic(view, type, member, why)
            case .resolves: return .resolves(view, type, why)
            }
        }
    }

    private func directUse(at i: Int, file: SourceFile, project: ProjectIndex, layer: DomainOrDataLayer? = nil, where isDomainOrData: (String) -> Bool) -> DirectUse? {
        let next = file.kind(i + 1)
        if next == .leftParen && !file.tokens[i + 1].hasSpaceBefore { return .creates }
        guard next == .period else { return nil }
        if file.isWord(i + 2, "init"), file.kind(i + 3) == .leftParen { return .creates }
        if file.isWord(i + 2, "self") {
            // The metatype a dependency container is asked for (`container.resolve(FooUseCase.self)`),
            // except as an argument of a use case the view creates, which is that finding.
            guard resolvesFromContainer(i, file: file) else { return nil }
            if let open = file.enclosingArgumentListOpen(of: i), let outer = file.enclosingArgumentListOpen(of: file.chain(endingAt: open - 1).start),
               file.kind(outer - 1) == .identifier, file.beginsWithCapital(outer - 1), isDomainOrData(file.name(outer - 1)) { return nil }
            return .resolves
        }
        // `FooRepository.Type` and a type nested in one (`DraftRepository.Target`) are type references.
        guard file.kind(i + 2) == .identifier, !file.isWord(i + 2, "Type"), !file.beginsWithCapital(i + 2) else { return nil }
        // `AccessMethodRepository.directId`: a static property whose declared type is not of the
        // domain or data layer (a constant the type keeps) reaches none of it; `Repository.shared`,
        // or a static method's call, does.
        if file.kind(i + 3) != .leftParen, let held = project.staticPropertyType(file.name(i + 2), of: file.name(i)),
           !isDomainOrData(TypeRef.baseName(of: held)) { return nil }
        // A type of the layer only by what its code does: a static method reaches the layer when
        // its own code does the I/O (`ServiceConstants.generateShareURL(…)` builds a URL beside
        // the request that another method makes).
        if file.kind(i + 3) == .leftParen, let layer, layer.reason(file.name(i)).map({ if case .doesIO = $0 { return true } else { return false } }) == true,
           !layer.io.staticMethodDoesIO(file.name(i + 2), of: file.name(i), in: project) { return nil }
        return .staticMember(file.name(i + 2))
    }

    /// The type of the layer a stored property holds: its annotation (each element of a tuple),
    /// the type registered for its key path, what its initial value constructs or whose shared
    /// instance it is, or its wrapper's argument (`@Environment(Backend.self)`).
    private func heldType(of v: VariableDecl, file: SourceFile, project: ProjectIndex, where isDomainOrData: (String) -> Bool) -> String? {
        if let t = v.type, let c = (t.tupleElementBaseNames ?? [t.baseName]).first(where: isDomainOrData) { return c }
        // `@Environment(\.loginUseCase) var loginUseCase`, `@Injected(\.signUp) var signUp`:
        // the type the project registers for that key path.
        if v.type == nil, let key = injectedKeyPath(of: v, file: file), let registered = project.keyPathDependencyTypes[key], isDomainOrData(registered) {
            return registered
        }
        if let r = v.initializer {
            if let made = file.constructedType(at: r.lowerBound, end: r.upperBound, annotated: v.type), isDomainOrData(made.name) { return made.name }
            if let shared = PropertySummary.sharedInstanceType(in: r, file: file), isDomainOrData(shared) { return shared }
        }
        if let w = PropertySummary.wrapperArgumentType(of: v, in: file), isDomainOrData(w) { return w }
        return nil
    }

    /// What an initializer assigns to a reported property (`useCase = FetchUseCase(…)`, or
    /// through a local: `let made = FetchUseCase(…); self.useCase = made`): part of that
    /// property's finding, which is reported once, on the property.
    private func initializerValues(assignedTo names: Set<String>, in type: TypeDecl, file: SourceFile) -> [TokenRange] {
        var covered: [TokenRange] = []
        let assignments = InitAssignments(of: type, in: file)
        for name in names {
            for (body, m) in assignments[name] + assignments["_" + name] {
                let value = assignedValue(after: m.operatorToken, in: body, file: file)
                covered.append(value)
                guard value.count == 1, file.kind(value.lowerBound) == .identifier else { continue }
                let local = file.name(value.lowerBound)
                for k in body.lowerBound..<m.rootToken where file.isWord(k, "let") || file.isWord(k, "var") {
                    if file.kind(k + 1) == .identifier, file.kind(k + 2) == .equal, file.name(k + 1) == local {
                        covered.append(assignedValue(after: k + 2, in: body, file: file))
                    }
                }
            }
        }
        return covered
    }

    /// The code of the view's members (bodies, accessors, initial values of properties not
    /// reported), each with its function for the parameters it binds.
    private func memberCode(of type: TypeDecl, excluding reported: Set<String>) -> [(TokenRange, FunctionDecl?)] {
        var out: [(TokenRange, FunctionDecl?)] = []
        for m in type.members {
            switch m {
            case .function(let f): if let b = f.bodyTokens { out.append((b, f)) }
            case .variable(let v):
                if let o = v.accessorOpen, let c = v.accessorClose, o < c { out.append(((o + 1)..<c, nil)) }
                if let r = v.initializer, !(v.isStored && !v.isStatic && reported.contains(v.name)) { out.append((r, nil)) }
            default: break
            }
        }
        return out
    }
}

/// SwiftUI's own data access (`@Query`, `@FetchRequest`, `@Environment(\.modelContext)`), which
/// belongs to the view layer (`DataLayerAPIs.viewLayer`).
private func isViewLayerStoreAccess(_ v: VariableDecl, file: SourceFile) -> Bool {
    for w in v.wrappers {
        if viewLayerWrappers.contains(w.baseName) { return true }
        if w.baseName == "Environment", let key = injectedKeyPath(of: v, file: file), viewLayerEnvironmentKeys.contains(key) { return true }
    }
    return false
}

private let viewLayerWrappers = Set(DataLayerAPIs.viewLayer.flatMap(\.propertyWrappers))
private let viewLayerEnvironmentKeys = Set(DataLayerAPIs.viewLayer.flatMap(\.environmentKeys))

/// The property a wrapper of `v` reads through a key path (`@Environment(\.loginUseCase)`,
/// `@Injected(\Container.signUp)` → `loginUseCase`, `signUp`): the name after the first `.`.
private func injectedKeyPath(of v: VariableDecl, file: SourceFile) -> String? {
    for a in v.header.attributes {
        guard let args = a.arguments, file.kind(args.lowerBound) == .backslash else { continue }
        var j = args.lowerBound + 1
        if file.kind(j) == .identifier { j += 1 }
        guard file.kind(j) == .period, file.kind(j + 1) == .identifier, j + 1 < args.upperBound else { continue }
        return file.name(j + 1)
    }
    return nil
}

/// The tokens of the value assigned by the `=` at `op`: up to the end of its line (a line that
/// continues a member chain, `.`, belongs to it), a `;`, or the end of `body`, brackets skipped whole.
private func assignedValue(after op: Int, in body: TokenRange, file: SourceFile) -> TokenRange {
    (op + 1)..<max(op + 1, file.valueExpressionEnd(from: op + 1, before: body.upperBound))
}

/// Whether the type named at `i` (`FooUseCase.self`) is the first argument of a call of a
/// dependency container's `resolve` (Swinject's `container.resolve(T.self)`, Resolver's
/// `Resolver.resolve(T.self)`), which hands out an instance of it.
private func resolvesFromContainer(_ i: Int, file: SourceFile) -> Bool {
    guard file.kind(i - 1) == .leftParen || (file.kind(i - 1) == .colon && file.kind(i - 3) == .leftParen),
          let open = file.enclosingArgumentListOpen(of: i), open >= i - 3 else { return false }
    return file.isWord(open - 1, "resolve") && file.kind(open - 2) == .period
}

/// A type declared inside a `PreviewProvider` (at any depth): preview set-up.
private func isPreviewSetup(_ type: TypeDecl, _ project: ProjectIndex) -> Bool {
    type.outerNames.contains { outer in project.conforms(outer) { $0 == "PreviewProvider" } }
}

private extension String {
    static func holds(_ view: String, _ dependency: String, in property: String, _ why: String) -> String {
        "`\(view)` holds `\(dependency)` in `\(property)`\(why); a view should talk to its model, not to the domain or data layer"
    }
    static func creates(_ view: String, _ dependency: String, _ why: String) -> String {
        "`\(view)` creates `\(dependency)`\(why); move this into the view's model"
    }
    static func reachesStatic(_ view: String, _ dependency: String, _ member: String, _ why: String) -> String {
        "`\(view)` reaches `\(dependency)` through its static member `\(member)`\(why); move this call into the view's model"
    }
    static func resolves(_ view: String, _ dependency: String, _ why: String) -> String {
        "`\(view)` resolves `\(dependency)` from a dependency container\(why); move this call into the view's model"
    }
    static func reachesThroughChain(_ view: String, _ dependency: String, _ chain: String, _ why: String) -> String {
        "`\(view)` reaches `\(dependency)` through `\(chain)`\(why); move this call into the view's model"
    }
}

extension NoUsecaseInView {
    static let details = """
    - Checked: `View` and `ViewModifier` types and the other view-like types, their extensions included, in any file. \
    `App` and `Scene` types are composition roots and may create these objects to inject them; so are the views \
    declared inside a `PreviewProvider`, which only set up a preview (with mock repositories, typically).
    - The domain or data layer: a type whose name ends with `UseCase`, `UseCaseProtocol`, `UseCaseType`, `Interactor`, \
    `Repository`, `RepositoryProtocol` or `RepositoryType` (or a configured `usecase_suffixes` entry), or that adopts a \
    protocol so named; a type listed under `data_layer_types`; and, whatever its name, a type of the project whose own \
    code does network or database I/O with an API of "APIs that make a type part of the data layer" (names one of its \
    types, holds one in a property, or reads one of its members such as `.viewContext`, in a file that sees its \
    module), a subclass of such a class, a type adopting a protocol whose extension does, and a protocol of the project \
    that such a type adopts.
    - A name that the project declares more than once (a `State` nested in each feature) is not decided by what \
    one of those declarations does. A type adopting one of SwiftUI's content protocols (toolbar content, commands, \
    styles, shapes, layouts, representables) or an App Intent (`Button(intent:)`) is user interface whatever it loads.
    - A static method of a type that is of the layer only by what it does reaches the layer when its own code does \
    the I/O: a URL builder or a predicate declared beside the request is not reported.
    - A type that does its I/O only through another type of the project (a client holding the project's \
    `NetworkService`, which owns the `URLSession`) is not of the layer by what it does: only the type that uses the API \
    is. Name such a type so, or list it under `data_layer_types`.
    - Never of the layer: view-like types, observable models (an `ObservableObject` or `@Observable` class that does \
    network I/O is a model, unless its name says `UseCase`, `Interactor` or `Repository`), the SDK's UI objects (view \
    controllers, views, app delegates), Core Data and SwiftData entities, and a struct or enum of the project that is \
    `Codable`, `Decodable`, `Encodable` or `Identifiable`: a value the data layer delivers (a hosting service's \
    `struct Repository: Identifiable, Decodable`), whatever its name. A protocol adopted by one of those is not of the \
    layer either. A protocol named for the view's own interactor (`ViewInteractor`, which UI libraries declare for \
    presentation and dismissal) is of the UI layer, and SwiftUI's own types (`Binding`, `FocusState`, …) are never \
    taken for the domain through a conformance a library gives them.
    - Test code (a file that imports XCTest or Testing) and preview code (a `PreviewProvider`) never decide whether a \
    type does I/O: a test double or a preview stub does not make its protocol the data layer.
    - SwiftUI's own data access is the view's: `@Query`, `@FetchRequest`, `@SectionedFetchRequest`, \
    `@Environment(\\.modelContext)` and `@Environment(\\.managedObjectContext)` are never reported.
    - A stored property is reported on its name, once, whatever its wrapper, when its type is of the layer: its \
    annotation (each element of a tuple), its initial value (`= Loader()`, `= Loader.shared`), its wrapper's argument \
    (`@Environment(Backend.self)`, `@Injected(Backend.self)`), or the type the project registers for the key path a \
    wrapper reads (`@Environment(\\.loginUseCase)`, `@Injected(\\.signUp)`, `@Dependency(\\.client)`: an extension of \
    `EnvironmentValues`, `DependencyValues` or Factory's `Container`). What an initializer assigns to it, and the calls \
    made through it, are part of that finding.
    - An expression in a member is reported at its first token: one that creates an instance of the layer \
    (`Loader()`, `Loader.init()`), reaches one through a static member (its shared instance, or a static method's \
    call), resolves one from a dependency container (`container.resolve(FooUseCase.self)`, \
    `Resolver.resolve(FooUseCase.self)`; once when it is an argument of a use case the view creates), or reaches one \
    through a member chain.
    - Reading a static property whose declared type is not of the layer (`AccessRepository.directID`, a `UUID` \
    constant the type keeps; also a literal with no written type, `static let defaultTags = ["red"]`), or naming a type \
    nested in one (`AccessRepository.Target`, `FooUseCase.self`, `FooRepository.Type`), reaches nothing.
    - Member chains (`injected.interactors.countries.load()`, `viewModel.client.fetch()`, `AppContainer.shared.orders`, \
    `Bootstrap().repository`) start from a property of the view, a local, a parameter, `self`, a static member or a new \
    instance, and are typed member by member through the stored properties of the project's types (nested types and \
    types declared in extensions included): the finding names the first member whose type is of the layer. A chain \
    from a property, local or parameter whose own type is of the layer is not reported again: the property was, and so \
    was where the local was made.
    - Not followed: a method's result, a computed property, a subscript, and a member of a type the project does not \
    declare; a local bound more than once with different types, and a closure's parameters, have no known type.
    """
}
