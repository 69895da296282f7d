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
    ]
}
