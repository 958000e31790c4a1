import AtriumSDK
import Foundation

/// A use case: the visitor's notes.
struct NoteBook: Sendable {
    let records: any RecordStore
    let limit: Int

    func all() async throws -> [Note] { try await records.records(Note.self, in: "notes") }

    func add(_ text: String) async throws {
        let count = try await all().count
        try await records.save(Note(text: text), id: String(format: "%06d", count), in: "notes")
    }
}
