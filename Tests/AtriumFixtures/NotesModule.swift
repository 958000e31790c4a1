import AtriumSDK
import Foundation

/// A fixture module that exercises the SDK: a configuration section, an entry scene with a form
/// and field validation, typed parameters, a guarded route, a failing scene, hostile content, a
/// use-case factory, records and a migration. Not a module in Modules/.
struct NotesModule: AtriumModule {
    struct Configuration: ModuleConfiguration {
        var greeting: String?
        var limit = 10
        var showsTips = false
        var settingsRoute: RouteName?
        var hostileText: String?

        func problems() -> [SettingProblem] {
            greeting == nil ? [SettingProblem(key: "greeting", message: "is missing", fix: "add `greeting: <text>` under `notes`")] : []
        }
    }

    /// Adds " (beta)" to the greeting: a feature flag, off unless the configuration sets it.
    static let beta = FeatureFlag("beta", description: "The greeting says (beta)", defaultValue: false)

    static let manifest = ModuleManifest(id: "notes", title: "Notes", version: "1.0.0", binds: ["notes", "notes.item"], flags: [beta])

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

        let list = registrar.page("/notes", name: "notes")
        let add = registrar.action("/notes")
        registrar.scene(
            "list",
            title: "Notes",
            isEntry: true,
            model: { context in NotesModel(book: try context.make(NoteBook.self), greeting: configuration.greeting ?? "", page: list()) },
            view: NotesView(add: add, settingsRoute: configuration.settingsRoute, hostileText: configuration.hostileText),
            routes: [.page(list), .action(add, NotesModel.Action.add)]
        )

        let item = registrar.page("/notes/items/{id:int}", parameters: ItemNumber.self, name: "notes.item")
        registrar.scene("item", title: "Item", model: { _ in ItemModel(kind: .item) }, view: ItemView(title: "Item"), routes: [.page(item)])
        let tag = registrar.page("/notes/tags/{tag}", parameters: TagName.self)
        registrar.scene("tag", title: "Tag", model: { _ in ItemModel(kind: .tag) }, view: ItemView(title: "Tag"), routes: [.page(tag)])

        let secret = registrar.page("/notes/private", guard: .signedIn)
        registrar.scene(
            "private", title: "Private", model: { _ in ItemModel(kind: .plain) }, view: ItemView(title: "Private"), routes: [.page(secret)])

        let broken = registrar.page("/notes/broken")
        registrar.scene("broken", title: "Broken", model: { _ in BrokenModel() }, view: ItemView(title: "Broken"), routes: [.page(broken)])
    }
}
