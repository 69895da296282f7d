import Combine
import Foundation

struct HomeState: Equatable {
    var sections: [FeedSection] = []
    var favorites: Set<Product.ID> = []
    var isLoading = false
    var errorMessage: String?

    var isEmpty: Bool { sections.isEmpty }
}

enum HomeIntent {
    case onAppear
    case retry
    case toggleFavorite(Product.ID)
    case dismissError
}

@MainActor
final class HomeStore: ObservableObject {
    @Published private(set) var state: HomeState

    private let loadFeed: LoadFeedUseCase
    private var loadTask: Task<Void, Never>?

    init(initialState: HomeState = HomeState(), loadFeed: LoadFeedUseCase) {
        self.state = initialState
        self.loadFeed = loadFeed
    }

    func send(_ intent: HomeIntent) {
        switch intent {
        case .onAppear:
            guard state.isEmpty else { return }
            startLoading()
        case .retry:
            startLoading()
        case .toggleFavorite(let id):
            if state.favorites.contains(id) {
                state.favorites.remove(id)
            } else {
                state.favorites.insert(id)
            }
        case .dismissError:
            state.errorMessage = nil
        }
    }

    // MARK: - Effects

    private func startLoading() {
        loadTask?.cancel()
        loadTask = Task { await fetchFeed() }
    }

    private func fetchFeed() async {
        state.isLoading = true
        defer { state.isLoading = false }

        do {
            let feed = try await loadFeed.execute()
            state.sections = feed.sections
            state.errorMessage = nil
        } catch is CancellationError {
            // A newer load replaced this one.
        } catch {
            state.errorMessage = error.localizedDescription
        }
    }
}
