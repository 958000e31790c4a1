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

    static let manifest = ModuleManifest(
        id: "notes", title: "Notes", version: "1.0.0", binds: ["notes", "notes.item"], flags: [beta],
        collections: [StoredCollection("notes", holds: "each visitor's notes")])

    func register(in registrar: any ModuleRegistrar, configuration: Configuration) async throws {
        registrar.migration(
            StorageMigration.expand("1-uppercase") { migrator in
                try await migrator.rewrite(collection: "notes") { _, json in
                    var note = try JSONDecoder().decode(Note.self, from: json)
                    note.text = note.text.uppercased()
                    return try JSONEncoder().encode(note)
                }
            })
        let view = NotesView(settingsRoute: configuration.settingsRoute, hostileText: configuration.hostileText)
        let bootLogger = registrar.logger
        registrar.scene(NotesScene.self) { context in
            NotesScene(
                book: NoteBook(records: context.storage, limit: configuration.limit, logger: bootLogger), greeting: configuration.greeting ?? "",
                view: view)
        }
        registrar.scene(ItemScene.self) { _ in ItemScene() }
        registrar.scene(TagScene.self) { _ in TagScene() }
        registrar.scene(PrivateScene.self) { _ in PrivateScene() }
        registrar.scene(BrokenScene.self) { _ in BrokenScene() }
    }
}
