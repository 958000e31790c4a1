/// A list of sections in the configuration, such as `login.sso`: each item decodes as a section of
/// its own, at the path `<list>.<index>` (shown as `login.sso[0].issuer`).
struct ConfigurationSectionListContainer: UnkeyedDecodingContainer {
    let decoder: ConfigurationValueDecoder
    let total: Int
    var currentIndex = 0

    init(decoder: ConfigurationValueDecoder, count: Int) {
        self.decoder = decoder
        self.total = count
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { total }
    var isAtEnd: Bool { currentIndex >= total }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "the list has no more items"))
        }
        let item = decoder.child(String(currentIndex))
        currentIndex += 1
        return try T(from: item)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let item = decoder.child(String(currentIndex))
        currentIndex += 1
        return try item.container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([String].self, .init(codingPath: codingPath, debugDescription: "lists of lists are not supported"))
    }

    mutating func superDecoder() throws -> any Decoder { decoder }
}
