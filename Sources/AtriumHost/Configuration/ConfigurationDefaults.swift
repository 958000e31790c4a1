@_spi(AtriumHost) import AtriumSDK
import Foundation

/// The defaults of a configuration section: the section's type at `init()`, encoded, as a tree the
/// decoder falls back on for every key the file and the environment leave out. So each default is
/// declared once, as the property's initial value.
enum ConfigurationDefaults {
    static func tree<Section: ModuleConfiguration>(of type: Section.Type) -> ConfigurationTree {
        guard let data = try? JSONEncoder().encode(Section()), let value = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            return .mapping([])
        }
        return value.tree
    }

    /// Any JSON value, read without Foundation's number bridging (so `true` stays a boolean).
    enum JSONValue: Decodable {
        case object([(String, JSONValue)])
        case array([JSONValue])
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
                        ($0.stringValue, try object.decode(JSONValue.self, forKey: $0))
                    })
                return
            }
            if var array = try? decoder.unkeyedContainer() {
                var items: [JSONValue] = []
                while !array.isAtEnd { items.append(try array.decode(JSONValue.self)) }
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
    }
}
