/// `layer_dependency`: types reference only the layers the layer graph allows.
import MVILintCore

struct LayerDependency: Rule {
    static let info = RuleInfo(
        id: "layer_dependency",
        title: "Layer Dependency",
        summary: "A type must reference only types of its own layer or of the layers the layer graph allows",
        rationale: """
        A layered app stays changeable when dependencies point one way: views use models, models use \
        use cases, use cases use repositories. A Store that reaches a Repository directly skips the \
        domain layer and spreads data access into presentation code; a repository that knows a view \
        model inverts the graph. Layers come from the `layers` setting (layer name → type-name \
        suffixes) and the allowed edges from `layer_dependencies` (layer → layers it may use); a layer \
        may always use itself, and a configured layer without an entry may use only itself. When \
        neither setting is given, the default graph is view (`View`, and every view-like type) → \
        presentation (`ViewModel`, `Store`, `Reducer`) → domain (`UseCase`, `Interactor`) → data \
        (`Repository`, `Client`, `Service`, `DataSource`, `API`), each layer using itself and the next \
        one only. A view-like type is in the `view` layer whatever its name (a `FeedDataSource` that \
        conforms to `View` renders, it does not fetch), when the graph has that layer. Another type's \
        layer is the one with the longest matching suffix (a trailing `Protocol`, `Type` or `Impl` is \
        ignored), else the layer of a protocol it conforms to; a name that several nested types \
        share (a `Coordinator` in each of several views) takes conformances only from the \
        declaration being checked, and none when it is referenced. Only types the \
        project declares have a layer; `App` and `Scene` types are composition roots and may use \
        every layer, and so are test cases (`XCTestCase` subclasses, `@Suite` types). References are stored property types, constructions (also in parameter default \
        values) and static member accesses inside the type's members; constructions inside static \
        members (factories such as `static var preview`) are composition and not reported. A type \
        qualified by a project type (`Records.Profile`) is nested in it and not matched by its simple name.
        """,
        category: .architecture,
        defaults: [.mvvm: .off, .mvi: .off],
        examples: [
            .triggering(files: [
                "Data.swift": """
                protocol ProductRepository { func featured() async throws -> [Product] }
                final class RemoteProductRepository: ProductRepository {
                    func featured() async throws -> [Product] { [] }
                }
                final class APIClient { static let shared = APIClient() }
                """,
                "ProductViewModel.swift": """
                @MainActor
                final class ProductViewModel: ObservableObject {
                    private let repository: ↓ProductRepository
                    init(repository: ProductRepository = ↓RemoteProductRepository()) {
                        self.repository = repository
                    }
                    func ping() { _ = ↓APIClient.shared }
                }
                """,
            ]),
            .triggering(files: [
                "Layers.swift": """
                protocol LoadFeedUseCase { func execute() async throws -> Feed }
                final class OrdersRepository { static let shared = OrdersRepository() }
                final class FeedViewModel: ObservableObject {}
                struct FeedView: View { var body: some View { Text("") } }
                """,
                "Misuse.swift": """
                struct OrderDetailView: View {
                    var body: some View {
                        Text("").task { _ = try? await ↓OrdersRepository.shared.all() }
                    }
                }
                final class DefaultLoadFeedUseCase: LoadFeedUseCase {
                    let model = ↓FeedViewModel()
                    func execute() async throws -> Feed { _ = ↓FeedView(); return Feed() }
                }
                """,
            ]),
            .nonTriggering(files: [
                "Layers.swift": """
                protocol LoadFeedUseCase { func execute() async throws -> Feed }
                protocol ProductRepository {}
                final class HomeStore: ObservableObject {
                    private let loadFeed: LoadFeedUseCase
                    init(loadFeed: LoadFeedUseCase) { self.loadFeed = loadFeed }
                }
                extension HomeStore {
                    static var live: HomeStore { HomeStore(loadFeed: LiveFeed(products: RemoteRepository())) }
                }
                """,
                "Views.swift": """
                struct HomeView: View {
                    @StateObject private var store = HomeStore.live
                    var body: some View {
                        // ProductRepository() is only mentioned in this comment
                        Text("ProductRepository.shared")
                    }
                }
                final class LiveFeed: LoadFeedUseCase {
                    let products: ProductRepository
                    init(products: ProductRepository) { self.products = products }
                    func execute() async throws -> Feed { Feed() }
                }
                @main
                struct ShopApp: App {
                    let repository = RemoteRepository()
                    var body: some Scene { WindowGroup { HomeView() } }
                }
                final class RemoteRepository: ProductRepository {}
                """,
            ]),
            // Test cases build the types under test with their doubles, whatever they conform to.
            .nonTriggering(files: [
                "Doubles.swift": """
                protocol CatalogDataSource { func items() -> [String] }
                final class StubCatalogStore: ObservableObject {}
                class StoreTestCase: XCTestCase {}
                """,
                "CatalogTests.swift": """
                final class CatalogStoreTests: StoreTestCase, CatalogDataSource {
                    private var store: StubCatalogStore!
                    override func setUp() { store = StubCatalogStore() }
                    func items() -> [String] { [] }
                }
                @Suite struct CatalogSuite: CatalogDataSource {
                    let store = StubCatalogStore()
                    func items() -> [String] { [] }
                }
                """,
            ]),
            .triggering(files: [
                "Doubles.swift": """
                protocol CatalogDataSource { func items() -> [String] }
                final class StubCatalogStore: ObservableObject {}
                """,
                "CatalogFixtures.swift": """
                final class CatalogFixtures: CatalogDataSource {
                    private var store: ↓StubCatalogStore?
                    func items() -> [String] { [] }
                }
                """,
            ]),
            // A nested model type that shares its simple name with a view is not the view.
            .nonTriggering("""
            enum Records {
                final class Profile {}
            }
            struct Profile: View { var body: some View { Text("") } }
            final class ProfileRepository {
                var cached: [Records.Profile] = []
                var latest: Records.Profile?
            }
            """),
            // A view whose name ends with a data suffix renders; it is in the view layer.
            .nonTriggering(files: [
                "Rows.swift": """
                struct RowView: View {
                    let title: String
                    var body: some View { Text(title) }
                }
                struct FeedDataSource {
                    let titles: [String]
                }
                extension FeedDataSource: View {
                    var body: some View { ForEach(titles, id: \\.self) { RowView(title: $0) } }
                }
                """,
                "FeedScreen.swift": """
                struct FeedScreen: View {
                    var body: some View { FeedDataSource(titles: ["a"]) }
                }
                """,
            ]),
            .triggering(files: [
                "Rows.swift": """
                struct RowView: View {
                    let title: String
                    var body: some View { Text(title) }
                }
                """,
                "ProfileDataSource.swift": """
                final class ProfileDataSource {
                    func placeholder() -> some View { ↓RowView(title: "…") }
                }
                """,
            ]),
            // A `Coordinator` nested in a view is not the presentation-layer `Coordinator` of
            // another feature; each declaration has its own conformances.
            .nonTriggering(files: [
                "Onboarding.swift": """
                protocol FeatureReducer {}
                enum Onboarding {
                    struct Coordinator: FeatureReducer { var step = 0 }
                }
                """,
                "WheelPicker.swift": """
                struct WheelPicker: UIViewRepresentable {
                    var rows: [String]
                    func makeCoordinator() -> Coordinator { Coordinator(self) }
                    func makeUIView(context: Context) -> UIPickerView { UIPickerView() }
                    func updateUIView(_ view: UIPickerView, context: Context) {}
                    final class Coordinator: NSObject {
                        var parent: WheelPicker
                        init(_ parent: WheelPicker) { self.parent = parent }
                    }
                }
                """,
            ]),
            .triggering(files: [
                "Onboarding.swift": """
                protocol FeatureReducer {}
                enum Onboarding {
                    struct Coordinator: FeatureReducer { let badge = ↓BadgeView() }
                }
                struct BadgeView: View { var body: some View { Text("") } }
                """,
                "WheelPicker.swift": """
                struct WheelPicker: View {
                    var body: some View { Text("") }
                    final class Coordinator: NSObject {}
                }
                """,
            ]),
        ])

    /// Only the types (not protocols) of a file are checked, and nothing when the configured layer
    /// graph allows no edge at all (as `check` itself decides).
    static func mayReport(in scope: FileScope) -> Bool {
        scope.types.contains { $0.kind != .protocol } && !LayerGraph(settings: scope.settings).allowed.isEmpty
    }

    static let facts: [any ProjectFact.Type] = [DataLayerTypes.self]

    func check(_ context: inout RuleContext) {
        let file = context.file, project = context.project
        let graph = LayerGraph(settings: context.settings)
        guard !graph.allowed.isEmpty else { return }
        let io = project.fact(DataLayerTypes.self), dataTypes = context.settings.knowledge.configuredDataLayerTypes
        // A type with no layer by its name or its protocols is of the `data` layer (when the graph
        // has one) when the configuration lists it or its own code does network or database I/O.
        func layer(of name: String, isViewLike: Bool, declaration: TypeDecl? = nil) -> String? {
            if let l = graph.layer(of: name, project: project, isViewLike: isViewLike, declaration: declaration) { return l }
            guard graph.layers["data"] != nil, dataTypes.contains(name) || io.evidence(for: name, in: project) != nil else { return nil }
            return "data"
        }
        for type in file.tree.allTypes where type.kind != .protocol {
            let name = type.indexName
            if project.isAppOrScene(name) || type.inheritedBaseNames.contains(where: { $0 == "App" || $0 == "Scene" }) { continue }
            // A test case wires the types under test with their doubles: composition, like an App.
            if type.header.hasAttribute("Suite") || project.conforms(name, where: { $0 == "XCTestCase" }) { continue }
            guard let from = layer(of: name, isViewLike: project.isViewLike(type), declaration: type) else { continue }
            let permitted = Set(graph.allowed[from] ?? []).union([from])
            var reported = Set<Int>()
            func consider(_ token: Int) {
                let target = file.name(token)
                guard target != name, project.isDeclared(target),
                      let to = layer(of: project.resolve(target), isViewLike: project.isViewLike(target)),
                      !permitted.contains(to), reported.insert(token).inserted else { return }
                context.report(at: token, .forbidden(name, layer: from, uses: target, layer: to, allowed: permitted.subtracting([from]).sorted()))
            }
            for v in type.variables where v.isStored {
                guard let t = v.type else {
                    // `@Injected(Backend.self) var backend`: the wrapper's argument names the type.
                    if let w = PropertySummary.wrapperArgumentTypeToken(of: v, in: file) { consider(w) }
                    continue
                }
                for i in t.tokens where file.kind(i) == .identifier && file.beginsWithCapital(i) && file.kind(i + 1) != .period {
                    // `Records.Profile` names a type nested in the project's `Records`, which the index
                    // cannot tell from a top-level `Profile`: skip rather than guess.
                    if file.kind(i - 1) == .period, file.kind(i - 2) == .identifier, project.isDeclared(file.name(i - 2)) { continue }
                    consider(i)
                }
            }
            for (r, isStatic) in memberCode(of: type, in: file) {
                for i in r where file.kind(i) == .identifier && file.beginsWithCapital(i) && file.kind(i - 1) != .period {
                    guard let kind = reference(at: i, file: file) else { continue }
                    // A static factory (`static var preview`, `static let live`) that builds a model
                    // with its dependencies is composition, like an App, not a dependency of the type.
                    if isStatic && kind == .construction { continue }
                    consider(i)
                }
            }
        }
    }

    private enum Reference { case construction, staticMember }

    /// `Foo(…)`, `Foo { … }`, `Foo<T>(…)`, `Foo.init(…)` (a construction) or `Foo.member`; not
    /// `Foo.self`/`Foo.Type`.
    private func reference(at i: Int, file: SourceFile) -> Reference? {
        var next = i + 1
        if file.isText(next, "<"), !file.tokens[next].hasSpaceBefore,
           let close = (next..<min(file.tokens.count, next + 32)).first(where: { file.isText($0, ">") }) { next = close + 1 }
        if file.kind(next) == .leftParen && !file.tokens[next].hasSpaceBefore { return .construction }
        if file.kind(next) == .leftBrace && file.isClosureOpen(next) { return .construction }
        if file.kind(next) == .period, file.isWord(next + 1, "init") { return .construction }
        if file.kind(next) == .period, file.kind(next + 1) == .identifier {
            return file.isWord(next + 1, "Type") || file.isWord(next + 1, "Protocol") ? nil : .staticMember
        }
        return nil
    }

    /// The code of the type's own members with whether it belongs to a static member: bodies,
    /// accessors, initial values and parameter default values.
    private func memberCode(of type: TypeDecl, in file: SourceFile) -> [(TokenRange, Bool)] {
        var out: [(TokenRange, Bool)] = []
        for m in type.members {
            switch m {
            case .function(let f):
                if let b = f.bodyTokens { out.append((b, f.header.isStatic)) }
                for d in file.parameters(of: f).compactMap(\.defaultValue) { out.append((d, f.header.isStatic)) }
            case .variable(let v):
                if let o = v.accessorOpen, let c = v.accessorClose, o < c { out.append(((o + 1)..<c, v.isStatic)) }
                if let r = v.initializer { out.append((r, v.isStatic)) }
            default:
                break
            }
        }
        return out
    }
}

private extension String {
    static func forbidden(_ type: String, layer: String, uses target: String, layer targetLayer: String, allowed: [String]) -> String {
        let may = allowed.isEmpty ? "only its own layer" : allowed.map { "`\($0)`" }.joined(separator: ", ")
        return "`\(type)` (layer `\(layer)`) uses `\(target)` (layer `\(targetLayer)`), which the layer graph does not allow; `\(layer)` may use \(may)"
    }
}
