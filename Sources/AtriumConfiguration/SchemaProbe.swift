import AtriumSDK
import Foundation

/// Reads the JSON shape of a `Decodable` type by decoding it from a decoder that answers every
/// question with a sample and notes what was asked: the keys (required when decoded, optional when
/// decoded if present), their types, lists and nested objects. Types with cases (`CaseIterable`)
/// give their raw values; `references` name types the document describes once (recursive ones).
package struct SchemaProbe: Sendable {
    /// A type described elsewhere in the document: its schema's name and a value to hand back.
    package struct Reference: Sendable {
        var name: String
        var sample: any Sendable

        package init(name: String, sample: any Sendable) {
            self.name = name
            self.sample = sample
        }
    }

    let references: [ObjectIdentifier: Reference]
    /// The key as written on the wire, from the property's name (for contracts in another case).
    let keyName: @Sendable (String) -> String

    package init(references: [ObjectIdentifier: Reference] = [:], keyName: @escaping @Sendable (String) -> String = { $0 }) {
        self.references = references
        self.keyName = keyName
    }

    /// The shape of `type`, or ``JSONSchema/any`` when its decoding cannot be followed.
    package func schema<T: Decodable>(of type: T.Type) -> JSONSchema {
        (try? probe(type, depth: 0).schema) ?? .any
    }

    /// The schema of a type nested in another, and a value of it for the outer decoding to go on.
    func probe<T: Decodable>(_ type: T.Type, depth: Int) throws -> (schema: JSONSchema, value: T) {
        if let reference = references[ObjectIdentifier(type)], let sample = reference.sample as? T {
            return (.reference(reference.name), sample)
        }
        if let (schema, value) = Self.plain(type) { return (schema, value) }
        if let cases = type as? any CaseIterable.Type, let (schema, value) = Self.firstCase(of: cases, as: type) {
            return (schema, value)
        }
        guard depth < 16 else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "nested too deep")) }
        let decoder = ProbeDecoder(probe: self, depth: depth + 1)
        let value = try T(from: decoder)
        return (decoder.note.schema, value)
    }

    private static func plain<T>(_ type: T.Type) -> (JSONSchema, T)? {
        let found: (JSONSchema, Any)? =
            switch type {
            case is String.Type: (.string(format: nil), "")
            case is Bool.Type: (.boolean, false)
            case is Int.Type: (.integer, 0)
            case is Int64.Type: (.integer, Int64(0))
            case is Int32.Type: (.integer, Int32(0))
            case is UInt.Type: (.integer, UInt(0))
            case is UInt64.Type: (.integer, UInt64(0))
            case is Double.Type: (.number, 0.0)
            case is Float.Type: (.number, Float(0))
            case is Decimal.Type: (.number, Decimal(0))
            case is UUID.Type: (.string(format: "uuid"), UUID())
            case is Date.Type: (.number, Date(timeIntervalSinceReferenceDate: 0))
            case is URL.Type: (.string(format: "uri"), URL(string: "https://example.com")!)
            case is Data.Type: (.string(format: nil), Data())
            default: nil
            }
        guard let (schema, value) = found, let typed = value as? T else { return nil }
        return (schema, typed)
    }

    private static func firstCase<C: CaseIterable, T>(of cases: C.Type, as type: T.Type) -> (JSONSchema, T)? {
        guard let first = cases.allCases.first as? T else { return nil }
        let names = cases.allCases.compactMap { ($0 as? any RawRepresentable)?.rawValue as? String }
        return (names.count == cases.allCases.count ? .oneOf(names) : .any, first)
    }
}

/// What a probed value turned out to be.
private final class SchemaNote: @unchecked Sendable {
    var schema: JSONSchema = .any
    var properties: [JSONSchema.Property] = []

    func property(_ name: String, _ schema: JSONSchema, required: Bool) {
        if let index = properties.firstIndex(where: { $0.name == name }) {
            properties[index].isRequired = properties[index].isRequired || required
        } else {
            properties.append(JSONSchema.Property(name: name, schema: schema, isRequired: required))
        }
        self.schema = .object(properties)
    }
}

private struct ProbeDecoder: Decoder {
    let probe: SchemaProbe
    let depth: Int
    let note = SchemaNote()
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if case .any = note.schema { note.schema = .object([]) }
        return KeyedDecodingContainer(ProbeKeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { ProbeUnkeyedContainer(decoder: self) }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { ProbeSingleValueContainer(decoder: self) }
}

private struct ProbeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ProbeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try record(type, key, required: true) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try record(type, key, required: false) }

    // Synthesized decoding calls the overloads for plain types.
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try record(type, key, required: false) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try record(type, key, required: false) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try record(type, key, required: false) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try record(type, key, required: false) }

    private func record<T: Decodable>(_ type: T.Type, _ key: Key, required: Bool) throws -> T {
        let (schema, value) = try decoder.probe.probe(type, depth: decoder.depth)
        decoder.note.property(decoder.probe.keyName(key.stringValue), schema, required: required)
        return value
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let nested = ProbeDecoder(probe: decoder.probe, depth: decoder.depth + 1)
        let container = try nested.container(keyedBy: type)
        decoder.note.property(decoder.probe.keyName(key.stringValue), .object([]), required: true)
        return container
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        decoder.note.property(decoder.probe.keyName(key.stringValue), .array(of: .any), required: true)
        return ProbeUnkeyedContainer(decoder: ProbeDecoder(probe: decoder.probe, depth: decoder.depth + 1))
    }

    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { decoder }
}

/// A list: one element is decoded (its shape is the items'), then the list ends.
private struct ProbeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: ProbeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { 1 }
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex >= 1 }

    init(decoder: ProbeDecoder) {
        self.decoder = decoder
        decoder.note.schema = .array(of: .any)
    }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (schema, value) = try decoder.probe.probe(type, depth: decoder.depth)
        decoder.note.schema = .array(of: schema)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        currentIndex += 1
        return try ProbeDecoder(probe: decoder.probe, depth: decoder.depth + 1).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        currentIndex += 1
        return ProbeUnkeyedContainer(decoder: ProbeDecoder(probe: decoder.probe, depth: decoder.depth + 1))
    }

    mutating func superDecoder() throws -> any Decoder { decoder }
}

private struct ProbeSingleValueContainer: SingleValueDecodingContainer {
    let decoder: ProbeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (schema, value) = try decoder.probe.probe(type, depth: decoder.depth)
        decoder.note.schema = schema
        return value
    }
}
