import AtriumSDK
import Foundation

/// The fixture's entry scene: a list of notes and a form to add one.
struct NotesScene: Scene {
    struct State: Sendable, Equatable {
        var greeting: String
        var notes: [Note]
        var draft = ""
        var error: String?
    }

    enum Action: Sendable {
        case add(Add)
    }

    struct Add: Decodable, Sendable {
        var text: String
        var pinned: Bool?
    }

    static let id = "list"
    static let title: Wording = "Notes"
    static let isEntry = true
    static let page = Route.page("/notes", name: "notes")
    static let add = Route.action("/notes")
    static var routes: [SceneRoute<Self>] { [.page(page), .action(add, Action.add)] }

    let book: NoteBook
    let greeting: String
    let view: NotesView

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        .loaded(State(greeting: greeting + (try await context.isOn(NotesModule.beta) ? " (beta)" : ""), notes: try await book.all()))
    }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<State> {
        guard case .add(let fields) = action else { return .navigate(Self.page()) }
        let text = fields.text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else {
            context.logger.notice("empty note refused")
            return .invalid(State(greeting: greeting, notes: try await book.all(), draft: fields.text, error: "Write something first."))
        }
        try await book.add(text)
        return .navigate(Self.page())
    }
}
