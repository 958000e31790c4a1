import AtriumSDK
import Foundation

/// How the stores read a record's JSON as its type: as it is, and — only when that fails and the
/// type has ``RecordDefaults`` — again with the fields the JSON lacks taken from the defaults (a record
/// an older version wrote). A record that decodes costs nothing more; kept in the read cache as read.
package enum RecordDecoding {
    package static func decode<Record: Decodable>(_ type: Record.Type, from json: Data, using decoder: JSONDecoder = JSONDecoder()) throws
        -> Record
    {
        do {
            return try decoder.decode(type, from: json)
        } catch let error as DecodingError {
            guard let defaults = Record.self as? any RecordDefaults.Type, let filled = filling(json, from: defaults) else { throw error }
            return try decoder.decode(type, from: filled)
        }
    }

    /// `json` with the fields it lacks taken from `type`'s defaults, nested objects' too; nil when
    /// either is not an object or nothing is lacking.
    static func filling(_ json: Data, from type: any RecordDefaults.Type) -> Data? {
        guard let stored = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            let defaults = try? JSONSerialization.jsonObject(with: JSONEncoder().encode(type.defaults)) as? [String: Any]
        else { return nil }
        var filled = stored
        guard fill(&filled, from: defaults) else { return nil }
        return try? JSONSerialization.data(withJSONObject: filled)
    }

    private static func fill(_ object: inout [String: Any], from defaults: [String: Any]) -> Bool {
        var filled = false
        for (key, value) in defaults {
            if var inner = object[key] as? [String: Any], let innerDefaults = value as? [String: Any] {
                if fill(&inner, from: innerDefaults) {
                    object[key] = inner
                    filled = true
                }
            } else if var items = object[key] as? [Any], let template = (value as? [Any])?.first as? [String: Any] {
                // An array of objects: the defaults' first element fills each element's missing fields.
                for index in items.indices {
                    guard var item = items[index] as? [String: Any], fill(&item, from: template) else { continue }
                    items[index] = item
                    filled = true
                }
                object[key] = items
            } else if object[key] == nil {
                object[key] = value
                filled = true
            }
        }
        return filled
    }
}
