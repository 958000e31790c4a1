import AtriumStorage
import AtriumTestKit
import Foundation
import Testing

@testable import AtriumHost

/// The fleet list (`atrium hosts`): each host records itself and renews its place; one that stops
/// cleanly leaves at once, one that dies drops out once it misses its beats, on SQLite and PostgreSQL.
@Suite("The fleet list")
struct HostFleetTests {
    private func member(_ id: String, lastSeen: Double, state: String = "serving") -> FleetMember {
        FleetMember(
            id: id, address: "http://10.0.0.1:8080", machine: "web-1", pid: 42, build: "1.0+abc", modules: ["login": "1.2.0", "cookbook": "2.0"],
            state: state, startedAt: lastSeen - 60, lastSeen: lastSeen)
    }

    @Test(arguments: TestStorage.available)
    func hostsRecordThemselvesLeaveWhenTheyStopAndDropOutWhenTheyDie(storage: TestStorage) async throws {
        let host = try await TestHost.boot(modules: Fixture.catalog, configuration: Fixture.notesAndAccounts, storage: storage)
        defer { host.tearDown() }
        let now = Date().timeIntervalSince1970
        try await HostFleet.prepare(host.storage)
        try await HostFleet.record(member("a", lastSeen: now - 1), on: host.storage)
        try await HostFleet.record(member("b", lastSeen: now - 2), on: host.storage)
        try await HostFleet.record(member("dead", lastSeen: now - 16), on: host.storage)
        #expect(try await HostFleet.live(on: host.storage, now: now).map(\.id) == ["b", "a"], "the longest running first; the dead one is left out")
        #expect(try await HostFleet.live(on: host.storage, now: now).first?.modules == ["login": "1.2.0", "cookbook": "2.0"])

        try await HostFleet.record(member("a", lastSeen: now, state: "draining"), on: host.storage)
        #expect(try await HostFleet.live(on: host.storage, now: now).first { $0.id == "a" }?.state == "draining", "a beat renews the row")
        try await HostFleet.leave("a", on: host.storage)
        #expect(try await HostFleet.live(on: host.storage, now: now).map(\.id) == ["b"], "a host that stops leaves at once")
        #expect(try await HostFleet.live(on: host.storage, now: now + 20).isEmpty, "one that stops beating drops out")
    }
}
