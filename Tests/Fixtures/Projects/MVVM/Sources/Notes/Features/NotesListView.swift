import SwiftUI

struct NotesListView: View {
    @ObservedObject var viewModel: NotesListViewModel
    @EnvironmentObject private var settings: SettingsStore
    @State private var isEditing = false

    var body: some View {
        NavigationStack {
            List(viewModel.notes) { note in
                Text(note.title)
            }
            .overlay {
                if viewModel.isLoading { ProgressView() }
            }
            .toolbar {
                Button("Sort") { settings.toggleSorting() }
                Button("New") { isEditing = true }
            }
            .sheet(isPresented: $isEditing) {
                NoteEditorView()
            }
            // Restarts when the sort order changes.
            .task(id: settings.sortsByTitle) {
                await viewModel.load(sortedByTitle: settings.sortsByTitle)
            }
        }
    }
}
