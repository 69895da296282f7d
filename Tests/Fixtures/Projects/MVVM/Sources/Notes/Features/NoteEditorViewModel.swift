import Foundation

final class NoteEditorViewModel: ObservableObject {
    @Published var draft = ""
    @Published private(set) var isSaving = false
    @Published var savedCount = 0

    private let saveNote = SaveNoteUseCase(repository: InMemoryNotesRepository())

    func save() async {
        isSaving = true
        do {
            try await saveNote(Note(id: UUID(), title: draft, text: draft))
        } catch {
            return
        }
        isSaving = false
    }

    @MainActor
    func discard() {
        savedCount = 0
    }
}
