/// Examples of `no_usecase_in_view`.
import MVILintCore

extension NoUsecaseInView {
    static let examplesList: [RuleExample] = [
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
            "`ProfileView` holds `FetchProfileUseCase` in `fetchProfile`; a view should talk to its model, not to the domain or data layer",
            "`ProfileView` holds `UserRepositoryProtocol` in `repository`; a view should talk to its model, not to the domain or data layer",
            "`ProfileView` reaches `OrdersRepository` through its static member `shared`; move this call into the view's model",
            "`ProfileView` creates `LogoutInteractor`; move this into the view's model",
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
        // The data layer by what a type does: an API client of the project whose own methods do
        // network I/O (`URLSession`), whatever its name, held in a property whose type a property
        // wrapper's argument names, created, or reached through its shared instance.
        .triggering(files: [
            "Backend.swift": """
            import Foundation
            final class Backend {
                static let shared = Backend()
                static func branchURL(_ name: String) -> URL { URL(string: "https://example.com/branches/\\(name)")! }
                func branches() async throws -> [String] {
                    let (data, _) = try await URLSession.shared.data(from: URL(string: "https://example.com/branches")!)
                    return try JSONDecoder().decode([String].self, from: data)
                }
            }
            """,
            "BranchesView.swift": """
            struct BranchesView: View {
                @Injected(Backend.self) private var ↓backend
                @State private var names: [String] = []
                var body: some View {
                    List(names, id: \\.self) { Text($0) }
                        .task { names = (try? await backend.branches()) ?? [] }
                        .refreshable { names = (try? await ↓Backend.shared.branches()) ?? [] }
                        .onAppear { _ = ↓Backend() }
                        .onTapGesture { _ = Backend.branchURL("main") }
                }
            }
            """,
        ]).messages([
            "`BranchesView` holds `Backend` in `backend`, which does network I/O with URLSession; a view should talk to its model, not to the domain or data layer",
            "`BranchesView` reaches `Backend` through its static member `shared`, which does network I/O with URLSession; move this call into the view's model",
            "`BranchesView` creates `Backend`, which does network I/O with URLSession; move this into the view's model",
        ]),
        // `@Environment(T.self)`: the wrapper's argument is the property's type; a repository is of
        // the layer by its name even when it is `@Observable`. An `@Observable` model that does
        // network I/O itself is a model, not the data layer.
        .triggering(files: [
            "Orders.swift": """
            import Foundation
            @Observable final class OrdersRepository {
                var cached: [String] = []
            }
            @Observable final class OrdersModel {
                var orders: [String] = []
                func load() async throws {
                    _ = try await URLSession.shared.data(from: URL(string: "https://example.com/orders")!)
                }
            }
            """,
            "OrdersView.swift": """
            struct OrdersView: View {
                @Environment(OrdersRepository.self) private var ↓repository
                @Environment(OrdersModel.self) private var model
                @Environment(\\.dismiss) private var dismiss
                var body: some View { List(model.orders, id: \\.self) { Text($0) } }
            }
            """,
        ]),
        // Member chains are typed step by step through the stored properties of the project's
        // types, nested types and types declared in extensions included; the finding is at the
        // chain's first token and names the first member of the layer.
        .triggering(files: [
            "Dependencies.swift": """
            struct AppDependencies {
                let interactors: Interactors
                let theme: Theme
            }
            extension AppDependencies {
                struct Interactors {
                    let orders: OrdersInteractor
                    let flags: [String: Bool]
                }
            }
            struct Theme { let accent: String }
            final class OrdersInteractor { func reload() async {} }
            """,
            "OrdersList.swift": """
            struct OrdersList: View {
                let deps: AppDependencies
                var body: some View {
                    Text(deps.theme.accent)
                        .task { await ↓deps.interactors.orders.reload() }
                        .onAppear {
                            let interactors = deps.interactors
                            Task { await ↓interactors.orders.reload() }
                            _ = deps.interactors.flags["beta"]
                        }
                }
            }
            """,
        ]).messages([
            "`OrdersList` reaches `OrdersInteractor` through `deps.interactors.orders`; move this call into the view's model",
            "`OrdersList` reaches `OrdersInteractor` through `interactors.orders`; move this call into the view's model",
        ]),
        // Through the view's model: `viewModel.client` is a network client the model keeps.
        .triggering(files: [
            "GitClient.swift": """
            import Foundation
            final class GitClient {
                private let session: URLSession
                init(session: URLSession = .shared) { self.session = session }
                func branches() async throws -> [String] { [] }
            }
            """,
            "BranchesModel.swift": """
            final class BranchesModel: ObservableObject {
                let client: GitClient
                @Published private(set) var names: [String] = []
                init(client: GitClient) { self.client = client }
                func refresh() async { names = (try? await client.branches()) ?? [] }
            }
            """,
            "BranchList.swift": """
            struct BranchList: View {
                @ObservedObject var viewModel: BranchesModel
                var body: some View {
                    List(viewModel.names, id: \\.self) { Text($0) }
                        .task { _ = try? await ↓viewModel.client.branches() }
                        .refreshable { await viewModel.refresh() }
                }
            }
            """,
        ]).messages([
            "`BranchList` reaches `GitClient` through `viewModel.client`, which does network I/O with URLSession; move this call into the view's model",
        ]),
        // A database holder of the project (a Core Data container in a stored property, one level),
        // and a protocol of the project that such a type adopts, used as the property's type.
        .triggering(files: [
            "Persistence.swift": """
            import CoreData
            final class PersistenceController {
                static let shared = PersistenceController()
                let container: NSPersistentContainer
                init() { container = NSPersistentContainer(name: "Model") }
            }
            protocol NotesStoring { func notes() throws -> [String] }
            final class CoreDataNotes: NotesStoring {
                func notes() throws -> [String] { _ = PersistenceController.shared.container.viewContext; return [] }
            }
            """,
            "NotesView.swift": """
            struct NotesView: View {
                let ↓notes: any NotesStoring
                var body: some View {
                    Text("Notes").onAppear { try? ↓PersistenceController.shared.container.viewContext.save() }
                }
            }
            """,
        ]),
        // Not the data layer: a client whose I/O goes through another type of the project (only
        // that one uses the API), a decoded value, a protocol that a view or a model adopts too,
        // and SwiftUI's own data access.
        .nearMiss(files: [
            "Network.swift": """
            import Foundation
            final class NetworkService {
                func get(_ path: String) async throws -> Data { try await URLSession.shared.data(from: URL(string: path)!).0 }
            }
            final class CatalogAPI {
                private let network: NetworkService
                init(network: NetworkService) { self.network = network }
                func items() async throws -> Data { try await network.get("/items") }
            }
            struct Item: Codable, Identifiable { let id: Int; let session: String }
            protocol Refreshing { func refresh() async }
            final class FeedModel: ObservableObject, Refreshing {
                @Published var items: [Item] = []
                func refresh() async { _ = try? await URLSession.shared.data(from: URL(string: "https://example.com")!) }
            }
            final class RemoteFeed: Refreshing {
                func refresh() async { _ = try? await URLSession.shared.data(from: URL(string: "https://example.com")!) }
            }
            """,
            "CatalogView.swift": """
            import SwiftData
            struct CatalogView: View {
                let api: CatalogAPI
                let item: Item
                let refresher: any Refreshing
                @Query private var saved: [Item]
                @Environment(\\.modelContext) private var context
                var body: some View { Text(item.session).task { _ = try? await api.items() } }
            }
            """,
        ]),
        // Test doubles do not decide: a test double that uses `URLSession` does not make the
        // protocol it adopts the data layer.
        .nearMiss(files: [
            "Clock.swift": """
            protocol Clock { func now() -> Date }
            struct SystemClock: Clock { func now() -> Date { Date() } }
            """,
            "ClockTests.swift": """
            import XCTest
            final class NetworkClock: Clock {
                func now() -> Date { _ = URLSession.shared; return Date() }
            }
            """,
            "ClockView.swift": """
            struct ClockView: View {
                let clock: any Clock
                var body: some View { Text(clock.now(), style: .time) }
            }
            """,
        ]),
        // A name declared more than once (a `State` nested in each feature) tells no type apart:
        // what one of them does says nothing of the others. A toolbar's content that downloads
        // what it shows is user interface.
        .nearMiss(files: [
            "Features.swift": """
            import Foundation
            enum Search {
                struct State { var query = "" }
            }
            enum Downloads {
                struct State {
                    var session = URLSession.shared
                }
            }
            struct ReloadIntent: AppIntent {
                static let title: LocalizedStringResource = "Reload"
                func perform() async throws -> some IntentResult {
                    _ = try await URLSession.shared.data(from: URL(string: "https://example.com")!)
                    return .result()
                }
            }
            struct ShareToolbarItem: ToolbarContent {
                let url: URL
                var body: some ToolbarContent {
                    ToolbarItem { Button("Share") { Task { _ = try? await URLSession.shared.data(from: url) } } }
                }
            }
            """,
            "SearchView.swift": """
            struct SearchView: View {
                @SwiftUI.State private var state = Search.State()
                let url: URL
                var body: some View {
                    Button(intent: ReloadIntent()) { Text(state.query) }.toolbar { ShareToolbarItem(url: url) }
                        .onAppear { state = State() }
                }
            }
            """,
        ]),
    ]
}
