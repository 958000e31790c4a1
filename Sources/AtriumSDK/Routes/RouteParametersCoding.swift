import Foundation

/// Reads a ``RouteParameters`` type's fields, and turns values into text and back: the host's
/// bridge between typed parameters and the strings of a URL.
@_spi(AtriumHost)
public enum RouteParametersCoding {
    /// Why a parameters type cannot be used, or a value cannot be read.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The fields of a parameters type, in declaration order.
    public static func fields<Parameters: RouteParameters>(of type: Parameters.Type) throws(Failure) -> [RouteField] {
        let probe = FieldProbe()
        do {
            _ = try Parameters(from: probe)
        } catch {
            throw Failure(description: "\(type) cannot be route parameters: \(error)")
        }
        return probe.log.fields
    }

    /// Parameters from the texts of a request (path segments, then query items).
    public static func decode<Parameters: RouteParameters>(_ type: Parameters.Type, from values: [String: String]) throws -> Parameters {
        try Parameters(from: ValuesDecoder(values: values))
    }

    /// One value from its text, typed as a route parameter would be.
    public static func value<T>(_ type: T.Type, from text: String, key: some CodingKey) throws -> T {
        let value: Any? =
            switch RouteParameterType(type) {
            case .string: text
            case .int: Int(text)
            case .double: Double(text).flatMap { $0.isFinite ? $0 : nil }
            case .bool: text == "true" ? true : text == "false" ? false : nil
            case .uuid: UUID(uuidString: text)
            case nil: nil
            }
        guard let typed = value as? T else {
            throw DecodingError.dataCorrupted(.init(codingPath: [key], debugDescription: "'\(text.prefix(40))' is not a \(type)"))
        }
        return typed
    }

    /// The texts of parameters, for a link.
    public static func encode<Parameters: RouteParameters>(_ parameters: Parameters) -> [String: String] {
        let encoder = ValuesEncoder()
        try? parameters.encode(to: encoder)
        return encoder.box.values
    }
}

extension RouteParameterType {
    init?(_ type: Any.Type) {
        switch type {
        case is String.Type: self = .string
        case is Int.Type: self = .int
        case is Double.Type: self = .double
        case is Bool.Type: self = .bool
        case is UUID.Type: self = .uuid
        default: return nil
        }
    }
}

// MARK: - Reading a type's fields

private final class FieldLog: @unchecked Sendable {
    var fields: [RouteField] = []
}

private struct FieldProbe: Decoder {
    let log = FieldLog()
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard codingPath.isEmpty else { throw unsupported("nested values") }
        return KeyedDecodingContainer(ProbeContainer<Key>(log: log))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw unsupported("lists") }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw unsupported("a single value") }

    func unsupported(_ what: String) -> DecodingError {
        .typeMismatch(Any.self, .init(codingPath: codingPath, debugDescription: "route parameters cannot hold \(what)"))
    }
}

private struct ProbeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let log: FieldLog
    var codingPath: [any CodingKey] = []
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }

    func decodeNil(forKey key: Key) throws -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try record(type, key, optional: false)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try record(type, key, optional: true)
    }

    // Synthesized decoding calls the overloads for plain types: each is an optional field.
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try record(type, key, optional: true) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try record(type, key, optional: true) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try record(type, key, optional: true) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try record(type, key, optional: true) }

    private func record<T>(_ type: T.Type, _ key: Key, optional: Bool) throws -> T {
        guard let kind = RouteParameterType(type) else {
            throw DecodingError.typeMismatch(
                type, .init(codingPath: [key], debugDescription: "'\(key.stringValue)' is \(type); use String, Int, Double, Bool or UUID"))
        }
        log.fields.append(RouteField(name: key.stringValue, type: kind, isOptional: optional))
        let sample: Any =
            switch kind {
            case .string: "x"
            case .int: 1
            case .double: 1.0
            case .bool: true
            case .uuid: UUID()
            }
        guard let value = sample as? T else { throw DecodingError.typeMismatch(type, .init(codingPath: [key], debugDescription: "")) }
        return value
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch(type, .init(codingPath: [key], debugDescription: "route parameters cannot be nested"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: [key], debugDescription: "route parameters cannot hold lists"))
    }

    func superDecoder() throws -> any Decoder { FieldProbe() }
    func superDecoder(forKey key: Key) throws -> any Decoder { FieldProbe() }
}

// MARK: - Texts to values

private struct ValuesDecoder: Decoder {
    let values: [String: String]
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ValuesContainer<Key>(values: values))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath, debugDescription: "route parameters cannot hold lists"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(Any.self, .init(codingPath: codingPath, debugDescription: "route parameters are fields"))
    }
}

private struct ValuesContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let values: [String: String]
    var codingPath: [any CodingKey] = []
    var allKeys: [Key] { values.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { values[key.stringValue] != nil }
    func decodeNil(forKey key: Key) throws -> Bool { values[key.stringValue] == nil }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let text = values[key.stringValue], !text.isEmpty else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no value"))
        }
        return try RouteParametersCoding.value(type, from: text, key: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch(type, .init(codingPath: [key], debugDescription: "route parameters cannot be nested"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: [key], debugDescription: "route parameters cannot hold lists"))
    }

    func superDecoder() throws -> any Decoder { ValuesDecoder(values: values) }
    func superDecoder(forKey key: Key) throws -> any Decoder { ValuesDecoder(values: values) }
}

// MARK: - Values to texts

private final class ValuesBox: @unchecked Sendable {
    var values: [String: String] = [:]
}

private struct ValuesEncoder: Encoder {
    let box = ValuesBox()
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(ValuesEncodingContainer<Key>(box: box))
    }

    // The fields check at boot allows only flat scalar fields; anything else is left out of links.
    func unkeyedContainer() -> any UnkeyedEncodingContainer { DiscardingContainer() }
    func singleValueContainer() -> any SingleValueEncodingContainer { DiscardingContainer() }
}

private struct ValuesEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: ValuesBox
    var codingPath: [any CodingKey] = []

    mutating func encodeNil(forKey key: Key) throws {}

    // Synthesized coding calls the overloads for plain types; each lands in the generic one.
    mutating func encode(_ value: String, forKey key: Key) throws { record(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { record(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { record(value, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { record(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { if let value { record(value, key) } }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { if let value { record(value, key) } }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { if let value { record(value, key) } }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { if let value { record(value, key) } }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { if let value { record(value, key) } }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { record(value, key) }

    private func record<T>(_ value: T, _ key: Key) {
        let text: String? =
            switch value {
            case let value as String: value
            case let value as Int: String(value)
            case let value as Double: String(value)
            case let value as Bool: value ? "true" : "false"
            case let value as UUID: value.uuidString
            default: nil
            }
        if let text { box.values[key.stringValue] = text }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(ValuesEncodingContainer<NestedKey>(box: ValuesBox()))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { DiscardingContainer() }
    mutating func superEncoder() -> any Encoder { ValuesEncoder() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { ValuesEncoder() }
}

/// Takes values and keeps none: what a link makes of a field that is not a plain value.
private struct DiscardingContainer: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    var codingPath: [any CodingKey] = []
    var count = 0

    mutating func encodeNil() throws {}
    mutating func encode<T: Encodable>(_ value: T) throws {}
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(ValuesEncodingContainer<NestedKey>(box: ValuesBox()))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { DiscardingContainer() }
    mutating func superEncoder() -> any Encoder { ValuesEncoder() }
}
