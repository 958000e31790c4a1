/// Decodes one item of a configuration list from its text.
struct ConfigurationElementDecoder: Decoder, SingleValueDecodingContainer {
    let text: String
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "lists may hold only plain values"))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([String].self, .init(codingPath: codingPath, debugDescription: "lists may hold only plain values"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { false }

    func decode(_ type: String.Type) throws -> String { text }

    func decode(_ type: Bool.Type) throws -> Bool {
        switch text.lowercased() {
        case "true", "yes", "1": return true
        case "false", "no", "0": return false
        default: throw mismatch("true or false")
        }
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if type == Int.self {
            guard let value = Int(text) else { throw mismatch("a whole number") }
            return value as! T
        }
        if type == Double.self {
            guard let value = Double(text) else { throw mismatch("a number") }
            return value as! T
        }
        return try T(from: self)
    }

    private func mismatch(_ expected: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: "'\(text)' is not \(expected)"))
    }
}
