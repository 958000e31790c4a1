/// The fields a record's type writes, nested, nil ones too: what tells a field this version of a
/// module knows (and may have set to nil, which the JSON encoder leaves out) from one a newer
/// version wrote (``RecordMerge``). Read by encoding the record through an encoder that writes
/// nothing and notes each key asked for; a dictionary, an array or a single value is a field read
/// whole (its keys are the value's, not the type's).
final class RecordFields {
    /// Whether the value encoded as an object with named fields.
    private(set) var isObject = false
    /// Each field asked for, by key, with its own fields when it is an object.
    private(set) var fields: [String: RecordFields] = [:]

    /// The fields `record` writes.
    static func of(_ record: some Encodable) -> RecordFields {
        let fields = RecordFields()
        try? record.encode(to: FieldNoting(fields))
        return fields
    }

    func knows(_ key: String) -> Bool { fields[key] != nil }

    /// The fields of the object at `key`, if the type writes one there.
    func object(at key: String) -> RecordFields? { fields[key].flatMap { $0.isObject ? $0 : nil } }

    fileprivate func becomeObject() { isObject = true }

    fileprivate func field(_ key: some CodingKey) -> RecordFields {
        if let known = fields[key.stringValue] { return known }
        let field = RecordFields()
        fields[key.stringValue] = field
        return field
    }

    /// A value encoded into `fields`: its own fields noted, unless it is read whole.
    fileprivate static func note(_ value: some Encodable, into fields: RecordFields) {
        // A number or a string encodes itself as one value (asking again would never end).
        guard !(value is any WholeValue), !(value is any LeafValue) else { return }
        try? value.encode(to: FieldNoting(fields))
    }
}

/// Values whose keys are their own, not their type's: merged as a whole.
private protocol WholeValue {}
extension Dictionary: WholeValue {}

/// The values an encoder writes as they are.
private protocol LeafValue {}
extension String: LeafValue {}
extension Bool: LeafValue {}
extension Double: LeafValue {}
extension Float: LeafValue {}
extension Int: LeafValue {}
extension Int8: LeafValue {}
extension Int16: LeafValue {}
extension Int32: LeafValue {}
extension Int64: LeafValue {}
extension UInt: LeafValue {}
extension UInt8: LeafValue {}
extension UInt16: LeafValue {}
extension UInt32: LeafValue {}
extension UInt64: LeafValue {}

/// The encoder ``RecordFields`` notes keys with.
private struct FieldNoting: Encoder {
    let fields: RecordFields
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ fields: RecordFields) { self.fields = fields }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        fields.becomeObject()
        return KeyedEncodingContainer(Keys<Key>(fields: fields))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { Ignored() }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(fields: fields) }

    /// A value that encodes itself as one value may be a wrapper around an object: its fields are noted here.
    struct Single: SingleValueEncodingContainer {
        let fields: RecordFields
        var codingPath: [any CodingKey] = []
        mutating func encodeNil() {}
        mutating func encode(_ value: some Encodable) { RecordFields.note(value, into: fields) }
    }

    /// Elements of an array: the array is read whole.
    struct Ignored: UnkeyedEncodingContainer {
        var codingPath: [any CodingKey] = []
        var count = 0
        mutating func encodeNil() {}
        mutating func encode(_ value: some Encodable) {}
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Keys<NestedKey>(fields: RecordFields()))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { Ignored() }
        mutating func superEncoder() -> any Encoder { FieldNoting(RecordFields()) }
    }

    struct Keys<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let fields: RecordFields
        var codingPath: [any CodingKey] = []

        mutating func encodeNil(forKey key: Key) { _ = fields.field(key) }
        mutating func encode(_ value: some Encodable, forKey key: Key) { RecordFields.note(value, into: fields.field(key)) }
        // The synthesized encoding of an optional asks for its key with encodeIfPresent: noted when nil too.
        mutating func encodeIfPresent(_ value: (some Encodable)?, forKey key: Key) {
            let field = fields.field(key)
            if let value { RecordFields.note(value, into: field) }
        }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) { _ = fields.field(key) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) { _ = fields.field(key) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) { _ = fields.field(key) }
        mutating func encodeIfPresent(_ value: Float?, forKey key: Key) { _ = fields.field(key) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) { _ = fields.field(key) }
        mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) { _ = fields.field(key) }
        mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) { _ = fields.field(key) }
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) { _ = fields.field(key) }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) { _ = fields.field(key) }
        mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) { _ = fields.field(key) }
        mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) { _ = fields.field(key) }
        mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) { _ = fields.field(key) }
        mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) { _ = fields.field(key) }
        mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) { _ = fields.field(key) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<
            NestedKey
        > {
            let field = fields.field(key)
            field.becomeObject()
            return KeyedEncodingContainer(Keys<NestedKey>(fields: field))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            _ = fields.field(key)
            return Ignored()
        }

        mutating func superEncoder() -> any Encoder { FieldNoting(fields) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { FieldNoting(fields.field(key)) }
    }
}
