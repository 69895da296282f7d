/// Examples of `main_actor_mutation`: the project's Combine operators, publisher functions, publishers and subjects.
import MVILintCore

extension MainActorMutation {
    static let projectPublisherExamples: [RuleExample] = [
        // A project operator that does not receive on the main queue, or names another scheduler.
        .triggering(files: [
            "Publisher+Delivery.swift": """
            extension Publisher {
                func sinkQuietly(_ done: @escaping (Output) -> Void) -> AnyCancellable {
                    sink(receiveCompletion: { _ in }, receiveValue: done)
                }
                func settled(_ done: @escaping (Output) -> Void) -> AnyCancellable {
                    receive(on: DispatchQueue.main)
                        .debounce(for: .seconds(1), scheduler: DispatchQueue.global())
                        .sink(receiveCompletion: { _ in }, receiveValue: done)
                }
            }
            """,
            "QuoteModel.swift": """
            final class QuoteModel: ObservableObject {
                @Published private(set) var price = 0.0
                private var bag = Set<AnyCancellable>()
                func watch(_ ticks: AnyPublisher<Double, Never>) {
                    ticks.sinkQuietly { [weak self] value in ↓self?.price = value }.store(in: &bag)
                    ticks.settled { [weak self] value in ↓self?.price = value }.store(in: &bag)
                }
            }
            """,
        ]),
        // Project operators that receive on the main queue, also one built on another.
        .nonTriggering(files: [
            "Publisher+Main.swift": """
            extension Publisher {
                func sinkOnMain(failed: @escaping (Failure) -> Void = { _ in }, value: @escaping (Output) -> Void) -> AnyCancellable {
                    receive(on: RunLoop.main)
                        .sink(receiveCompletion: { if case let .failure(e) = $0 { failed(e) } }, receiveValue: value)
                }
                func sinkResultOnMain(_ done: @escaping (Result<Output, Failure>) -> Void) -> AnyCancellable {
                    sinkOnMain(failed: { done(.failure($0)) }, value: { done(.success($0)) })
                }
                func onMain() -> AnyPublisher<Output, Failure> {
                    receive(on: DispatchQueue.main).eraseToAnyPublisher()
                }
            }
            """,
            "WeatherModel.swift": """
            final class WeatherModel: ObservableObject {
                @Published private(set) var forecast: [Day] = []
                @Published private(set) var failed = false
                private var bag = Set<AnyCancellable>()
                func refresh(_ api: WeatherAPI) {
                    api.forecast()
                        .sinkOnMain(failed: { [weak self] _ in self?.failed = true }) { [weak self] days in
                            self?.forecast = days
                        }
                        .store(in: &bag)
                    api.forecast().sinkResultOnMain { [weak self] result in
                        self?.failed = (try? result.get()) == nil
                    }
                    .store(in: &bag)
                    api.forecast().onMain().sink(receiveCompletion: { _ in }) { [weak self] in self?.forecast = $0 }.store(in: &bag)
                }
            }
            """,
        ]),
        // A project function whose publisher receives on the main queue…
        .nonTriggering(files: [
            "CatalogAPI.swift": MainActorMutation.catalogAPI(receivesOnMain: true),
            "CatalogModel.swift": MainActorMutation.catalogModel(reported: false),
        ]),
        // A package's operator named for the main queue is taken at its name; one the project
        // declares is judged by its code.
        .triggering(files: [
            "Operators.swift": """
            extension Publisher {
                func deliverOnMain() -> AnyPublisher<Output, Failure> {
                    receive(on: DispatchQueue.global()).eraseToAnyPublisher()
                }
            }
            """,
            "SessionCoordinator.swift": """
            import PublisherHelpers
            final class SessionCoordinator: ObservableObject {
                @Published private(set) var signedIn = false
                @Published private(set) var userName = ""
                private var bag = Set<AnyCancellable>()
                init(signals: AnyPublisher<Bool, Never>, names: AnyPublisher<String, Never>) {
                    signals.receiveOnMain().assign(to: &$signedIn)
                    names.deliverOnMain().sink { [weak self] in ↓self?.userName = $0 }.store(in: &bag)
                }
            }
            """,
        ]),
        // Work on another queue before the last hop to the main one does not matter; a scheduler
        // after it does.
        .triggering(files: [
            "LoginRequest.swift": """
            enum LoginRequest {
                static func login(_ email: String) -> AnyPublisher<String, Never> {
                    Future { promise in
                        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { promise(.success(email)) }
                    }
                    .delay(for: 0.1, scheduler: DispatchQueue.global())
                    .receive(on: DispatchQueue.main)
                    .eraseToAnyPublisher()
                }
                static func logout() -> AnyPublisher<Bool, Never> {
                    Just(true)
                        .receive(on: DispatchQueue.main)
                        .delay(for: 0.1, scheduler: DispatchQueue.global())
                        .eraseToAnyPublisher()
                }
            }
            """,
            "SessionStore.swift": """
            final class SessionStore: ObservableObject {
                @Published private(set) var user: String?
                private var bag = Set<AnyCancellable>()
                func login(_ email: String) {
                    LoginRequest.login(email).sink { [weak self] in self?.user = $0 }.store(in: &bag)
                }
                func logout() {
                    LoginRequest.logout().sink { [weak self] _ in ↓self?.user = nil }.store(in: &bag)
                }
            }
            """,
        ]),
        // Also through a repository's method that forwards to its remote's method of the same
        // name, which calls a project function that receives on it.
        .nonTriggering(files: [
            "CatalogAPI.swift": MainActorMutation.catalogAPI(receivesOnMain: true),
            "Notes.swift": """
            final class NotesRemote {
                func notes() -> AnyPublisher<[String], Error> { CatalogAPI.names() }
            }
            final class NotesRepository {
                private let remote = NotesRemote()
                func notes() -> AnyPublisher<[String], Error> { remote.notes() }
            }
            final class NotesModel: ObservableObject {
                @Published private(set) var notes: [String] = []
                private let repository = NotesRepository()
                private var bag = Set<AnyCancellable>()
                func load() {
                    repository.notes()
                        .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.notes = $0 })
                        .store(in: &bag)
                }
            }
            """,
        ]),
        // A namesake with other argument labels, another type's that does not receive on the
        // main queue, does not spoil a call written with the labels of one that does.
        .nonTriggering(files: [
            "CatalogAPI.swift": MainActorMutation.catalogAPI(receivesOnMain: true),
            "Tickers.swift": """
            final class ListUseCase {
                func execute() -> AnyPublisher<[String], Error> { CatalogAPI.names() }
            }
            final class Ticker {
                private let subject = PassthroughSubject<Int, Never>()
                func execute(every seconds: Int) -> AnyPublisher<Int, Never> { subject.eraseToAnyPublisher() }
            }
            final class RowsModel: ObservableObject {
                @Published private(set) var rows: [String] = []
                private let useCase = ListUseCase()
                private var bag = Set<AnyCancellable>()
                func load() {
                    useCase.execute()
                        .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.rows = $0 })
                        .store(in: &bag)
                }
            }
            """,
        ]),
        // Also through an overload of the same name that receives on it.
        .nonTriggering(files: [
            "Agent.swift": """
            struct Agent {
                func run(_ request: URLRequest, _ decoder: JSONDecoder = JSONDecoder()) -> AnyPublisher<Data, Error> {
                    URLSession.shared.dataTaskPublisher(for: request)
                        .map(\\.data)
                        .mapError { $0 as Error }
                        .receive(on: DispatchQueue.main)
                        .eraseToAnyPublisher()
                }
            }
            enum PluginAPI {
                static let agent = Agent()
                static func run(_ request: URLRequest) -> AnyPublisher<Data, Error> {
                    agent.run(request).eraseToAnyPublisher()
                }
                static func categories() -> AnyPublisher<Data, Error> {
                    run(URLRequest(url: URL(string: "https://example.com/categories.json")!))
                }
            }
            """,
            "PluginsModel.swift": """
            final class PluginsModel: ObservableObject {
                @Published private(set) var raw = Data()
                private var bag = Set<AnyCancellable>()
                func load() {
                    PluginAPI.categories()
                        .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.raw = $0 })
                        .store(in: &bag)
                }
            }
            """,
        ]),
        // …not one whose publisher delivers where the data task finishes.
        .triggering(files: [
            "CatalogAPI.swift": MainActorMutation.catalogAPI(receivesOnMain: false),
            "CatalogModel.swift": MainActorMutation.catalogModel(reported: true),
        ]),
        // A project function that returns a `Future` delivers where the future's promise is
        // fulfilled: in a subscriber after `receive(on: DispatchQueue.main)` (or at once, in the
        // caller's context), but not in a completion handler.
        .triggering(files: [
            "MenuClient.swift": """
            import Combine
            final class MenuClient {
                private var bag = Set<AnyCancellable>()
                func dishes() -> Future<[String], Error> {
                    Future { [unowned self] promise in
                        guard let url = URL(string: "https://example.com/menu") else { return promise(.failure(URLError(.badURL))) }
                        URLSession.shared.dataTaskPublisher(for: url)
                            .tryMap { try JSONDecoder().decode([String].self, from: $0.data) }
                            .receive(on: DispatchQueue.main)
                            .sink { if case let .failure(e) = $0 { promise(.failure(e)) } } receiveValue: { promise(.success($0)) }
                            .store(in: &self.bag)
                    }
                }
                func menu() -> Future<[String], Error> { dishes() }
                func specials() -> Future<[String], Error> {
                    Future { promise in
                        URLSession.shared.dataTask(with: URL(string: "https://example.com/specials")!) { data, _, _ in
                            promise(.success([String(decoding: data ?? Data(), as: UTF8.self)]))
                        }.resume()
                    }
                }
            }
            """,
            "MenuModel.swift": """
            import Combine
            final class MenuModel: ObservableObject {
                @Published private(set) var dishes: [String] = []
                @Published private(set) var specials: [String] = []
                private var bag = Set<AnyCancellable>()
                func refresh(client: MenuClient) {
                    client.dishes()
                        .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.dishes = $0 })
                        .store(in: &bag)
                    client.menu()
                        .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.dishes = $0 })
                        .store(in: &bag)
                    client.specials()
                        .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in ↓self?.specials = $0 })
                        .store(in: &bag)
                }
            }
            """,
        ]),
        // A project helper that calls its completion from a `sink` after `receive(on:
        // DispatchQueue.main)` calls it on the main queue; not when an operator after the
        // `receive(on:)` moves the values to another queue.
        .triggering("""
        import Combine
        final class Loader {
            private var bag: Set<AnyCancellable> = []
            func load(_ p: AnyPublisher<Int, Error>, handler: @escaping (Int) -> Void) {
                p.subscribe(on: DispatchQueue.global())
                    .receive(on: DispatchQueue.main)
                    .map { $0 * 2 }
                    .sink(receiveCompletion: { _ in }, receiveValue: { handler($0) })
                    .store(in: &bag)
            }
            func loadLater(_ p: AnyPublisher<Int, Error>, handler: @escaping (Int) -> Void) {
                p.receive(on: DispatchQueue.main)
                    .delay(for: 1, scheduler: DispatchQueue.global())
                    .sink(receiveCompletion: { _ in }, receiveValue: { handler($0) })
                    .store(in: &bag)
            }
        }
        final class CounterModel: ObservableObject {
            @Published private(set) var count = 0
            private let loader = Loader()
            func refresh(_ p: AnyPublisher<Int, Error>) {
                loader.load(p) { [weak self] v in self?.count = v }
                loader.loadLater(p) { [weak self] v in ↓self?.count = v }
            }
        }
        """),
        // A subject that only its owner's code sends through, and only on the main queue, delivers
        // there; one that other code sends through as well is not known to.
        .triggering(files: [
            "MediaLibrary.swift": """
            import Combine
            import Photos
            final class MediaLibrary {
                let favoritesChanged = PassthroughSubject<[String], Never>()
                let albumsChanged = PassthroughSubject<[String], Never>()
                func toggleFavorite(_ ids: [String]) {
                    PHPhotoLibrary.shared().performChanges {
                    } completionHandler: { ok, _ in
                        guard ok else { return }
                        DispatchQueue.main.async { self.favoritesChanged.send(ids) }
                    }
                }
            }
            func importAlbums(into library: MediaLibrary) {
                DispatchQueue.global().async { library.albumsChanged.send(["Imported"]) }
            }
            """,
            "GalleryViewModel.swift": """
            import Combine
            final class GalleryViewModel: ObservableObject {
                @Published private(set) var favorites: [String] = []
                @Published private(set) var albums: [String] = []
                private let library: MediaLibrary
                private var bag = Set<AnyCancellable>()
                init(library: MediaLibrary) {
                    self.library = library
                    library.favoritesChanged
                        .map { $0.sorted() }
                        .sink { [weak self] ids in self?.favorites = ids }
                        .store(in: &bag)
                    library.albumsChanged
                        .sink { [weak self] names in ↓self?.albums = names }
                        .store(in: &bag)
                }
            }
            """,
        ]),
        // A project publisher whose `receive(subscriber:)` hands its value over at once delivers
        // on the subscribing thread; one that answers from a completion handler does not.
        .triggering("""
        import Combine
        struct SumPublisher: Publisher {
            typealias Output = Int
            typealias Failure = Never
            let values: [Int]
            func receive<S>(subscriber: S) where S: Subscriber, S.Input == Int, S.Failure == Never {
                if values.isEmpty {
                    _ = subscriber.receive(0)
                    return
                }
                _ = subscriber.receive(values.reduce(0, +))
            }
        }
        struct RatePublisher: Publisher {
            typealias Output = Double
            typealias Failure = Never
            func receive<S>(subscriber: S) where S: Subscriber, S.Input == Double, S.Failure == Never {
                URLSession.shared.dataTask(with: URL(string: "https://example.com/rate")!) { data, _, _ in
                    _ = subscriber.receive(Double(data?.count ?? 0))
                }.resume()
            }
        }
        final class LedgerModel: ObservableObject {
            @Published private(set) var total = 0
            @Published private(set) var rate = 0.0
            private var bag = Set<AnyCancellable>()
            func reload(_ values: [Int]) {
                SumPublisher(values: values)
                    .map { $0 * 2 }
                    .sink { self.total = $0 }
                    .store(in: &bag)
                RatePublisher()
                    .sink { ↓self.rate = $0 }
                    .store(in: &bag)
            }
        }
        """),
        // A project operator that only subscribes with `sink` and forwards to its closure runs it
        // where the upstream delivers, as `sink` would.
        .triggering(files: [
            "Publisher+Result.swift": """
            import Combine
            extension Publisher {
                func sinkResult(_ done: @escaping (Result<Output, Failure>) -> Void) -> AnyCancellable {
                    sink(receiveCompletion: { if case let .failure(e) = $0 { done(.failure(e)) } },
                         receiveValue: { done(.success($0)) })
                }
            }
            """,
            "ShelfModel.swift": """
            import Combine
            final class ShelfModel: ObservableObject {
                @Published private(set) var titles: [String] = []
                @Published private(set) var drafts: [String] = []
                private var bag = Set<AnyCancellable>()
                func load(_ books: AnyPublisher<[String], Error>) {
                    books.receive(on: DispatchQueue.main)
                        .sinkResult { [weak self] in if case let .success(v) = $0 { self?.titles = v } }
                        .store(in: &bag)
                    books.sinkResult { [weak self] in if case let .success(v) = $0 { ↓self?.drafts = v } }
                        .store(in: &bag)
                }
            }
            """,
        ]),
    ]
}
