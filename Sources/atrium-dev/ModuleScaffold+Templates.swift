/// The texts of the files `atrium new-module` writes, with `__NAME__` and `__ID__` for the module's
/// name and id.
extension ModuleScaffold {
    static let moduleFile = #"""
        import AtriumSDK
        import Foundation

        /// __NAME__: a page where visitors keep short notes. Written by `atrium new-module`; make it
        /// yours. Modules/Pilot shows more (a configuration file read at boot, live validation); `atrium
        /// new-scene __NAME__ <Name>` adds a scene.
        public struct __NAME__Module: AtriumModule {
            public typealias Configuration = __NAME__Configuration

            public static let manifest = ModuleManifest(
                id: "__ID__", title: "__NAME__", version: "0.1.0", binds: ["__ID__"],
                // Every collection the module writes is declared: the host refuses a write to any other.
                collections: [StoredCollection(Stored__NAME__Notes.collection, holds: "each visitor's notes")])

            /// Its wording in other languages: `Resources/Localizable.xcstrings`, compiled when the module
            /// is built (Documentation/languages.md).
            public static var translations: ModuleTranslations? { Localizable.translations }

            public init() {}

            public func register(in registrar: any ModuleRegistrar, configuration: Configuration) async throws {
                // Use cases: made for each request, on the records of whoever is asking.
                @Sendable func notes(_ context: SceneContext) -> __NAME__Notes {
                    __NAME__Notes(repository: Stored__NAME__Notes(records: context.storage), limit: configuration.limit)
                }

                // Storage migrations, each with its kind (Documentation/modules.md, "Changing a record across a deploy"):
                // `.expand` adds only and runs in the background as soon as a host of this version
                // serves; `.contract` removes what an older version reads and waits until no host of
                // an older version serves. This one works on the JSON, so fields a newer version
                // added to a note stay.
                registrar.migration(
                    .expand("1-trim-notes") { migrator in
                        try await migrator.rewrite(collection: Stored__NAME__Notes.collection) { _, json in
                            guard var notes = try JSONSerialization.jsonObject(with: json) as? [[String: Any]] else { return json }
                            for index in notes.indices {
                                if let text = notes[index]["text"] as? String { notes[index]["text"] = text.trimmingCharacters(in: .whitespaces) }
                            }
                            return try JSONSerialization.data(withJSONObject: notes)
                        }
                    })

                // Scenes.
                registrar.scene(NotesScene.self) { context in NotesScene(notes: notes(context)) }
            }
        }

        """#

    static let configuration = #"""
        import AtriumSDK

        /// The `__ID__` section of the configuration file.
        public struct __NAME__Configuration: ModuleConfiguration {
            /// How many notes a visitor keeps; the oldest go first.
            public var limit = 20

            public static let settingDescriptions = ["limit": "How many notes a visitor keeps (1…1000); the oldest go first"]

            public init() {}

            public func problems() -> [SettingProblem] {
                (1...1000).contains(limit) ? [] : [SettingProblem(key: "limit", message: "is \(limit)", fix: "a number from 1 to 1000")]
            }
        }

        """#

    static let note = #"""
        import Foundation

        /// One note a visitor kept. During a deploy two versions of the module share the notes: a
        /// field added later is optional (a note saved before reads it as nil), or has its default
        /// in `RecordDefaults` on the stored type; saving keeps the fields a newer version added.
        public struct __NAME__Note: Codable, Sendable, Hashable {
            public var text: String

            public init(text: String) { self.text = text }
        }

        """#

    static let repository = #"""
        import Foundation

        /// Where the current visitor's (or signed-in user's) notes are kept.
        public protocol __NAME__NoteRepository: Sendable {
            func all() async throws -> [__NAME__Note]
            /// Adds `note` as one step (two adds at once both count), keeping the newest `limit`.
            func add(_ note: __NAME__Note, keepingNewest limit: Int) async throws
        }

        """#

    static let useCase = #"""
        import AtriumSDK
        import Foundation

        /// The notes use case: what a note may be, and the visitor's notes.
        public struct __NAME__Notes: Sendable {
            /// Why a note was refused.
            public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
                case empty
                case tooLong

                public var description: String { message.text }

                /// What the visitor reads, in words a translation replaces.
                public var message: Wording {
                    switch self {
                    case .empty: "Write something first."
                    case .tooLong: "A note has at most \(__NAME__Notes.maximumLength) characters."
                    }
                }
            }

            public static let maximumLength = 280

            let repository: any __NAME__NoteRepository
            let limit: Int

            public init(repository: any __NAME__NoteRepository, limit: Int) {
                self.repository = repository
                self.limit = limit
            }

            public func all() async throws -> [__NAME__Note] { try await repository.all() }

            /// Adds a note, or says why it cannot be one (nothing is saved then).
            public func add(_ text: String) async throws -> Problem? {
                let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if trimmed.isEmpty { return .empty }
                if trimmed.count > Self.maximumLength { return .tooLong }
                try await repository.add(__NAME__Note(text: trimmed), keepingNewest: limit)
                return nil
            }
        }

        """#

    static let storedNotes = #"""
        import AtriumSDK

        /// The notes in the module's records of the current owner (visitor or signed-in user).
        struct Stored__NAME__Notes: __NAME__NoteRepository {
            let records: any RecordStore

            static let collection = "notes"
            static let id = "all"

            func all() async throws -> [__NAME__Note] {
                try await records.record([__NAME__Note].self, id: Self.id, in: Self.collection) ?? []
            }

            func add(_ note: __NAME__Note, keepingNewest limit: Int) async throws {
                try await records.update([__NAME__Note].self, id: Self.id, in: Self.collection) { stored in
                    let notes = (stored ?? []) + [note]
                    stored = Array(notes.suffix(limit))
                }
            }
        }

        """#

    static let scene = #"""
        import AtriumSDK

        /// The visitor's notes, newest first, and a form to add one.
        struct NotesScene: Scene {
            /// What the notes page shows.
            struct State: Hashable, Sendable {
                var notes: [__NAME__Note]
                var draft = ""
                var error: Wording?
            }

            enum Action: Sendable {
                case add(NoteFields)
            }

            static let id = "notes"
            static let title: Wording = "__NAME__"
            static let isEntry = true
            static let page = Route.page("/__ID__", name: "__ID__")
            static let add = Route.action("/__ID__/notes")
            static var routes: [SceneRoute<Self>] { [.page(page), .action(add, Action.add)] }

            let notes: __NAME__Notes
            var view: NotesView { NotesView() }

            func load(_ context: SceneContext) async throws -> SceneState<State> {
                .loaded(State(notes: try await notes.all().reversed()))
            }

            func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<State> {
                switch action {
                case .add(let fields):
                    let text = fields.text ?? ""
                    guard let problem = try await notes.add(text) else { return .navigate(Self.page()) }
                    // The form again with what was typed (cut to the limit) and why it was refused.
                    let draft = String(text.prefix(__NAME__Notes.maximumLength))
                    return .invalid(State(notes: try await notes.all().reversed(), draft: draft, error: problem.message))
                }
            }
        }

        """#

    static let view = #"""
        import AtriumSDK

        /// The notes page: the form, then the notes (data, shown as written), newest first.
        struct NotesView: SceneView {
            func screen(for state: NotesScene.State) -> Screen {
                Screen(
                    title: "__NAME__",
                    content: [
                        .form(
                            Form(
                                action: NotesScene.add(),
                                content: [
                                    .field(
                                        Field(
                                            .text, name: "text", label: "Note", value: state.draft, error: state.error,
                                            maxLength: __NAME__Notes.maximumLength)),
                                    .button(Button("Add")),
                                ]
                            )
                        ),
                        state.notes.isEmpty
                            ? .text(Text("No notes yet.", style: .caption))
                            : .list(ItemList(title: "Your notes", content: state.notes.map { .text(Text(verbatim: $0.text)) })),
                    ]
                )
            }
        }

        """#

    static let fields = #"""
        /// The form as posted (form fields or JSON); a missing field counts as empty.
        struct NoteFields: Decodable, Sendable, Equatable {
            var text: String?
        }

        """#

    static let useCaseTests = #"""
        import Testing

        @testable import __NAME__

        @Suite("__NAME__'s notes")
        struct __NAME__NotesTests {
            actor Notes: __NAME__NoteRepository {
                var saved: [__NAME__Note] = []
                func all() -> [__NAME__Note] { saved }
                func add(_ note: __NAME__Note, keepingNewest limit: Int) { saved = Array((saved + [note]).suffix(limit)) }
            }

            @Test func aNoteIsTrimmedAndTheOldestGoWhenThereAreTooMany() async throws {
                let repository = Notes()
                let notes = __NAME__Notes(repository: repository, limit: 2)
                for text in ["  one  ", "two", "three"] { #expect(try await notes.add(text) == nil) }
                #expect(try await notes.all().map(\.text) == ["two", "three"])
            }

            @Test func anEmptyOrOverlongNoteIsRefusedAndNothingIsSaved() async throws {
                let repository = Notes()
                let notes = __NAME__Notes(repository: repository, limit: 2)
                #expect(try await notes.add(" \n ") == .empty)
                #expect(try await notes.add(String(repeating: "x", count: __NAME__Notes.maximumLength + 1)) == .tooLong)
                #expect(try await notes.all().isEmpty)
            }
        }

        """#

    /// The module's String Catalog: the words of its views, in Spanish too.
    static let translations = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "No notes yet." : {
              "localizations" : {
                "es" : { "stringUnit" : { "state" : "translated", "value" : "Aún no hay notas." } }
              }
            },
            "Write something first." : {
              "localizations" : {
                "es" : { "stringUnit" : { "state" : "translated", "value" : "Escribe algo primero." } }
              }
            }
          },
          "version" : "1.0"
        }

        """#

    static let sceneTests = #"""
        import AtriumSDK
        import AtriumTestKit
        import Testing

        @testable import __NAME__

        @Suite("__NAME__'s notes scene")
        struct NotesSceneTests {
            let storage = InMemoryRecordStore(declaredIn: __NAME__Module.manifest)

            var test: SceneTest<NotesScene> {
                SceneTest(
                    NotesScene(notes: __NAME__Notes(repository: Stored__NAME__Notes(records: storage), limit: 2)),
                    context: .testing(moduleID: "__ID__", storage: storage), exhaustive: true)
            }

            @Test func aNoteAddedIsShownNewestFirst() async throws {
                #expect(await test.open(NotesScene.page).screen?.shows("No notes yet.") == true)
                for text in ["one", "two"] {
                    let added = await test.submit(NotesScene.add, form: ["text": text])
                    // Exhaustive: the note written and the redirect must be asserted, or the test fails.
                    added.expect(.wrote(collection: "notes", id: "all"), .redirected(to: NotesScene.page()))
                }
                let screen = try #require(await test.load().screen)
                #expect(screen.texts.suffix(2) == ["two", "one"])
            }

            @Test func theWordsAreTranslatedAndTheNotesAreNot() async throws {
                let empty = try #require(await test.load().screen).translated(into: "es", by: __NAME__Module.self)
                #expect(empty.shows("Aún no hay notas."))
                await test.submit(NotesScene.add, form: ["text": "one"]).expect(.wrote(collection: "notes", id: "all"), .redirected(to: NotesScene.page()))
                let one = try #require(await test.load().screen).translated(into: "es", by: __NAME__Module.self)
                #expect(one.texts.last == "one")
            }

            @Test func anEmptyNoteIsRefusedWithTheFieldsError() async throws {
                let refused = await test.submit(NotesScene.add, form: ["text": "  "])
                #expect(refused.status == 422)
                #expect(refused.screen?.field(named: "text")?.error == "Write something first.")
            }
        }

        """#

    static let hostTests = #"""
        import AtriumSDK
        import AtriumTestKit
        import Testing

        @testable import __NAME__

        @Suite("__NAME__ served by the host")
        struct __NAME__HostTests {
            @Test func aVisitorAddsANoteAndSeesIt() async throws {
                let host = try await TestHost.boot(modules: [__NAME__Module.self], configuration: "modules: [__ID__]\n")
                defer { host.tearDown() }
                try await host.run { browser in
                    let empty = try await browser.getScreen("/__ID__")
                    #expect(empty.status == 200)
                    #expect(try empty.screen.title == "__NAME__")
                    let added = try await browser.post("/__ID__/notes", form: ["text": "Buy <milk>"])
                    #expect(added.status == 303 && added.location == "/__ID__")
                    #expect(try await browser.getScreen("/__ID__").screen.shows("Buy <milk>"))
                    let refused = try await browser.postForScreen("/__ID__/notes", form: ["text": "   "])
                    #expect(refused.status == 422)
                    #expect(try refused.screen.field(named: "text")?.error == "Write something first.")
                }
            }
        }

        """#
}
