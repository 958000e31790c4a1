import AtriumSDK
import Foundation
import Testing

@testable import AtriumConfiguration
@testable import AtriumHost

/// The JSON shapes the OpenAPI document gives bodies and replies, read from `Decodable` types.
@Suite("Schema probe")
struct SchemaProbeTests {
    enum Colour: String, Codable, CaseIterable { case red, green }

    struct Inner: Codable {
        var count: Int
    }

    struct Sample: Codable {
        var name: String
        var nickname: String?
        var amount: Decimal
        var ratio: Double
        var isOn: Bool
        var id: UUID
        var tags: [String]
        var inners: [Inner]
        var colour: Colour
        var extra: [String: Int]
        var maybeInner: Inner?
    }

    @Test func requiredOptionalNestedListsAndCases() {
        let schema = SchemaProbe().schema(of: Sample.self)
        guard case .object(let properties) = schema else {
            Issue.record("not an object: \(schema)")
            return
        }
        func property(_ name: String) -> JSONSchema.Property? { properties.first { $0.name == name } }
        #expect(properties.map(\.name) == ["name", "nickname", "amount", "ratio", "isOn", "id", "tags", "inners", "colour", "extra", "maybeInner"])
        #expect(properties.filter { !$0.isRequired }.map(\.name) == ["nickname", "maybeInner"])
        #expect(property("name")?.schema == .string(format: nil))
        #expect(property("amount")?.schema == .number && property("ratio")?.schema == .number)
        #expect(property("isOn")?.schema == .boolean && property("id")?.schema == .string(format: "uuid"))
        #expect(property("tags")?.schema == .array(of: .string(format: nil)))
        #expect(property("inners")?.schema == .array(of: .object([.init(name: "count", schema: .integer, isRequired: true)])))
        #expect(property("colour")?.schema == .oneOf(["red", "green"]))
        #expect(property("extra")?.schema == .object([]), "a dictionary: any keys")
    }

    @Test func pascalCaseKeysAndReferences() {
        let pascal = SchemaProbe(keyName: { $0.prefix(1).uppercased() + $0.dropFirst() }).schema(of: Inner.self)
        #expect(pascal == .object([.init(name: "Count", schema: .integer, isRequired: true)]))
        let referenced = SchemaProbe(references: [ObjectIdentifier(Inner.self): .init(name: "Inner", sample: Inner(count: 1))])
            .schema(of: [Inner].self)
        #expect(referenced == .array(of: .reference("Inner")))
        #expect(referenced.jsonObject["items"] as? [String: String] == ["$ref": "#/components/schemas/Inner"])
    }

    struct Picky: Decodable {
        init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            guard text == "exactly this" else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no")) }
        }
    }

    @Test func aTypeThatCannotBeFollowedIsAnything() {
        #expect(SchemaProbe().schema(of: Picky.self) == .any)
        #expect(JSONSchema.any.jsonObject.isEmpty)
    }
}
