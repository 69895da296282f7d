import SwiftUI

struct NoteStatsView: View {
    @State private var count = 0
    private let fetchNotes = FetchNotesUseCase(repository: InMemoryNotesRepository())

    var body: some View {
        Text("\(count) notes")
            .task {
                count = (try? await fetchNotes(sortedByTitle: false).count) ?? 0
            }
    }
}

/// Near miss: the view gets plain values from its parent; the use case stays in the model.
struct NoteCountLabel: View {
    let count: Int
    let fetchNotesTitle = "FetchNotesUseCase"

    var body: some View {
        Text("\(count) notes")
    }
}
