import Foundation

/// What saving or updating a record writes when one is stored already: the record's JSON, with the
/// stored fields its type does not know kept, nested ones too — during a rolling deploy an older
/// version of a module writes records a newer one wrote, and must not drop what it cannot read. A
/// field the type knows and left nil is gone, as before (``RecordFields`` tells the two apart: the
/// JSON encoder leaves nil out). Only a contract migration removes a field the type does not know.
///
/// Checked, never guessed: the result must decode to the record (the same JSON, keys sorted). A
/// field kept that the type reads after all (an enum's other case, a dictionary's other key, which
/// look like fields nobody knows) fails that; then the object holding it is written as the record
/// has it, and if that fails too, the record alone is written. Costs a write only, never a read.
package enum RecordMerge {
    /// The JSON to store for `record` (encoded as `new`) over `stored`.
    package static func json<Record: Encodable>(_ record: Record, encoded new: Data, over stored: Data?) -> Data {
        guard let stored, stored != new,
            let old = try? JSONSerialization.jsonObject(with: stored) as? [String: Any],
            let written = try? JSONSerialization.jsonObject(with: new) as? [String: Any]
        else { return new }
        let fields = RecordFields.of(record)
        guard fields.isObject else { return new }
        // The outer record's unknown fields, and the objects inside it with unknown fields of their own.
        var outer = written
        var inner: [String: [String: Any]] = [:]
        for (key, value) in old {
            if let current = written[key] {
                if let object = fields.object(at: key), let oldObject = value as? [String: Any], var newObject = current as? [String: Any],
                    keep(oldObject, into: &newObject, fields: object)
                {
                    inner[key] = newObject
                }
            } else if !fields.knows(key) {
                outer[key] = value
            }
        }
        guard outer.count > written.count || !inner.isEmpty else { return new }
        // Every inner object merged; then each but one (an enum's other case or a dictionary's
        // other key look like unknown fields, and fail the check); then none.
        // Compared with keys sorted: the encoder's order of keys is not one from one encoding to the next.
        let sorted = JSONEncoder()
        sorted.outputFormatting = .sortedKeys
        guard let expected = try? sorted.encode(record) else { return new }
        let keys = inner.keys.sorted()
        let attempts = [keys] + (keys.count > 1 ? keys.map { left in keys.filter { $0 != left } } : []) + [[]]
        for merged in attempts {
            var attempt = outer
            for key in merged { attempt[key] = inner[key] }
            if let data = try? JSONSerialization.data(withJSONObject: attempt, options: [.withoutEscapingSlashes]),
                reencoded(data, as: Record.self, with: sorted) == expected
            {
                return data
            }
        }
        return new
    }

    /// Copies into `merged` the fields of `old` that `fields` does not know, and those of the objects
    /// both hold; whether any was kept.
    private static func keep(_ old: [String: Any], into merged: inout [String: Any], fields: RecordFields) -> Bool {
        var kept = false
        for (key, value) in old {
            if let current = merged[key] {
                guard let inner = fields.object(at: key), let oldObject = value as? [String: Any], var newObject = current as? [String: Any]
                else { continue }
                if keep(oldObject, into: &newObject, fields: inner) {
                    merged[key] = newObject
                    kept = true
                }
            } else if !fields.knows(key) {
                merged[key] = value
                kept = true
            }
        }
        return kept
    }

    /// `json` read as `Record` and written again, or nil when it cannot be (or the type cannot be read).
    private static func reencoded<Record: Encodable>(_ json: Data, as _: Record.Type, with encoder: JSONEncoder) -> Data? {
        guard let readable = Record.self as? any Decodable.Type else { return nil }
        func read<Readable: Decodable>(_ type: Readable.Type) -> Data? {
            guard let value = try? JSONDecoder().decode(type, from: json) as? Record else { return nil }
            return try? encoder.encode(value)
        }
        return read(readable)
    }
}
