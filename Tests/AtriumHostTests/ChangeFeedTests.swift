import AtriumPostgres
import AtriumSDK
import AtriumTestKit
import Foundation
import Synchronization
import Testing

@_spi(AtriumHost) @testable import AtriumHost
@testable import AtriumStorage

/// The change feed on both backends: a committed write announces once, a rolled-back one nothing;
/// on PostgreSQL a second host sees the change, and a listener that was cut off drops what it
/// cannot vouch for.
@Suite("Change feed")
struct ChangeFeedTests {
    struct Counter: Codable, Sendable, Equatable { var value: Int }
    struct Undo: Error {}

    /// What a watcher heard.
    final class Heard: Sendable {
        private let kept = Mutex<[RecordChange]>([])
        var changes: [RecordChange] { kept.withLock { $0 } }
        func append(_ change: RecordChange) { kept.withLock { $0.append(change) } }
        func count(_ id: String) -> Int { changes.filter { $0.id == id }.count }
    }

    static func vouched(_ storages: (any HostStorage)...) async throws {
        let all = storages
        #expect(try await eventually { all.allSatisfy { $0.changes.isVouched } }, "the listeners listen")
    }

    @Test(arguments: TestStorage.available)
    func aCommittedWriteAnnouncesOnceAndARolledBackOneNothing(_ backend: TestStorage) async throws {
        let storage = try await backend.open(name: UUID().uuidString)
        defer { try? storage.close() }
        try await Self.vouched(storage)
        let heard = Heard()
        storage.changes.watch(module: "m", collection: "c") { heard.append($0) }
        let store = storage.records(module: "m", owner: .shared)
        try await store.save(Counter(value: 1), id: "a", in: "c")
        try await store.save(Counter(value: 1), id: "elsewhere", in: "other")
        #expect(heard.changes == [RecordChange(collection: "c", id: "a")])

        await #expect(throws: Undo.self) {
            try await store.transaction {
                try await store.save(Counter(value: 2), id: "b", in: "c")
                throw Undo()
            }
        }
        try await store.transaction {
            try await store.save(Counter(value: 3), id: "d", in: "c")
            _ = try await store.update(Counter.self, id: "e", in: "c") { $0 = Counter(value: 4) }
            #expect(heard.count("d") == 0, "nothing before the commit")
        }
        #expect(heard.count("b") == 0, "rolled back: nothing")
        #expect(heard.count("d") == 1 && heard.count("e") == 1, "committed: once each")
        // This host's own notifications come back on PostgreSQL; they are not announced again.
        try await Task.sleep(for: .milliseconds(200))
        #expect(heard.changes.count == 3)
    }

    @Test(arguments: TestStorage.available)
    func aCachedRecordIsForgottenWhenItIsWritten(_ backend: TestStorage) async throws {
        let storage = try await backend.open(name: UUID().uuidString)
        defer { try? storage.close() }
        try await Self.vouched(storage)
        let store = storage.records(module: "m", owner: .visitor("v"))
        let key = RecordCache.Key(module: "m", collection: "c", id: "x")
        #expect(try await store.record(Counter.self, id: "x", in: "c") == nil)
        #expect(storage.changes.records.entry(for: key, owner: "visitor:v") != nil, "an absent record is cached too")
        try await store.save(Counter(value: 1), id: "x", in: "c")
        #expect(storage.changes.records.entry(for: key, owner: "visitor:v") == nil)
        #expect(try await store.record(Counter.self, id: "x", in: "c") == Counter(value: 1))
        #expect(try await store.record(Counter.self, id: "x", in: "c") == Counter(value: 1))
    }

    @Test(.enabled(if: TestStorage.postgresURL != nil, "needs a PostgreSQL server (ATRIUM_TEST_POSTGRES_URL; run-all starts one)"))
    func anotherHostsWriteReachesThisHostsCacheAndACutListenerStartsOver() async throws {
        let (first, second) = try await StorageBackendTests.twoHosts(.postgres)
        defer {
            try? first.close()
            try? second.close()
        }
        try await Self.vouched(first, second)
        let heard = Heard()
        second.changes.watch(module: "m", collection: "c") { heard.append($0) }
        let onFirst = first.records(module: "m", owner: .visitor("v"))
        let onSecond = second.records(module: "m", owner: .visitor("v"))
        try await onFirst.save(Counter(value: 1), id: "x", in: "c")
        let key = RecordCache.Key(module: "m", collection: "c", id: "x")
        #expect(
            try await eventually {
                try await onSecond.record(Counter.self, id: "x", in: "c") == Counter(value: 1)
                    && second.changes.records.entry(for: key, owner: "visitor:v") != nil
            }, "the second host reads it, and keeps what it read")

        try await onFirst.save(Counter(value: 2), id: "x", in: "c")
        #expect(try await eventually { try await onSecond.record(Counter.self, id: "x", in: "c") == Counter(value: 2) })
        #expect(heard.count("x") >= 1)
        let before = second.changes.seen
        await #expect(throws: Undo.self) {
            try await onFirst.transaction {
                try await onFirst.save(Counter(value: 9), id: "x", in: "c")
                throw Undo()
            }
        }
        try await onFirst.save(Counter(value: 3), id: "y", in: "c")
        #expect(try await eventually { second.changes.seen == before + 1 }, "the rolled-back write took no position")
        #expect(try await onSecond.record(Counter.self, id: "x", in: "c") == Counter(value: 2))

        // Cut the second host's listening connection from the server's side.
        _ = try await onSecond.record(Counter.self, id: "y", in: "c")
        let doubts = second.changes.doubts
        let postgres = try #require(first as? PostgresStorage)
        let name = "atrium change listener \(second.changes.origin)"
        let cut = try await postgres.client.query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = \(name)", logger: postgres.logger)
        var terminated = 0
        for try await _ in cut { terminated += 1 }
        #expect(terminated == 1)
        #expect(try await eventually { second.changes.doubts == doubts + 1 }, "the host noticed")
        #expect(try await eventually { second.changes.isVouched }, "and listens again")
        #expect(
            second.changes.records.entry(for: RecordCache.Key(module: "m", collection: "c", id: "y"), owner: "visitor:v") == nil, "starting empty")
        #expect(heard.changes.contains(RecordChange(collection: "c", id: nil)), "watchers hear that anything may have changed")
        try await onFirst.save(Counter(value: 4), id: "x", in: "c")
        #expect(try await eventually { try await onSecond.record(Counter.self, id: "x", in: "c") == Counter(value: 4) })
    }

    @Test func changesSurviveTheirNotificationTextWhateverTheyHold() {
        let changes: [StorageChange] = [
            .record(module: "m", collection: "c\tx", owner: "visitor:a", id: "line\nbreak %09 \u{0} é"),
            .owners(["visitor:a", "user:b"]), .session(hash: "abc"), .everything,
        ]
        for change in changes { #expect(StorageChange(line: Substring(change.line)) == change) }
        let long = StorageChange.record(module: "m", collection: "c", owner: "user:u", id: String(repeating: "x", count: 5_000))
        #expect(StorageChange(line: Substring(long.line)) == .owners(["user:u"]), "too long: every record of its owner")
        #expect(StorageChange(line: "r\tonly-two") == nil)
        let many = (0..<2_000).map { StorageChange.record(module: "m", collection: "c", owner: "o", id: "record-\($0)") }
        let payloads = PostgresChangeAnnouncer.payloads(for: many + many)
        #expect(payloads.count > 1 && payloads.allSatisfy { $0.utf8.count <= PostgresChangeAnnouncer.longestPayload })
        #expect(payloads.flatMap { $0.split(separator: "\n") }.compactMap { StorageChange(line: $0) } == many, "each change once, in order")
    }
}
