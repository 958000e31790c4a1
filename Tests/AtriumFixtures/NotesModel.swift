import AtriumSDK
import Foundation

struct NotesModel: SceneModel {
    struct State: Sendable, Equatable {
        var greeting: String
        var notes: [Note]
        var draft = ""
        var error: String?
    }

    struct Add: Decodable, Sendable {
        var text: String
        var pinned: Bool?
    }

    let book: NoteBook
    let greeting: String

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        .loaded(State(greeting: greeting, notes: try await book.all()))
    }

    func add(_ action: Add, context: SceneContext) async throws -> ActionOutcome<State> {
        let text = action.text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else {
            return .invalid(State(greeting: greeting, notes: try await book.all(), draft: action.text, error: "Write something first."))
        }
        try await book.add(text)
        return .navigate(.route("notes"))
    }
}
