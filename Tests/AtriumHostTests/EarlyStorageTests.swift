import Foundation
import Logging
import Testing

@testable import AtriumConfiguration
@_spi(AtriumHost) @testable import AtriumHost
@testable import AtriumRuntime
@testable import AtriumStorage

/// `atrium serve` opens an SQLite database that already exists on the other core while the modules
/// register, and hands it to the host once the configuration is valid.
@Suite("The database opened while the modules register")
struct EarlyStorageTests {
    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "atrium-early-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static func configuration(in folder: URL, _ sections: String) async throws -> ConfigurationSource {
        let file = folder.appending(path: "atrium.yaml")
        try (sections + "\nsecrets:\n  keyFile: \(folder.appending(path: "secret.key").path)\n").write(to: file, atomically: true, encoding: .utf8)
        return try await ConfigurationSource.load(path: file.path, environment: [:])
    }

    @Test func aDatabaseFileThatDoesNotExistYetIsNotOpenedEarlySoABadConfigurationCreatesNothing() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "atrium.sqlite").path
        let early = EarlyStorage()
        early.start(StorageSettings(path: path))
        #expect(try await early.take(path: path) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    @Test func anExistingDatabaseIsHandedOverOnceAndOnlyForItsOwnPath() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "atrium.sqlite").path
        try SQLiteStorage(path: path).close()

        let early = EarlyStorage()
        early.start(StorageSettings(path: path))
        let opened = try #require(try await early.take(path: path))
        #expect(opened.path == path)
        #expect(try await early.take(path: path) == nil, "handed over once")
        try opened.close()

        early.start(StorageSettings(path: path))
        #expect(try await early.take(path: folder.appending(path: "other.sqlite").path) == nil, "another file is not this one")
        early.start(StorageSettings(path: path))
        await early.discard()
        #expect(try await early.take(path: path) == nil, "a discarded database is closed, not handed over")
    }

    @Test func theHostsTablesAndSwitchesArePreparedAsItOpensAndHandedOverWithIt() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "atrium.sqlite").path
        let first = try SQLiteStorage(path: path)
        _ = try await SwitchBoard(storage: first).change(by: "test", reason: "a switch stored", what: "nothing") { _, _ in }
        try first.close()

        let early = EarlyStorage()
        early.start(StorageSettings(path: path), preparing: HostRuntime.prepareEarly)
        let opened = try #require(try await early.takePrepared(path: path))
        defer { try? opened.storage.close() }
        let prepared = try #require(opened.prepared as? HostRuntime.EarlyPreparation)
        #expect(prepared.switches?.generation == 1, "the switches as stored")
        #expect(prepared.migrationRecords?.isEmpty == true, "the migrations as stored: none ran")
        #expect(try await HostFleet.live(on: opened.storage).isEmpty, "the fleet list's table is made")

        struct Refused: Error {}
        try opened.storage.close()
        early.start(StorageSettings(path: path), preparing: { _ in throw Refused() })
        let unprepared = try #require(try await early.takePrepared(path: path), "a preparation that fails still hands the database over")
        #expect(unprepared.prepared == nil, "and the host prepares it itself")
        try unprepared.storage.close()
    }

    @Test func postgreSQLIsNotOpenedEarly() async throws {
        var settings = StorageSettings()
        settings.kind = .postgres
        settings.url = "postgres://atrium@127.0.0.1:1/atrium"
        let early = EarlyStorage()
        early.start(settings)
        #expect(try await early.take(path: settings.path) == nil)
    }

    @Test func theHostServesTheDatabaseOpenedWhileItsModulesRegistered() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "atrium.sqlite").path
        try SQLiteStorage(path: path).close()
        let source = try await Self.configuration(in: folder, "modules: [notes, accounts]\nnotes:\n  greeting: Hello\nstorage:\n  path: \(path)")

        let early = EarlyStorage()
        var readSettings: [HostSettings] = []
        let plan = try await HostPlan.prepare(
            source: source, catalog: Fixture.catalog.map(ModuleEntry.init), logger: Logger(label: "test"), settingsRead: { readSettings.append($0) })
        #expect(readSettings.map(\.storage.path) == [path])
        early.start(plan.settings.storage)

        let storage = try await HostRuntime(plan: plan, logger: Logger(label: "test"), earlyStorage: early).openStorage(serving: true)
        defer { try? storage.close() }
        #expect(try await early.take(path: path) == nil, "the host took the database opened early")
        #expect(storage.location == path)
        #expect(throws: SQLiteStorage.ClaimRefused.self, "the host claimed it for serving") {
            let second = try SQLiteStorage(path: path)
            defer { try? second.close() }
            try second.claimForServing()
        }
    }

    @Test func hostSettingsWithAProblemAreNotHandedOnSoNothingOpensEarly() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try await Self.configuration(in: folder, "modules: [notes]\nstorage:\n  kind: floppy\n")
        var readSettings: [HostSettings] = []
        await #expect(throws: ConfigurationError.self) {
            _ = try await HostPlan.prepare(
                source: source, catalog: Fixture.catalog.map(ModuleEntry.init), logger: Logger(label: "test"),
                settingsRead: { readSettings.append($0) })
        }
        #expect(readSettings.isEmpty)
    }
}
