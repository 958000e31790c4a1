import AtriumListener
import AtriumSDK
import AtriumServices
import Foundation
import Testing

@testable import AtriumConfiguration
@testable import AtriumFixtures
@_spi(AtriumHost) @testable import AtriumHost
@testable import AtriumObservability
@testable import AtriumRuntime
@testable import AtriumStorage

/// A section's defaults are encoded straight into a configuration tree; they used to go through
/// JSON text, which is kept here as the reference the tree must match.
@Suite("Defaults encoded into a configuration tree")
struct ConfigurationTreeEncoderTests {
    /// The former path: JSONEncoder, then any JSON value read back without number bridging.
    private enum JSONReference: Decodable {
        case object([(String, JSONReference)])
        case array([JSONReference])
        case text(String)
        case null

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            if let object = try? decoder.container(keyedBy: Key.self) {
                self = .object(
                    try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                        ($0.stringValue, try object.decode(JSONReference.self, forKey: $0))
                    })
                return
            }
            if var array = try? decoder.unkeyedContainer() {
                var items: [JSONReference] = []
                while !array.isAtEnd { items.append(try array.decode(JSONReference.self)) }
                self = .array(items)
                return
            }
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let bool = try? single.decode(Bool.self) {
                self = .text(bool ? "true" : "false")
            } else if let int = try? single.decode(Int.self) {
                self = .text(String(int))
            } else if let double = try? single.decode(Double.self) {
                self = .text(String(double))
            } else {
                self = .text(try single.decode(String.self))
            }
        }

        var tree: ConfigurationTree {
            switch self {
            case .object(let entries): .mapping(entries.map { (key: $0.0, line: 0, value: $0.1.tree) })
            case .array(let items): .sequence(items.map(\.tree))
            case .text(let text): .scalar(text)
            case .null: .null
            }
        }

        static func tree(of value: some Encodable) throws -> ConfigurationTree {
            try JSONDecoder().decode(JSONReference.self, from: JSONEncoder().encode(value)).tree
        }
    }

    private enum Speed: String, Codable { case slow, fast }

    private struct Inner: Codable, Equatable {
        var name = "inner"
        var limits: [Int] = [1, 2, 3]
    }

    /// Every kind of value a section holds.
    private struct Everything: Codable, Equatable {
        var text = "hello: world"
        var empty = ""
        var flag = true
        var off = false
        var count = -42
        var big = Int.max
        var ratio = 0.25
        var speed = Speed.fast
        var missing: String?
        var present: String? = "here"
        var names = ["a", "b"]
        var inner = Inner()
        var inners = [Inner(), Inner(name: "second", limits: [])]
        var table = ["b": 2, "a": 1]
        var routes: RouteName? = RouteName("cookbook")
    }

    @Test func theHostsSectionsAndAModulesMatchTheJSONPath() throws {
        #expect(try ConfigurationTreeEncoder.tree(of: HTTPSettings()) == JSONReference.tree(of: HTTPSettings()))
        #expect(try ConfigurationTreeEncoder.tree(of: StorageSettings()) == JSONReference.tree(of: StorageSettings()))
        #expect(try ConfigurationTreeEncoder.tree(of: SecretsSettings()) == JSONReference.tree(of: SecretsSettings()))
        #expect(try ConfigurationTreeEncoder.tree(of: LogSettings()) == JSONReference.tree(of: LogSettings()))
        #expect(try ConfigurationTreeEncoder.tree(of: NotesModule.Configuration()) == JSONReference.tree(of: NotesModule.Configuration()))
        #expect(try ConfigurationTreeEncoder.tree(of: Everything()) == JSONReference.tree(of: Everything()))
    }

    @Test func whatIsEncodedDecodesBackToTheSameValue() throws {
        var value = Everything()
        value.ratio = 2.0
        value.missing = nil
        value.names = []
        let tree = try ConfigurationTreeEncoder.tree(of: value)
        let source = ConfigurationSource(name: "test", tree: .mapping([(key: "everything", line: 0, value: tree)]), environment: [:])
        #expect(try ConfigurationDecoder().decode(Everything.self, section: "everything", from: source) == value)
        guard case .mapping(let entries) = tree else {
            Issue.record("a struct is a mapping: \(tree)")
            return
        }
        #expect(entries.map(\.key) == entries.map(\.key).sorted(), "keys in order of name")
        #expect(!entries.contains { $0.key == "missing" }, "an absent optional is left out")
    }
}
