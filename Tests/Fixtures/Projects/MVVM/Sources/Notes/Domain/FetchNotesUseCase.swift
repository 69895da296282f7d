import Foundation

struct FetchNotesUseCase {
    let repository: NotesRepository

    func callAsFunction(sortedByTitle: Bool) async throws -> [Note] {
        let notes = try await repository.allNotes()
        return sortedByTitle ? notes.sorted { $0.title < $1.title } : notes
    }
}

struct SaveNoteUseCase {
    let repository: NotesRepository

    func callAsFunction(_ note: Note) async throws {
        try await repository.save(note)
    }
}
