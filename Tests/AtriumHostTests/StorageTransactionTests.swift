import AtriumHost
import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import AtriumFixtures

/// `RecordStore.transaction`, the contract every backend keeps: several writes, through any of a
/// module's stores, are stored together or not at all; a transaction reads its own writes; one
/// inside another is undone alone when it throws; parallel transactions on two hosts never lose or
/// mix a write.
@Suite("Storage transactions")
struct StorageTransactionTests {
    struct Counter: Codable, Sendable, Equatable { var value: Int }
    struct Refused: Error {}

    @Test(arguments: TestStorage.available)
    func everyWriteIsStoredOrNone(_ backend: TestStorage) async throws {
        let (storage, other) = try await StorageBackendTests.twoHosts(backend)
        defer {
            try? storage.close()
            try? other.close()
        }
        let orders = storage.records(module: "shop", owner: .visitor("v"))
        let stock = storage.records(module: "shop", owner: .shared)
        try await stock.save(Counter(value: 5), id: "tea", in: "stock")

        await #expect(throws: Refused.self) {
            try await orders.transaction {
                try await orders.save(Note(text: "tea"), id: "1", in: "orders")
                try await stock.update(Counter.self, id: "tea", in: "stock") { $0?.value -= 1 }
                try await stock.save(Note(text: "audit"), id: "1", in: "audit")
                // What it reads includes what it wrote.
                #expect(try await orders.record(Note.self, id: "1", in: "orders") == Note(text: "tea"))
                #expect(try await stock.record(Counter.self, id: "tea", in: "stock") == Counter(value: 4))
                throw Refused()
            }
        }
        #expect(try await orders.record(Note.self, id: "1", in: "orders") == nil, "the order is undone")
        #expect(try await stock.record(Counter.self, id: "tea", in: "stock") == Counter(value: 5), "and the stock with it")
        #expect(try await stock.records(Note.self, in: "audit").isEmpty)

        let left = try await orders.transaction {
            try await orders.save(Note(text: "tea"), id: "1", in: "orders")
            return try await stock.update(Counter.self, id: "tea", in: "stock") { counter -> Int in
                counter?.value -= 1
                return counter?.value ?? 0
            }
        }
        #expect(left == 4)
        // The other host sees both writes.
        #expect(try await other.records(module: "shop", owner: .visitor("v")).record(Note.self, id: "1", in: "orders") == Note(text: "tea"))
        #expect(try await other.records(module: "shop", owner: .shared).record(Counter.self, id: "tea", in: "stock") == Counter(value: 4))
    }

    @Test(arguments: TestStorage.available)
    func anInnerTransactionThatThrowsIsUndoneAloneAndTheOuterGoesOn(_ backend: TestStorage) async throws {
        let (storage, _) = try await StorageBackendTests.twoHosts(backend)
        defer { try? storage.close() }
        let store = storage.records(module: "m", owner: .shared)
        try await store.transaction {
            try await store.save(Note(text: "outer"), id: "outer", in: "notes")
            do {
                try await store.transaction {
                    try await store.save(Note(text: "inner"), id: "inner", in: "notes")
                    throw Refused()
                }
            } catch is Refused {}
            try await store.transaction { try await store.save(Note(text: "second inner"), id: "second", in: "notes") }
        }
        #expect(try await store.records(Note.self, in: "notes").map(\.text) == ["outer", "second inner"], "listed by id")
    }

    /// Each transaction moves one unit between two records: if any write were lost or another
    /// transaction's interleaved, the two would not add up.
    @Test(arguments: TestStorage.available)
    func parallelTransactionsOnTwoHostsKeepTheirWritesTogether(_ backend: TestStorage) async throws {
        let name = UUID().uuidString
        let (first, second) = (try await backend.open(name: name), try await backend.open(name: name))
        defer {
            try? first.close()
            try? second.close()
        }
        let stores = [first, second].map { $0.records(module: "bank", owner: .shared) }
        try await stores[0].save(Counter(value: 20), id: "a", in: "accounts")
        try await stores[0].save(Counter(value: 0), id: "b", in: "accounts")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<12 {
                let store = stores[index % 2]
                group.addTask {
                    try await store.transaction {
                        try await store.update(Counter.self, id: "a", in: "accounts") { $0?.value -= 1 }
                        try await store.update(Counter.self, id: "b", in: "accounts") { $0?.value += 1 }
                    }
                }
            }
            try await group.waitForAll()
        }
        // Read by a third host, which kept nothing from before.
        let fresh = try await backend.open(name: name)
        defer { try? fresh.close() }
        let accounts = fresh.records(module: "bank", owner: .shared)
        #expect(try await accounts.record(Counter.self, id: "a", in: "accounts") == Counter(value: 8))
        #expect(try await accounts.record(Counter.self, id: "b", in: "accounts") == Counter(value: 12))
    }

    @Test(arguments: TestStorage.available)
    func anErrorInsideAnUpdateInsideATransactionUndoesTheTransaction(_ backend: TestStorage) async throws {
        let (storage, _) = try await StorageBackendTests.twoHosts(backend)
        defer { try? storage.close() }
        let store = storage.records(module: "m", owner: .visitor("v"))
        await #expect(throws: Refused.self) {
            try await store.transaction {
                try await store.save(Counter(value: 1), id: "one", in: "counters")
                try await store.update(Counter.self, id: "two", in: "counters") { _ in throw Refused() }
            }
        }
        #expect(try await store.records(Counter.self, in: "counters").isEmpty)
        // The store is usable afterwards: nothing is left holding the writer.
        try await store.save(Counter(value: 3), id: "three", in: "counters")
        #expect(try await store.record(Counter.self, id: "three", in: "counters") == Counter(value: 3))
    }
}
