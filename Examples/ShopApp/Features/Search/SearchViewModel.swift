import Combine
import Foundation

@MainActor
final class SearchViewModel: ObservableObject {
    // Written by the search field as the user types
    @Published var query = ""
    @Published private(set) var results: [Product] = []
    @Published private(set) var isSearching = false
    @Published private(set) var errorMessage: String?

    private let repository: ProductRepository
    private var cancellables = Set<AnyCancellable>()
    private var searchTask: Task<Void, Never>?

    init(repository: ProductRepository) {
        self.repository = repository

        $query
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .removeDuplicates()
            .debounce(for: .milliseconds(300), scheduler: DispatchQueue.global(qos: .userInitiated))
            .receive(on: DispatchQueue.main)
            .sink { [weak self] text in
                self?.search(for: text)
            }
            .store(in: &cancellables)
    }

    private func search(for text: String) {
        searchTask?.cancel()
        guard !text.isEmpty else {
            results = []
            errorMessage = nil
            isSearching = false
            return
        }

        searchTask = Task {
            isSearching = true
            defer {
                if !Task.isCancelled { isSearching = false }
            }
            do {
                let found = try await repository.search(text)
                try Task.checkCancellation()
                results = found
                errorMessage = nil
            } catch is CancellationError {
                // Superseded by a newer query.
            } catch {
                errorMessage = error.localizedDescription
            }
        }
    }
}
