/// A list of values in the configuration (`[a, b]` in the file, `a,b` in the environment).
struct ConfigurationListContainer: UnkeyedDecodingContainer {
    let decoder: ConfigurationValueDecoder
    let values: [String]
    var currentIndex = 0

    init(decoder: ConfigurationValueDecoder, values: [String]) {
        self.decoder = decoder
        self.values = values
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { values.count }
    var isAtEnd: Bool { currentIndex >= values.count }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "the list has no more items"))
        }
        let text = values[currentIndex]
        currentIndex += 1
        return try T(
            from: ConfigurationElementDecoder(
                text: text, codingPath: codingPath + [ConfigurationKey(intValue: currentIndex - 1)], userInfo: decoder.userInfo))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "lists may hold only plain values"))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([String].self, .init(codingPath: codingPath, debugDescription: "lists may hold only plain values"))
    }

    mutating func superDecoder() throws -> any Decoder { decoder }
}
