import Foundation

/// Decodes a module's action fields from a form's ``FormFields``: a text field into any type that
/// can be made from its text (`String`, numbers, `Bool` from `true`/`false`, a string enum), a list
/// into an array, a group into a nested type. A field the type does not have is ignored; a missing
/// one throws `keyNotFound`, a text that does not fit `typeMismatch` (the error names the field).
struct FormDecoder: Decoder {
    let value: FormFields.Value
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    init(_ fields: FormFields, userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.init(value: .group(fields.fields), codingPath: [], userInfo: userInfo)
    }

    init(value: FormFields.Value, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) {
        self.value = value
        self.codingPath = codingPath
        self.userInfo = userInfo
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .group(let fields) = value else { throw mismatch([String: String].self, "a group of fields") }
        return KeyedDecodingContainer(Keyed(fields: fields, decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .list(let values) = value else { throw mismatch([String].self, "a list") }
        return Unkeyed(values: values, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    func mismatch(_ type: Any.Type, _ expected: String) -> DecodingError {
        DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected \(expected)"))
    }

    /// The field's text made into `type`.
    func decodeText<Value: Decodable>(_ type: Value.Type) throws -> Value {
        guard case .text(let text) = value else {
            // A nested type reads its own shape (a group, a list) through its own containers.
            return try Value(from: self)
        }
        if let value = Self.fromText(text, as: type) { return value }
        if Value.self is any LosslessStringConvertible.Type || Value.self == Decimal.self {
            throw mismatch(type, "a value of type \(type)")
        }
        return try Value(from: self)
    }

    static func fromText<Value>(_ text: String, as type: Value.Type) -> Value? {
        switch type {
        case is String.Type: return text as? Value
        case is Bool.Type: return Bool(text) as? Value
        case is Decimal.Type: return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) as? Value
        case let convertible as any LosslessStringConvertible.Type: return convertible.init(text) as? Value
        default: return nil
        }
    }

    private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let fields: [String: FormFields.Value]
        let decoder: FormDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] { fields.keys.compactMap(Key.init(stringValue:)) }

        func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

        func decodeNil(forKey key: Key) throws -> Bool { fields[key.stringValue] == nil }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let value = fields[key.stringValue] else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "not in the form"))
            }
            return try FormDecoder(value: value, codingPath: codingPath + [key], userInfo: decoder.userInfo).decodeText(type)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try child(key).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try child(key).unkeyedContainer() }

        func superDecoder() throws -> any Decoder { decoder }

        func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }

        private func child(_ key: Key) throws -> FormDecoder {
            guard let value = fields[key.stringValue] else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "not in the form"))
            }
            return FormDecoder(value: value, codingPath: codingPath + [key], userInfo: decoder.userInfo)
        }
    }

    private struct Unkeyed: UnkeyedDecodingContainer {
        let values: [FormFields.Value]
        let decoder: FormDecoder
        var currentIndex = 0
        var codingPath: [any CodingKey] { decoder.codingPath }
        var count: Int? { values.count }
        var isAtEnd: Bool { currentIndex >= values.count }

        init(values: [FormFields.Value], decoder: FormDecoder) {
            self.values = values
            self.decoder = decoder
        }

        mutating func decodeNil() throws -> Bool { false }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeText(type) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try next().container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }

        mutating func superDecoder() throws -> any Decoder { try next() }

        private mutating func next() throws -> FormDecoder {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "the list has no more values"))
            }
            defer { currentIndex += 1 }
            return FormDecoder(value: values[currentIndex], codingPath: codingPath + [Index(currentIndex)], userInfo: decoder.userInfo)
        }
    }

    private struct Single: SingleValueDecodingContainer {
        let decoder: FormDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool { false }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            guard case .text(let text) = decoder.value else { throw decoder.mismatch(type, "a single value") }
            guard let value = FormDecoder.fromText(text, as: type) else { throw decoder.mismatch(type, "a value of type \(type)") }
            return value
        }
    }

    /// A list's place, as a coding key.
    private struct Index: CodingKey {
        let intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }
}
