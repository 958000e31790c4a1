import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import AtriumRecords
@testable import AtriumStorage

/// Two versions of a module on one database: what the newer wrote, the older keeps when it saves or
/// updates the record; what a version knows and sets to nil goes.
@Suite("Records across versions")
struct RecordMergeTests {
    /// The newer version: a field and a nested field the older lacks.
    struct AccountV2: Codable, Sendable, Equatable {
        struct Address: Codable, Sendable, Equatable {
            var city: String
            var postcode: String?
        }
        var name: String
        var nickname: String?
        var address: Address
        var theme: String
        var tags: [String: Int]
        var payment: Payment
    }

    /// The older version.
    struct AccountV1: Codable, Sendable, Equatable {
        struct Address: Codable, Sendable, Equatable {
            var city: String
        }
        var name: String
        var nickname: String?
        var address: Address
        var tags: [String: Int]
        var payment: Payment
    }

    enum Payment: Codable, Sendable, Equatable {
        case card(number: String)
        case cash
    }

    static let written = AccountV2(
        name: "Ada", nickname: "ada", address: .init(city: "London", postcode: "N1"), theme: "dark", tags: ["a": 1, "b": 2],
        payment: .card(number: "4242"))

    func json(_ data: Data) throws -> [String: Any] { try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]) }

    @Test func anOlderVersionsUpdateKeepsWhatItDoesNotKnowNestedToo() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        let records = host.storage.records(module: "scratch", owner: .user("u"))
        try await records.save(Self.written, id: "1", in: "accounts")
        // The older version edits the name and drops the nickname (it knows it: nil removes it).
        try await records.update(AccountV1.self, id: "1", in: "accounts") { account in
            account?.name = "Ada Lovelace"
            account?.nickname = nil
        }
        let read = try #require(try await records.record(AccountV2.self, id: "1", in: "accounts"))
        #expect(read.name == "Ada Lovelace")
        #expect(read.nickname == nil, "a field the older version knows and set to nil is gone")
        #expect(read.theme == "dark", "a field only the newer version knows is kept")
        #expect(read.address == .init(city: "London", postcode: "N1"), "a nested field only the newer version knows is kept")
        #expect(read.tags == ["a": 1, "b": 2] && read.payment == .card(number: "4242"))

        // Saving a whole record keeps them too; a dictionary and an enum are the record's as written.
        let older = AccountV1(name: "A. L.", nickname: "al", address: .init(city: "Paris"), tags: ["c": 3], payment: .cash)
        try await records.save(older, id: "1", in: "accounts")
        let saved = try #require(try await records.record(AccountV2.self, id: "1", in: "accounts"))
        #expect(saved.theme == "dark" && saved.address == .init(city: "Paris", postcode: "N1"))
        #expect(saved.tags == ["c": 3], "a dictionary's keys are its own: the removed ones stay removed")
        #expect(saved.payment == .cash, "an enum's other case is not kept beside the new one")
        #expect(try await records.record(AccountV1.self, id: "1", in: "accounts") == older)
    }

    @Test func theMergeKeepsOnlyWhatNoVersionReadsAndChecksWhatItWrites() throws {
        let stored = try JSONEncoder().encode(Self.written)
        let older = AccountV1(name: "B", nickname: nil, address: .init(city: "Rome"), tags: [:], payment: .cash)
        let encoded = try JSONEncoder().encode(older)
        let merged = try json(RecordMerge.json(older, encoded: encoded, over: stored))
        #expect(merged["theme"] as? String == "dark")
        #expect(merged["nickname"] == nil)
        #expect((merged["address"] as? [String: Any])?["postcode"] as? String == "N1")
        #expect((merged["tags"] as? [String: Any])?.isEmpty == true)
        #expect(Set((merged["payment"] as? [String: Any] ?? [:]).keys) == ["cash"])
        // Nothing to keep: the record's own JSON, byte for byte; none stored: the same.
        let same = try JSONEncoder().encode(AccountV1(name: "C", nickname: "c", address: .init(city: "Oslo"), tags: [:], payment: .cash))
        #expect(RecordMerge.json(older, encoded: encoded, over: same) == encoded)
        #expect(RecordMerge.json(older, encoded: encoded, over: nil) == encoded)
        #expect(RecordMerge.json(older, encoded: encoded, over: Data("not json".utf8)) == encoded)
    }

    /// The newer version without defaults: a record the older wrote does not read.
    struct AccountV2WithoutDefaults: Codable, Sendable {
        var name: String
        var theme: String
    }

    @Test func aRecordAnOlderVersionWroteReadsWithTheNewFieldsDefaults() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        let records = host.storage.records(module: "scratch", owner: .user("u"))
        let older = AccountV1(name: "Grace", nickname: nil, address: .init(city: "New York"), tags: [:], payment: .cash)
        try await records.save(older, id: "2", in: "accounts")
        let read = try #require(try await records.record(AccountV2.self, id: "2", in: "accounts"))
        #expect(read.theme == "light" && read.address == .init(city: "New York", postcode: nil) && read.name == "Grace")
        #expect(try await records.records(AccountV2.self, in: "accounts").map(\.theme) == ["light"])
        await #expect(throws: DecodingError.self, "without defaults, a missing field is an error, as before") {
            _ = try await records.record(AccountV2WithoutDefaults.self, id: "2", in: "accounts")
        }
        // Updated by the newer version: the default is written.
        try await records.update(AccountV2.self, id: "2", in: "accounts") { $0?.theme = "dark" }
        #expect(try await records.record(AccountV2.self, id: "2", in: "accounts")?.theme == "dark")
    }

    struct BasketV1: Codable, Sendable {
        struct Item: Codable, Sendable { var name: String }
        var items: [Item]
    }
    struct BasketV2: Codable, Sendable, Equatable, RecordDefaults {
        struct Item: Codable, Sendable, Equatable { var name: String; var quantity: Int }
        var items: [Item]
        static let defaults = BasketV2(items: [Item(name: "", quantity: 1)])
    }

    @Test func theElementsOfAnArrayAnOlderVersionWroteReadWithTheFieldsTheyLackDefaulted() async throws {
        let records = InMemoryRecordStore()
        try await records.save(BasketV1(items: [.init(name: "tea"), .init(name: "milk")]), id: "b", in: "baskets")
        let read = try await records.record(BasketV2.self, id: "b", in: "baskets")
        #expect(read == BasketV2(items: [.init(name: "tea", quantity: 1), .init(name: "milk", quantity: 1)]))
        let empty = InMemoryRecordStore()
        try await empty.save(BasketV1(items: []), id: "b", in: "baskets")
        #expect(try await empty.record(BasketV2.self, id: "b", in: "baskets") == BasketV2(items: []), "an empty array stays empty")
    }

    @Test func theFieldsOfARecordIncludeItsNilOnesAndNoneOfADictionarys() {
        let fields = RecordFields.of(AccountV1(name: "D", nickname: nil, address: .init(city: "Lima"), tags: ["x": 1], payment: .cash))
        #expect(fields.isObject)
        #expect(["name", "nickname", "address", "tags", "payment"].allSatisfy(fields.knows))
        #expect(!fields.knows("theme"))
        #expect(fields.object(at: "address")?.knows("city") == true)
        #expect(fields.object(at: "tags") == nil, "a dictionary is read whole")
    }
}

extension RecordMergeTests.AccountV2: RecordDefaults {
    static let defaults = Self(
        name: "", nickname: nil, address: .init(city: "", postcode: nil), theme: "light", tags: [:], payment: .cash)
}
