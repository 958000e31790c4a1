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
        registrar.get("/notes/items/{id:int}", name: "notes.item", scene: item)
        registrar.get("/notes/tags/{tag}", scene: item)

        let secret = registrar.scene("private", title: "Private", model: { _ in ItemModel() }, view: ItemView())
        registrar.get("/notes/private", guard: .signedIn, scene: secret)

        let broken = registrar.scene("broken", title: "Broken", model: { _ in BrokenModel() }, view: ItemView())
        registrar.get("/notes/broken", scene: broken)
    }
}
