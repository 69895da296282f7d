/// Examples of `loading_state_reset`.
import MVILintCore

extension LoadingStateReset {
    static let examplesList: [RuleExample] = [
        // A run that a newer one has superseded leaves the flag to it: the method bumps a token
        // before its work and compares it after. A token the method does not write tells nothing.
        .nonTriggering("""
        @MainActor
        final class ScanStore: ObservableObject {
            @Published private(set) var isRefreshing = false
            @Published private(set) var results: [String] = []
            private var generation = 0
            private var loadID = UUID()
            func scan(paths: [String]) async {
                generation += 1
                let mine = generation
                isRefreshing = true
                let found = await Self.readAll(paths)
                guard mine == generation else { return }
                results = found
                isRefreshing = false
            }
            func reload() async {
                let id = UUID()
                loadID = id
                isRefreshing = true
                let found = await Self.readAll([])
                if id != self.loadID { return }
                results = found
                isRefreshing = false
            }
            private static func readAll(_ paths: [String]) async -> [String] { paths }
        }
        """),
        .triggering("""
        @MainActor
        final class ScanStore: ObservableObject {
            @Published private(set) var isRefreshing = false
            @Published private(set) var results: [String] = []
            private var generation = 0
            func scan(paths: [String]) async {
                let mine = generation
                ↓isRefreshing = true
                let found = await Self.readAll(paths)
                guard mine == generation else { return }
                results = found
                isRefreshing = false
            }
            private static func readAll(_ paths: [String]) async -> [String] { paths }
        }
        """),
        .triggering("""
        @MainActor
        final class ProductViewModel: ObservableObject {
            @Published private(set) var product: Product?
            @Published private(set) var isLoading = false
            @Published private(set) var errorMessage: String?

            func load(id: Product.ID) async {
                ↓isLoading = true
                do {
                    product = try await repository.product(id: id)
                    isLoading = false
                } catch {
                    errorMessage = "Couldn't load the product."
                }
            }

            func refresh(query: String?) async {
                ↓self.isLoading = true
                guard let query else { return }
                product = try? await repository.search(query).first
                isLoading = false
            }

            func reload() async {
                ↓isLoading = true
                do {
                    product = try await repository.product(id: "latest")
                    finishLoading()
                } catch {
                    errorMessage = "Couldn't reload the product."
                }
            }

            private func finishLoading() { isLoading = false }
        }
        """).messages([
            "`isLoading` is set to `true` in `load`, which does `try`/`await` work, but stays `true` when the method leaves through the `catch` on line 12; reset it in a `defer` right after setting it",
            "`isLoading` is set to `true` in `refresh`, which does `try`/`await` work, but stays `true` when the method leaves through the `return` on line 19; reset it in a `defer` right after setting it",
            "`isLoading` is set to `true` in `reload`, which does `try`/`await` work, but stays `true` when the method leaves through the `catch` on line 29; reset it in a `defer` right after setting it",
        ]),
        .triggering("""
        @Observable
        final class FeedModel {
            private(set) var items: [Item] = []
            private(set) var isFetching = false
            private(set) var loading = false

            func reload() async throws {
                ↓isFetching = true
                items = try await api.items()
                isFetching = false
            }

            func sync() async throws {
                ↓loading = true
                do {
                    try await api.upload(items)
                } catch is CancellationError {
                    loading = false
                    return
                }
                loading = false
            }

            func search(_ text: String) {
                Task {
                    ↓isFetching = true
                    items = try await api.search(text)
                    isFetching = false
                }
            }
        }
        """).messages([
            "`isFetching` is set to `true` in `reload`, which does `try`/`await` work, but stays `true` when the method leaves through the `try` on line 9, which passes its error on; reset it in a `defer` right after setting it",
            "`loading` is set to `true` in `sync`, which does `try`/`await` work, but stays `true` when the method leaves through the `try` on line 16, which passes its error on; reset it in a `defer` right after setting it",
            "`isFetching` is set to `true` in `search`, which does `try`/`await` work, but stays `true` when the method leaves through the `try` on line 27, which passes its error on; reset it in a `defer` right after setting it",
        ]),
        .triggering("""
        @MainActor
        final class CountriesViewModel: ObservableObject {
            @Published private(set) var countries: [Country] = []
            @Published private(set) var isLoading = false
            @Published private(set) var errorMessage: String?

            func onAppear() {
                ↓isLoading = true
                Task {
                    do {
                        countries = try await service.countries()
                        isLoading = false
                    } catch {
                        errorMessage = error.localizedDescription
                    }
                }
            }
        }
        """),
        .triggering(files: [
            "HomeStore.swift": """
            @MainActor
            final class HomeStore: ObservableObject {
                @Published private(set) var state = HomeState()
            }
            """,
            "HomeStore+Effects.swift": """
            extension HomeStore {
                func load() async {
                    ↓state.isLoading = true
                    do {
                        state.sections = try await loadFeed.execute()
                    } catch {
                        state.errorMessage = error.localizedDescription
                        return
                    }
                    state.isLoading = false
                }
            }
            """,
        ]),
        .nonTriggering("""
        @MainActor
        final class HomeStore: ObservableObject {
            @Published private(set) var state = HomeState()

            func fetchFeed() async {
                guard !state.isLoading else { return }
                state.isLoading = true
                defer { state.isLoading = false }
                do {
                    state.sections = try await loadFeed.execute()
                } catch is CancellationError {
                    return
                } catch {
                    state.errorMessage = error.localizedDescription
                }
            }
        }
        """),
        .nonTriggering("""
        @MainActor
        final class EntityListModel: ObservableObject {
            @Published private(set) var isRefreshing = false
            @Published private(set) var entities: [Entity] = []
            private var startedAt: Date?
            private var hideTask: Task<Void, Never>?

            func refresh() async {
                isRefreshing = true
                startedAt = Date()
                guard let server = await servers.active() else {
                    finishRefreshing()
                    return
                }
                entities = (try? await server.entities()) ?? []
                finishRefreshing()
            }

            // Keeps the spinner up for at least half a second, then clears it.
            private func finishRefreshing() {
                let remaining = 0.5 - Date().timeIntervalSince(startedAt ?? .distantPast)
                guard remaining > 0 else {
                    clearRefreshing()
                    return
                }
                hideTask = Task { [weak self] in
                    try? await Task.sleep(for: .seconds(remaining))
                    self?.clearRefreshing()
                }
            }

            private func clearRefreshing() { isRefreshing = false }
        }
        """),
        .nonTriggering("""
        extension Task where Failure == Never, Success == Void {
            init(priority: TaskPriority? = nil, _ operation: @escaping () async throws -> Void,
                 catch handler: @escaping (Error) -> Void) {
                self.init(priority: priority) { do { try await operation() } catch { handler(error) } }
            }
        }

        @MainActor
        final class CheckoutViewModel: ObservableObject {
            @Published private(set) var isLoading = false
            @Published private(set) var error: Error?

            func submit() {
                isLoading = true
                Task(priority: .userInitiated) {
                    try await checkout.submit()
                    isLoading = false
                } catch: { error in
                    self.error = error
                    self.isLoading = false
                }
            }

            func save() {
                isLoading = true
                Task(priority: .userInitiated, {
                    try await checkout.save()
                    self.isLoading = false
                }, catch: { _ in
                    self.isLoading = false
                })
            }
        }
        """),
        .nonTriggering("""
        @MainActor
        final class ProfileViewModel: ObservableObject {
            @Published private(set) var isLoading = false
            @Published private(set) var isRefreshing = false
            @Published private(set) var profile: UserProfile?

            func load(userID: String) async {
                isLoading = true
                do {
                    profile = try await fetchProfile.execute(userID: userID)
                } catch is CancellationError {
                    // Keep what we have.
                } catch {
                    profile = nil
                }
                isLoading = false
            }

            func refresh() async throws {
                isRefreshing = true
                do {
                    profile = try await fetchProfile.execute(userID: "me")
                    isRefreshing = false
                } catch {
                    isRefreshing = false
                    throw error
                }
            }

            func reloadLater() {
                isLoading = true
                Task {
                    defer { isLoading = false }
                    profile = try await fetchProfile.execute(userID: "me")
                }
            }

            func reloadInBackground() {
                isLoading = true
                Task { [weak self] in
                    guard let self else { return }
                    do {
                        self.profile = try await self.fetchProfile.execute(userID: "me")
                    } catch {
                        self.profile = nil
                    }
                    self.isLoading = false
                }
            }

            func beginEditing() {
                isLoading = true
                profile = nil
            }

            func reset() async {
                isLoading = true
                _ = try? await cache.clear()
                await MainActor.run { isLoading = false }
            }

            func sync() async {
                isLoading = true
                defer { stopLoading() }
                _ = try? await cache.sync()
            }

            func syncAll() async {
                isLoading = true
                _ = try? await cache.sync()
                self.stopLoading()
            }

            private func stopLoading() { isLoading = false }
        }
        """),
        .nonTriggering("""
        final class Downloader {
            var isLoading = false
            func download() async throws {
                isLoading = true
                data = try await fetch()
                isLoading = false
            }
        }

        @MainActor
        final class OrdersViewModel: ObservableObject {
            @Published private(set) var isLoading = false
            @Published private(set) var isSearching = false

            func send(_ intent: OrdersIntent) async {
                switch intent {
                case .load:
                    isLoading = true
                    do { orders = try await api.orders() } catch { return }
                    isLoading = false
                }
            }

            func search(_ text: String) async {
                isSearching = true
                results = try? await api.search(text)
            }

            func loadPages() async {
                isLoading = true
                for page in 1...3 {
                    guard let more = try? await api.page(page) else { break }
                    orders += more
                }
                isLoading = false
            }
        }
        """),
        // The same when the task sets the flag as its first work, when a cancelled run skips the
        // reset (`if !Task.isCancelled { … }`), ends in an empty `catch is CancellationError` or
        // returns from a `catch` on `error is CancellationError`;
        // a task that nothing cancels before restarting still leaks.
        .triggering("""
        @MainActor
        final class FinderModel: ObservableObject {
            @Published private(set) var isLoading = false
            @Published private(set) var files: [String] = []
            private var indexTask: Task<Void, Never>?
            private var graphTask: Task<Void, Never>?
            private var scanTask: Task<Void, Never>?
            func reindex(_ root: String) {
                indexTask?.cancel()
                indexTask = Task {
                    isLoading = true
                    let found = await index.list(root)
                    guard !Task.isCancelled else { return }
                    files = found
                    isLoading = false
                }
            }
            func loadGraph() {
                graphTask?.cancel()
                isLoading = true
                graphTask = Task {
                    do {
                        files = try await index.graph()
                        isLoading = false
                    } catch is CancellationError {
                    } catch {
                        if !Task.isCancelled { isLoading = false }
                    }
                }
            }
            func loadTags() {
                graphTask?.cancel()
                graphTask = Task {
                    isLoading = true
                    do {
                        files = try await index.tags()
                        isLoading = false
                    } catch {
                        if error is CancellationError { return }
                        isLoading = false
                    }
                }
            }
            func loadNotes() {
                indexTask?.cancel()
                indexTask = Task {
                    isLoading = true
                    do {
                        files = try await index.notes()
                    } catch {
                        guard !(error is CancellationError) else { return }
                    }
                    isLoading = false
                }
            }
            // Leaving on another error is a leak, cancel-and-restart or not.
            func loadLinks() {
                indexTask?.cancel()
                indexTask = Task {
                    ↓isLoading = true
                    do {
                        files = try await index.links()
                    } catch {
                        if error is URLError { return }
                    }
                    isLoading = false
                }
            }
            func scan(_ root: String) {
                scanTask = Task {
                    ↓isLoading = true
                    let found = await index.list(root)
                    guard !Task.isCancelled else { return }
                    files = found
                    isLoading = false
                }
            }
        }
        """),
        // Cancel-and-restart: the method cancels the task it stored before it sets the flag and
        // starts the next run, so the cancelled run's exit on cancellation leaves the flag to the
        // new one. Another exit of such a task still leaks, and so does a cancelled run when
        // something else may cancel it (another method, or code outside that can read the handle).
        .triggering("""
        final class QuotesViewModel: ObservableObject {
            @Published private(set) var quotes: [String] = []
            @Published private(set) var isLoading = false
            private var refreshTask: Task<Void, Never>?
            private var searchTask: Task<Void, Never>?
            private(set) var syncTask: Task<Void, Never>?

            func refresh() {
                refreshTask?.cancel()
                isLoading = true
                refreshTask = Task {
                    let fresh = await api.quotes()
                    guard !Task.isCancelled else { return }
                    quotes = fresh
                    isLoading = false
                }
            }

            func reload() {
                self.refreshTask?.cancel()
                ↓isLoading = true
                refreshTask = Task {
                    do {
                        let fresh = try await api.allQuotes()
                        if Task.isCancelled { return }
                        quotes = fresh
                    } catch is CancellationError {
                        return
                    } catch {
                        return
                    }
                    isLoading = false
                }
            }

            // `stopSearching` cancels this task too, and nothing sets the flag again then.
            func search(_ text: String) {
                searchTask?.cancel()
                ↓isLoading = true
                searchTask = Task {
                    let found = await api.search(text)
                    guard !Task.isCancelled else { return }
                    quotes = found
                    isLoading = false
                }
            }

            // Others can cancel a task whose handle they can read: the flag stays set then.
            func sync() {
                syncTask?.cancel()
                ↓isLoading = true
                syncTask = Task {
                    let fresh = await api.quotes()
                    guard !Task.isCancelled else { return }
                    quotes = fresh
                    isLoading = false
                }
            }

            func stopSearching() { searchTask?.cancel() }
        }
        """).messages([
            "`isLoading` is set to `true` in `reload` and handed to the `Task` it starts, which does `try`/`await` work, but stays `true` when the task leaves through the `return` on line 30; reset it in a `defer` at the top of the task",
            "`isLoading` is set to `true` in `search` and handed to the `Task` it starts, which does `try`/`await` work, but stays `true` when the task leaves through the `return` on line 42; reset it in a `defer` at the top of the task",
            "`isLoading` is set to `true` in `sync` and handed to the `Task` it starts, which does `try`/`await` work, but stays `true` when the task leaves through the `return` on line 54; reset it in a `defer` at the top of the task",
        ]),
        .nonTriggering("""
        final class QuotesViewModel: ObservableObject {
            @Published private(set) var quotes: [String] = []
            @Published private(set) var isLoading = false
            private var refreshTask: Task<Void, Never>?
            func reload() {
                refreshTask?.cancel()
                isLoading = true
                refreshTask = Task {
                    do {
                        let fresh = try await api.allQuotes()
                        if Task.isCancelled { return }
                        quotes = fresh
                    } catch is CancellationError {
                        return
                    } catch {
                        quotes = []
                    }
                    isLoading = false
                }
            }
        }
        """),
        // The cancel may sit in the method that calls the starter again at once (a retry); one
        // that cancels without starting the next run leaves the flag set.
        .nonTriggering("""
        @MainActor
        final class ThumbLoader: ObservableObject {
            @Published private(set) var image: Data?
            @Published private(set) var isLoading = false
            private var job: Task<Void, Never>?
            private func start() {
                isLoading = true
                job = Task {
                    do {
                        image = try await api.thumbnail()
                        isLoading = false
                    } catch {
                        if !Task.isCancelled { isLoading = false }
                    }
                }
            }
            func retry() {
                job?.cancel()
                start()
            }
        }
        """),
        .triggering("""
        @MainActor
        final class ThumbLoader: ObservableObject {
            @Published private(set) var image: Data?
            @Published private(set) var isLoading = false
            private var job: Task<Void, Never>?
            private func start() {
                ↓isLoading = true
                job = Task {
                    do {
                        image = try await api.thumbnail()
                        isLoading = false
                    } catch {
                        if !Task.isCancelled { isLoading = false }
                    }
                }
            }
            func retry() {
                job?.cancel()
                start()
            }
            func stop() { job?.cancel() }
        }
        """),
        // A flag reset on one branch only stays set when the method ends by the other.
        .triggering("""
        final class InboxModel: ObservableObject {
            @Published private(set) var isLoading = false
            func load() async {
                ↓isLoading = true
                let items = await fetch()
                if items.isEmpty {
                    isLoading = false
                }
            }
        }
        """).messages([
            "`isLoading` is set to `true` in `load`, which does `try`/`await` work, but stays `true` when the method leaves through the end of its body on line 9; reset it in a `defer` right after setting it",
        ]),
    ]
}
