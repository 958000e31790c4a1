/// A section of keys in the configuration.
struct ConfigurationKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ConfigurationValueDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        decoder.source.tree.keys(at: decoder.path).compactMap { Key(stringValue: $0.key) }
    }

    func contains(_ key: Key) -> Bool {
        let child = decoder.child(key.stringValue)
        // A key the type asks about is a key it knows, even when absent: unknown-key hints list it.
        child.log.read(child.path)
        return child.isPresent
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        let child = decoder.child(key.stringValue)
        child.log.read(child.path)
        return !child.isPresent
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try T(from: decoder.child(key.stringValue))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.child(key.stringValue).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(key.stringValue).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { decoder }

    func superDecoder(forKey key: Key) throws -> any Decoder { decoder.child(key.stringValue) }
}
