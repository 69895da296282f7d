/// `no_usecase_in_view`: views depend on models, never on the domain or data layer.
import MVILintCore

struct NoUsecaseInView: Rule {
    static let info = RuleInfo(
        id: "no_usecase_in_view",
        title: "No UseCase or Repository in Views",
        summary: "A View or ViewModifier must not hold, create or reach a UseCase, Interactor or Repository",
        rationale: """
        In a layered architecture the view renders state and forwards user intent to its model; the \
        model (ViewModel or Store) talks to UseCases, which talk to Repositories. A view that calls a \
        UseCase directly mixes presentation with business logic, cannot be previewed or tested without \
        the domain layer, and bypasses the model's loading and error state. App and Scene types are \
        composition roots and may create these objects to inject them; so are the views declared \
        inside a `PreviewProvider`, which exist only to set up a preview (with mock repositories, \
        typically) and are not checked. A struct or enum of the project that is `Codable`, \
        `Decodable`, `Encodable` or `Identifiable` is a value the data layer delivers (a hosting \
        service's `struct Repository: Identifiable, Decodable`), not a part of that layer, whatever \
        its name. A property with no written type that an injection wrapper fills through a key \
        path (`@Environment(\\.loginUseCase)`, `@Injected(\\.signUp)`, `@Dependency(\\.client)`) has \
        the type the project registers for it (in an extension of `EnvironmentValues`, \
        `DependencyValues` or Factory's `Container`, a `Factory<T>` registering a `T`). Reading a \
        static property whose declared type is not of those layers (`AccessRepository.directID`, a \
        `UUID` constant the type keeps; also a literal with no written type, \
        `static let defaultTags = ["red"]`), or naming a type nested in one (`AccessRepository.Target`), \
        reaches none of them; its shared instance, or a call of a static method, does. Naming the \
        type (`FooUseCase.self`) uses nothing, except as what a dependency container is asked to \
        resolve (`container.resolve(FooUseCase.self)`, `Resolver.resolve(FooUseCase.self)`), which \
        hands out an instance (reported once when it is an argument of a use case the view creates). \
        A protocol named for the view's own interactor (`ViewInteractor`, which UI libraries declare \
        for presentation and dismissal) is of the UI layer, and SwiftUI's own types (`Binding`, \
        `FocusState`, …) are never taken for the domain through a conformance a library gives them.
        """,
        category: .architecture,
        defaults: [.mvvm: .error, .mvi: .error],
        knowledge: [DataLayerAPIs.table],
        examples: [
            // Resolving a use case from a dependency container reaches one; registering or listing
            // the type does not.
            .triggering("""
            struct LeaderboardView: View {
                let container: Container
                var body: some View {
                    let load = container.resolve(↓FetchScoresUseCase.self)!
                    let scores = Resolver.resolve(↓ScoresRepository.self, name: "live")
                    let board = ↓FetchBoardUseCase(scores: container.resolve(ScoresRepository.self)!)
                    List(load.cached(from: scores)) { Text($0.name) }
                        .help(String(describing: [FetchScoresUseCase.self]))
                        .onAppear { container.isRegistered(FetchScoresUseCase.self) }
                }
            }
            """),
            // A constant the repository type keeps is not the repository; its shared instance is.
            .triggering("""
            final class AccessRepository {
                enum Target { case direct, proxy }
                static let directID = UUID()
                static let defaultTags = ["red", "blue"]
                static let shared = AccessRepository()
                func all() -> [UUID] { [Self.directID] }
            }
            struct MethodRow: View {
                let id: UUID
                let target: AccessRepository.Target
                var body: some View {
                    Text(id == AccessRepository.directID ? "Direct" : AccessRepository.defaultTags.randomElement()!)
                        .onAppear {
                            let fallback: AccessRepository.Target = AccessRepository.Target.direct
                            _ = ↓AccessRepository.shared.all()
                        }
                }
            }
            """),
            .triggering("""
            struct ProfileView: View {
                let ↓fetchProfile: FetchProfileUseCase
                @State private var ↓repository: any UserRepositoryProtocol
                var body: some View {
                    Text("Profile").task {
                        _ = try? await ↓OrdersRepository.shared.all()
                        _ = ↓LogoutInteractor()
                    }
                }
            }
            """).messages([
                "`ProfileView` depends on `FetchProfileUseCase`; a view should talk to its model, not to the domain or data layer",
                "`ProfileView` depends on `UserRepositoryProtocol`; a view should talk to its model, not to the domain or data layer",
                "`ProfileView` uses `OrdersRepository` directly; move this call into the view's model",
                "`ProfileView` uses `LogoutInteractor` directly; move this call into the view's model",
            ]),
            .triggering(files: [
                "Domain.swift": """
                protocol SearchUseCaseType { func run(_ q: String) async -> [String] }
                final class LiveSearch: SearchUseCaseType { func run(_ q: String) async -> [String] { [] } }
                """,
                "SearchView.swift": """
                struct SearchView: View {
                    @Environment(\\.search) private var ↓search: LiveSearch
                    var body: some View { Text("") }
                }
                """,
            ]),
            // What an initializer assigns to the reported property is that property's finding;
            // a use case made in `init` and handed to a model is reported where it is made.
            .triggering("""
            struct ShelfView: View {
                private let ↓shelves: LoadShelvesUseCase
                @StateObject private var model: ShelfModel
                init(loader: ShelfLoader) {
                    let made = LoadShelvesUseCase(loader: loader)
                    self.shelves = made
                    _model = StateObject(wrappedValue: ShelfModel(refresh: ↓RefreshShelvesUseCase(loader: loader)))
                }
                init() {
                    shelves = LoadShelvesUseCase(loader: .standard)
                        .cached()
                    _model = StateObject(wrappedValue: ShelfModel(refresh: nil))
                }
                var body: some View { Text("Shelves") }
            }
            """),
            .triggering(files: [
                "Badge.swift": "struct Badge: ViewModifier { func body(content: Content) -> some View { content } }",
                "Badge+Count.swift": """
                extension Badge {
                    var count: Int { ↓CounterRepository().count }
                }
                """,
            ]),
            .nonTriggering("""
            struct ProfileView: View {
                @StateObject private var viewModel = ProfileViewModel()
                let userID: String
                var body: some View {
                    Text(viewModel.name)
                        .task { await viewModel.load(userID) }
                }
            }
            // A ProfileRepository is mentioned only in this comment.
            let description = "ProfileRepository"
            """),
            // A UI library's interactor protocol (`ViewInteractor`) is of the UI layer, and SwiftUI's
            // `Binding` stays a binding whatever a library makes it conform to; a type that adopts
            // a domain protocol is of the domain.
            .nonTriggering("""
            public protocol ViewInteractor {}
            public protocol DismissManager: ViewInteractor { func dismiss() }
            extension Binding: ViewInteractor {}
            struct PagerView: View {
                var selection: Binding<Int>?
                var dismisser: DismissManager
                @Binding var page: Int
                var body: some View { Text("\\(page)") }
            }
            """),
            .triggering("""
            protocol OrdersInteractor { func load() async }
            final class LiveOrders: OrdersInteractor { func load() async {} }
            struct OrdersView: View {
                let ↓orders: LiveOrders
                var body: some View { Text("Orders").task { await orders.load() } }
            }
            """),
            // A view declared inside a `PreviewProvider` sets up a preview; one declared elsewhere
            // for the same purpose is a view like any other.
            .nonTriggering("""
            #if DEBUG
            struct CheckoutView_Previews: PreviewProvider {
                static var previews: some View { Harness() }
                private struct Harness: View {
                    @StateObject var viewModel = CheckoutViewModel(repository: MockCartRepository())
                    var body: some View { CheckoutView(viewModel: viewModel) }
                }
            }
            #endif
            """),
            .triggering("""
            struct CheckoutHarness: View {
                @StateObject var viewModel = CheckoutViewModel(repository: ↓MockCartRepository())
                var body: some View { CheckoutView(viewModel: viewModel) }
            }
            #Preview { CheckoutHarness() }
            """),
            .nonTriggering("""
            @main
            struct ShopApp: App {
                let repository = ProductRepository()
                var body: some Scene {
                    WindowGroup { ContentView(useCase: LoadProductsUseCase(repository: repository)) }
                }
            }
            final class ProductsViewModel: ObservableObject {
                private let useCase: LoadProductsUseCase
                init(useCase: LoadProductsUseCase) { self.useCase = useCase }
            }
            """),
            // A decoded value named `Repository` is an entity, not the data layer…
            .nonTriggering("""
            struct Repository: Identifiable, Decodable {
                let id: Int
                let fullName: String
            }
            struct RepositoryRow: View {
                let repository: Repository
                @State private var pairs: [(url: URL, repository: Repository)] = []
                var body: some View { Text(repository.fullName) }
            }
            """),
            // A tuple's elements are looked at one by one.
            .triggering("""
            final class PackageFetcherRepository { func load() -> [String] { [] } }
            struct MixedView: View {
                let ↓deps: (label: String, fetcher: PackageFetcherRepository)
                var body: some View { Text(deps.label) }
            }
            """),
            // …while a struct of closures named so is one (a dependency client).
            .triggering("""
            struct StarsRepository {
                var fetch: (Int) async throws -> Int
            }
            struct StarsBadge: View {
                let ↓stars: StarsRepository
                var body: some View { Text("★") }
            }
            """),
            // A dependency injected through a key path has the type registered for it.
            .triggering(files: [
                "Dependencies.swift": """
                private struct LoginUseCaseKey: EnvironmentKey {
                    static let defaultValue: any LoginUseCase = LiveLoginUseCase()
                }
                extension EnvironmentValues {
                    var loginUseCase: any LoginUseCase {
                        get { self[LoginUseCaseKey.self] }
                        set { self[LoginUseCaseKey.self] = newValue }
                    }
                }
                extension Container {
                    var signUpUseCase: Factory<SignUpUseCase> { self { SignUpUseCase() } }
                    var clock: Factory<ClockService> { self { ClockService() } }
                }
                """,
                "LoginView.swift": """
                struct LoginView: View {
                    @Environment(\\.loginUseCase) private var ↓loginUseCase
                    @Injected(\\.signUpUseCase) private var ↓signUp
                    @Injected(\\.clock) private var clock
                    @Environment(\\.dismiss) private var dismiss
                    var body: some View { Button("Log in") { dismiss() } }
                }
                """,
            ]),
        ])

    /// Only a file's view types are checked.
    static func mayReport(in scope: FileScope) -> Bool { scope.declaresViewLike }

    static let facts: [any ProjectFact.Type] = [DomainOrDataAnswers.self]

    func check(_ context: inout RuleContext) {
        let file = context.file, project = context.project
        let answers = project.fact(DomainOrDataAnswers.self).answers
        let extra = context.settings.useCaseSuffixes, dataTypes = context.settings.knowledge.configuredDataLayerTypes
        // View code names the same types again and again (`Text`, `Button`, its own model).
        var layerOf: [String: Bool] = [:]
        func isDomainOrData(_ name: String) -> Bool {
            if let known = layerOf[name] { return known }
            // Worked out once per run for each name (the settings are the run's too).
            let answer = answers.answer(name) { LayerNames.isDomainOrData(name, in: project, extra: extra, dataTypes: dataTypes) }
            layerOf[name] = answer
            return answer
        }
        var tokenLayer = TokenTextCache<Bool>(file: file)
        for type in project.viewTypes(in: file) where !project.isAppOrScene(type.indexName) && !isPreviewSetup(type, project) {
            var reportedNames = Set<String>()
            for v in type.variables where !v.isStatic {
                var culprit: String? = nil
                if v.isStored, let t = v.type {
                    // `(label: String, fetcher: FeedRepository)`: each element of a tuple on its own.
                    culprit = (t.tupleElementBaseNames ?? [t.baseName]).first(where: isDomainOrData)
                }
                // `@Environment(\.loginUseCase) var loginUseCase`, `@Injected(\.signUp) var signUp`:
                // the type the project registers for that key path.
                if culprit == nil, v.isStored, v.type == nil, let key = injectedKeyPath(of: v, file: file),
                   let registered = project.keyPathDependencyTypes[key], isDomainOrData(registered) { culprit = registered }
                if culprit == nil, v.isStored, let r = v.initializer, let made = file.constructedType(at: r.lowerBound, end: r.upperBound, annotated: v.type),
                   isDomainOrData(made.name) { culprit = made.name }
                if let c = culprit {
                    reportedNames.insert(v.name)
                    context.report(at: v.nameToken, .dependsOn(type.indexName, c))
                }
            }
            // What an initializer assigns to a reported property (`useCase = FetchUseCase(…)`, or
            // through a local: `let made = FetchUseCase(…); self.useCase = made`) is part of that
            // property's finding, which is reported once, on the property.
            var covered: [TokenRange] = []
            if !reportedNames.isEmpty {
                let assignments = InitAssignments(of: type, in: file)
                for name in reportedNames {
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
            }
            // Expressions in members that create a domain object or reach one through a static member.
            var ranges = file.codeRanges(of: type.members)
            ranges.removeAll { r in type.variables.contains { v in v.initializer == r && reportedNames.contains(v.name) } }
            for r in ranges {
                for i in r where file.kind(i) == .identifier && file.kind(i - 1) != .period && file.beginsWithCapital(i) {
                    let next = file.kind(i + 1)
                    let creates = next == .leftParen && !file.tokens[i + 1].hasSpaceBefore
                    let reachesStatic = next == .period && file.kind(i + 2) == .identifier
                    // The metatype a dependency container is asked for (`container.resolve(FooUseCase.self)`).
                    var resolved = next == .period && file.isWord(i + 2, "self") && resolvesFromContainer(i, file: file)
                    // One resolved as an argument of a use case the view creates is part of that finding.
                    if resolved, let open = file.enclosingArgumentListOpen(of: i), let outer = file.enclosingArgumentListOpen(of: file.chain(endingAt: open - 1).start),
                       file.kind(outer - 1) == .identifier, file.beginsWithCapital(outer - 1), isDomainOrData(file.name(outer - 1)) { resolved = false }
                    guard creates || reachesStatic || resolved else { continue }
                    // Keyed by the token's bytes: no `String` for the many names that are not.
                    guard tokenLayer.value(forToken: i, isDomainOrData) else { continue }
                    let n = file.name(i)
                    // `FooUseCase.self` and `FooRepository.Type` are type references, not uses, and so is
                    // a type nested in one (`DraftRepository.Target`).
                    if reachesStatic && (file.isWord(i + 2, "self") || file.isWord(i + 2, "Type") || file.beginsWithCapital(i + 2)) { continue }
                    // `AccessMethodRepository.directId`: a static property whose declared type is not
                    // of the domain or data layer (a constant the type keeps) reaches no use case or
                    // repository; `Repository.shared`, or a static method's call, does.
                    if reachesStatic, file.kind(i + 3) != .leftParen,
                       let held = project.symbol(n)?.staticPropertyTypes.first(where: { $0.name == file.name(i + 2) })?.type,
                       !isDomainOrData(TypeRef.baseName(of: held)) { continue }
                    if covered.contains(where: { $0.contains(i) }) { continue }
                    context.report(at: i, .reaches(type.indexName, n))
                }
            }
        }
    }
}

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
    static func dependsOn(_ view: String, _ dependency: String) -> String {
        "`\(view)` depends on `\(dependency)`; a view should talk to its model, not to the domain or data layer"
    }
    static func reaches(_ view: String, _ dependency: String) -> String {
        "`\(view)` uses `\(dependency)` directly; move this call into the view's model"
    }
}
