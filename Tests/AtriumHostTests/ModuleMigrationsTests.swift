import AtriumSDK
import AtriumStorage
import AtriumTestKit
import Foundation
import Logging
import Synchronization
import Testing

@testable import AtriumHost

/// Migrations across a rolling deploy: an expand migration runs at once; a contract migration waits
/// while a live host serving its module lacks it, and the ones after it wait for it; a build that
/// lacks an applied contract migration is refused, on SQLite and PostgreSQL.
@Suite("Module migrations")
struct ModuleMigrationsTests {
    struct Note: Codable, Sendable, Equatable {
        var text: String
        var old: String?
    }

    private let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    private func host(_ id: String, modules: [String: String], knowing migrations: [String], now: Double) -> FleetMember {
        FleetMember(
            id: id, address: "http://10.0.0.\(id.count):8080", machine: "web", pid: 1, build: "v1", modules: modules, state: "serving",
            startedAt: now - 60, lastSeen: now, migrations: migrations)
    }

    @Test(arguments: TestStorage.available)
    func aContractMigrationWaitsForEveryLiveHostServingItsModuleToKnowIt(_ backend: TestStorage) async throws {
        let storage = try await backend.open(name: UUID().uuidString)
        defer { try? storage.close() }
        try await HostFleet.prepare(storage)
        let notes = storage.records(module: "notes", owner: .shared)
        try await notes.save(Note(text: "a", old: "x"), id: "1", in: "notes")
        let contracts = Atomic<Int>(0)
        let declared: ModuleMigrations.Declared = [
            (
                "notes",
                [
                    .expand("1-copy") { migrator in
                        try await migrator.rewrite(collection: "notes") { _, json in
                            var note = try JSONDecoder().decode(Note.self, from: json)
                            note.text += "+"
                            return try JSONEncoder().encode(note)
                        }
                    },
                    .contract("2-drop-old") { migrator in
                        contracts.add(1, ordering: .relaxed)
                        try await migrator.rewrite(collection: "notes") { _, json in
                            var note = try JSONDecoder().decode(Note.self, from: json)
                            note.old = nil
                            return try JSONEncoder().encode(note)
                        }
                    },
                    .expand("3-after") { _ in },
                ]
            )
        ]
        let now = Date().timeIntervalSince1970
        // v1 knows only the expand migration; a host serving other modules does not count.
        try await HostFleet.record(host("old", modules: ["notes": "1"], knowing: ["notes/1-copy"], now: now), on: storage)
        try await HostFleet.record(host("elsewhere", modules: ["cookbook": "1"], knowing: [], now: now), on: storage)

        #expect(await !ModuleMigrations.runReady(declared, on: storage, host: "new", retryingFailed: true, logger: quiet))
        let entries = ModuleMigrations.entries(
            of: declared, records: try await storage.migrationRecords(), live: try await HostFleet.live(on: storage), host: "new",
            retryingFailed: false)
        #expect(entries.map(\.state) == ["applied", "waiting", "waiting"])
        #expect(entries[1].reason.contains("old") && !entries[1].reason.contains("elsewhere"), "\(entries[1].reason)")
        #expect(entries[2].reason == "waits for notes/2-drop-old")
        #expect(try await notes.record(Note.self, id: "1", in: "notes") == Note(text: "a+", old: "x"), "the expand ran; v1's field is still there")
        #expect(contracts.load(ordering: .relaxed) == 0)

        try await HostFleet.leave("old", on: storage)
        #expect(await ModuleMigrations.runReady(declared, on: storage, host: "new", retryingFailed: true, logger: quiet))
        #expect(contracts.load(ordering: .relaxed) == 1)
        #expect(try await notes.record(Note.self, id: "1", in: "notes") == Note(text: "a+", old: nil))
        let records = try await storage.migrationRecords()
        #expect(Set(records.map(\.id)) == ["1-copy", "2-drop-old", "3-after"])
        #expect(records.first { $0.id == "2-drop-old" }?.kind == .contract)
        #expect(await ModuleMigrations.runReady(declared, on: storage, host: "new", retryingFailed: true, logger: quiet))
        #expect(contracts.load(ordering: .relaxed) == 1, "once")

        // v1 again (a rollback past the contract) is refused, naming it; an expand it lacks is no reason.
        let v1: ModuleMigrations.Declared = [("notes", [.expand("1-copy") { _ in }])]
        #expect(throws: ModuleMigrations.OlderThanData.self) { try ModuleMigrations.refuseOlderBuild(v1, records: records) }
        do {
            try ModuleMigrations.refuseOlderBuild(v1, records: records)
        } catch {
            #expect("\(error)".contains("notes/2-drop-old") && !"\(error)".contains("3-after"))
        }
        try ModuleMigrations.refuseOlderBuild(v1, records: records.filter { $0.kind == .expand })
        let shown = ModuleMigrations.entries(of: v1, records: records, live: [], host: nil, retryingFailed: false)
        #expect(shown.filter { $0.state == "unknown to this build" }.map(\.id) == ["2-drop-old", "3-after"])
    }

    @Test func aFailedMigrationIsShownWithItsErrorAndTheNextBootTriesItAgain() async throws {
        struct Broken: Error {}
        let storage = try await TestStorage.sqlite.open(name: UUID().uuidString)
        defer { try? storage.close() }
        try await HostFleet.prepare(storage)
        let tries = Atomic<Int>(0)
        let declared: ModuleMigrations.Declared = [
            ("notes", [.expand("1") { _ in if tries.add(1, ordering: .relaxed).newValue == 1 { throw Broken() } }, .expand("2") { _ in }])
        ]
        #expect(await !ModuleMigrations.runReady(declared, on: storage, host: nil, retryingFailed: true, logger: quiet))
        #expect(tries.load(ordering: .relaxed) == 1, "tried once in a pass, not again and again")
        let entries = ModuleMigrations.entries(
            of: declared, records: try await storage.migrationRecords(), live: [], host: nil, retryingFailed: false)
        #expect(entries.map(\.state) == ["failed", "waiting"])
        #expect(entries[0].reason.contains("Broken"))
        #expect(await !ModuleMigrations.runReady(declared, on: storage, host: nil, retryingFailed: false, logger: quiet), "a beat leaves it")
        #expect(tries.load(ordering: .relaxed) == 1)
        #expect(await ModuleMigrations.runReady(declared, on: storage, host: nil, retryingFailed: true, logger: quiet), "a boot tries again")
        #expect(try await storage.migrationRecords().allSatisfy { $0.state == .applied })
    }
}
