import AtriumSDK
import Foundation

/// A fixture module that exercises the SDK: a configuration section, an entry scene with a form
/// and field validation, typed parameters, a guarded route, a failing scene, hostile content, a
/// use-case factory, records and a migration. Not a module in Modules/.
struct NotesModule: AtriumModule {
    struct Configuration: Decodable, Sendable {
        var greeting: String
        var limit: Int
        var showsTips: Bool
        var settingsRoute: RouteName?
        var hostileText: String?

        enum CodingKeys: String, CodingKey { case greeting, limit, showsTips, settingsRoute, hostileText }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            greeting = try container.decode(String.self, forKey: .greeting)
            limit = try container.decodeIfPresent(Int.self, forKey: .limit) ?? 10
            showsTips = try container.decodeIfPresent(Bool.self, forKey: .showsTips) ?? false
            settingsRoute = try container.decodeIfPresent(RouteName.self, forKey: .settingsRoute)
            hostileText = try container.decodeIfPresent(String.self, forKey: .hostileText)
        }
    }

    static let manifest = ModuleManifest(id: "notes", title: "Notes", version: "1.0.0", binds: ["notes"])

    func register(in registrar: ModuleRegistrar, configuration: Configuration) async throws {
        registrar.factory(NoteBook.self) { context in NoteBook(records: context.storage, limit: configuration.limit) }
        registrar.migration(
            StorageMigration(id: "1-uppercase") { migrator in
                try await migrator.rewrite(collection: "notes") { _, json in
                    var note = try JSONDecoder().decode(Note.self, from: json)
                    note.text = note.text.uppercased()
                    return try JSONEncoder().encode(note)
                }
            })

        let notes = registrar.scene(
            "list",
            title: "Notes",
            isEntry: true,
            model: { context in NotesModel(book: try context.make(NoteBook.self), greeting: configuration.greeting) },
            view: NotesView(settingsRoute: configuration.settingsRoute, hostileText: configuration.hostileText)
        )
        registrar.get("/notes", name: "notes", scene: notes)
        registrar.post("/notes", scene: notes, action: NotesModel.Add.self) { model, action, context in
            try await model.add(action, context: context)
        }

        let item = registrar.scene("item", title: "Item", model: { _ in ItemModel() }, view: ItemView())
        registrar.get("/notes/items/{id:int}", scene: item)
        registrar.get("/notes/tags/{tag}", scene: item)

        let secret = registrar.scene("private", title: "Private", model: { _ in ItemModel() }, view: ItemView())
        registrar.get("/notes/private", guard: .signedIn, scene: secret)

        let broken = registrar.scene("broken", title: "Broken", model: { _ in BrokenModel() }, view: ItemView())
        registrar.get("/notes/broken", scene: broken)
    }
}

struct Note: Codable, Sendable, Equatable {
    var text: String
}

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

struct NotesView: SceneView {
    let settingsRoute: RouteName?
    let hostileText: String?

    func screen(for state: NotesModel.State, context: ViewContext) -> Screen {
        var content: [UINode] = [
            .text(Text(state.greeting)),
            .list(ItemList(title: "Your notes", content: state.notes.map { .card(Card(content: [.text(Text($0.text))])) })),
            .form(
                Form(
                    action: .route("notes"),
                    content: [
                        .field(Field(name: "text", label: "New note", value: state.draft, error: state.error)),
                        .toggle(Toggle(name: "pinned", label: "Pinned", isOn: false)),
                        .button(Button("Add")),
                    ]
                )
            ),
        ]
        if let hostileText {
            content += [
                .heading(Heading(hostileText)),
                .image(Image(source: "https://img.example/a.png?q=\"><b>", alt: hostileText)),
                .image(Image(source: "/assets/x.png?\(hostileText)", alt: hostileText)),
                .field(Field(name: "hostile", label: hostileText, value: hostileText, placeholder: hostileText)),
                .link(Link(hostileText, to: .path("/notes?q=\(hostileText)"))),
                .money(Money(minorUnits: 1023, currency: "GBP")),
            ]
        }
        let toolbar: [UINode] = settingsRoute.map { [.link(Link("Settings", to: .route($0), style: .icon))] } ?? []
        return Screen(title: "Notes", toolbar: toolbar, content: content)
    }
}

struct ItemModel: SceneModel {
    func load(_ context: SceneContext) async throws -> SceneState<String> {
        if let id = context.parameters["id"] { return .loaded("Item \(try context.parameters.int("id")) (\(id))") }
        if let tag = context.parameters["tag"] { return .loaded("Tag \(tag)") }
        return .loaded("Private page")
    }
}

struct ItemView: SceneView {
    func screen(for state: String, context: ViewContext) -> Screen {
        Screen(title: context.sceneTitle, content: [.text(Text(state))])
    }
}

struct BrokenModel: SceneModel {
    struct Failure: Error {}

    func load(_ context: SceneContext) async throws -> SceneState<String> {
        throw Failure()
    }
}
