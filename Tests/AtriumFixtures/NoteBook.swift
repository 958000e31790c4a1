import AtriumSDK
import Foundation
import Logging

/// A use case: the visitor's notes.
struct NoteBook: Sendable {
    let records: any RecordStore
    let limit: Int
    /// The module's logger from boot: its lines written for a request still carry the request's id.
    var logger: Logger?

    func all() async throws -> [Note] { try await records.records(Note.self, in: "notes") }

    func add(_ text: String) async throws {
        let count = try await all().count
        try await records.save(Note(text: text), id: String(format: "%06d", count), in: "notes")
        logger?.info("note stored", metadata: ["count": "\(count + 1)"])
    }
}
