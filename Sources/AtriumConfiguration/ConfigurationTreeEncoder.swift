/// Encodes a value straight into a ``ConfigurationTree``: how a section's defaults (its type at
/// `init()`) become the tree the decoder falls back on. Scalars are written as the file would
/// write them (`true`, `42`, `0.5`, text), a mapping's keys in order of name, and an optional
/// left out (`encodeIfPresent`) is absent. It replaces a round trip through JSON text, which was
/// a tenth of a boot.
enum ConfigurationTreeEncoder {
    static func tree(of value: some Encodable) throws -> ConfigurationTree {
        let root = Slot()
        try value.encode(to: TreeEncoder(slot: root, codingPath: []))
        return root.tree
    }

    /// One value being written: a scalar, null, or a mapping or sequence of further slots.
    final class Slot {
        enum Content {
            case unset
            case scalar(String)
            case null
            case mapping([String: Slot])
            case sequence([Slot])
        }

        var content = Content.unset

        var tree: ConfigurationTree {
            switch content {
            case .unset, .null: .null
            case .scalar(let text): .scalar(text)
            case .mapping(let entries): .mapping(entries.sorted { $0.key < $1.key }.map { (key: $0.key, line: 0, value: $0.value.tree) })
            case .sequence(let items): .sequence(items.map(\.tree))
            }
        }

        /// The slot under `key`, making this slot a mapping.
        func child(_ key: String) -> Slot {
            var entries: [String: Slot] = [:]
            if case .mapping(let existing) = content { entries = existing }
            content = .unset  // so the entries are changed in place, not copied
            let slot = Slot()
            entries[key] = slot
            content = .mapping(entries)
            return slot
        }

        /// A new last item, making this slot a sequence.
        func appended() -> Slot {
            var items: [Slot] = []
            if case .sequence(let existing) = content { items = existing }
            content = .unset  // so the items are changed in place, not copied
            let slot = Slot()
            items.append(slot)
            content = .sequence(items)
            return slot
        }

        func makeMapping() { if case .mapping = content {} else { content = .mapping([:]) } }
        func makeSequence() { if case .sequence = content {} else { content = .sequence([]) } }
        var count: Int {
            if case .sequence(let items) = content { return items.count }
            return 0
        }
    }

    struct TreeEncoder: Encoder {
        let slot: Slot
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            slot.makeMapping()
            return KeyedEncodingContainer(Keyed<Key>(slot: slot, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            slot.makeSequence()
            return Unkeyed(slot: slot, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(slot: slot, codingPath: codingPath) }
    }

    /// Writes one value into a slot: scalars as text, anything else through its own `encode(to:)`.
    /// Only concrete types are tested (a cast to a protocol would cost the runtime a search of
    /// every conformance for each new type).
    static func write(_ value: some Encodable, into slot: Slot, codingPath: [any CodingKey]) throws {
        switch value {
        case let text as String: slot.content = .scalar(text)
        case let flag as Bool: slot.content = .scalar(flag ? "true" : "false")
        case let number as Int: slot.content = .scalar(String(number))
        case let number as Int64: slot.content = .scalar(String(number))
        case let number as UInt: slot.content = .scalar(String(number))
        case let number as UInt64: slot.content = .scalar(String(number))
        case let number as Double: slot.content = .scalar(String(number))
        case let number as Float: slot.content = .scalar(String(number))
        default: try value.encode(to: TreeEncoder(slot: slot, codingPath: codingPath))
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let slot: Slot
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws { slot.child(key.stringValue).content = .null }

        mutating func encode(_ value: some Encodable, forKey key: Key) throws {
            try ConfigurationTreeEncoder.write(value, into: slot.child(key.stringValue), codingPath: codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            let child = slot.child(key.stringValue)
            child.makeMapping()
            return KeyedEncodingContainer(Keyed<NestedKey>(slot: child, codingPath: codingPath + [key]))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let child = slot.child(key.stringValue)
            child.makeSequence()
            return Unkeyed(slot: child, codingPath: codingPath + [key])
        }

        mutating func superEncoder() -> any Encoder { TreeEncoder(slot: slot.child("super"), codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { TreeEncoder(slot: slot.child(key.stringValue), codingPath: codingPath + [key]) }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let slot: Slot
        let codingPath: [any CodingKey]
        var count: Int { slot.count }

        mutating func encodeNil() throws { slot.appended().content = .null }
        mutating func encode(_ value: some Encodable) throws {
            try ConfigurationTreeEncoder.write(value, into: slot.appended(), codingPath: codingPath)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let item = slot.appended()
            item.makeMapping()
            return KeyedEncodingContainer(Keyed<NestedKey>(slot: item, codingPath: codingPath))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let item = slot.appended()
            item.makeSequence()
            return Unkeyed(slot: item, codingPath: codingPath)
        }

        mutating func superEncoder() -> any Encoder { TreeEncoder(slot: slot.appended(), codingPath: codingPath) }
    }

    struct Single: SingleValueEncodingContainer {
        let slot: Slot
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { slot.content = .null }
        mutating func encode(_ value: some Encodable) throws {
            try ConfigurationTreeEncoder.write(value, into: slot, codingPath: codingPath)
        }
    }
}
