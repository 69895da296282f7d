import Foundation

@MainActor
final class NotesListViewModel: ObservableObject {
    @Published private(set) var notes: [Note] = []
    @Published private(set) var isLoading = false
    @Published private(set) var errorText: String?

    private let fetchNotes: FetchNotesUseCase

    init(fetchNotes: FetchNotesUseCase) {
        self.fetchNotes = fetchNotes
    }

    func load(sortedByTitle: Bool) async {
        isLoading = true
        defer { isLoading = false }
        do {
            notes = try await fetchNotes(sortedByTitle: sortedByTitle)
            errorText = nil
        } catch {
            errorText = error.localizedDescription
        }
    }
}
