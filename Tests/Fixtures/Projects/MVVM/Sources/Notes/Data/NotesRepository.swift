import Foundation

struct Note: Identifiable, Equatable {
    let id: UUID
    var title: String
    var text: String
}

protocol NotesRepository {
    func allNotes() async throws -> [Note]
    func save(_ note: Note) async throws
}

final class InMemoryNotesRepository: NotesRepository {
    private var notes: [UUID: Note] = [:]

    func allNotes() async throws -> [Note] {
        Array(notes.values)
    }

    func save(_ note: Note) async throws {
        notes[note.id] = note
    }
}
