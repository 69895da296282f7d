import SwiftUI

@main
struct NotesApp: App {
    @StateObject private var settings = SettingsStore()
    @StateObject private var list = NotesListViewModel(fetchNotes: FetchNotesUseCase(repository: InMemoryNotesRepository()))

    var body: some Scene {
        WindowGroup {
            NotesListView(viewModel: list)
                .environmentObject(settings)
        }
    }
}
