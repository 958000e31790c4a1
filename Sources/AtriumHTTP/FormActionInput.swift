@_spi(AtriumHost) import AtriumSDK
import Foundation
import Hummingbird

/// An action body: a form post (`application/x-www-form-urlencoded`) or JSON, told apart by the
/// `Content-Type` media type.
struct FormActionInput: ActionInput {
    enum Encoding: Sendable { case form, json }

    /// Only the anti-forgery field: decoding it reads the whole form, so it also finds every
    /// syntax problem (a field sent twice, a broken percent-escape) before anything acts on it.
    private struct TokenField: Decodable {
        var _csrf: String?
    }

    let body: String
    let encoding: Encoding

    init(body: String, contentType: String?) {
        self.body = body
        let media = contentType.flatMap { MediaType(from: $0) }
        self.encoding = media.map { $0.isType(.applicationJson) } == true ? .json : .form
    }

    func decode<Fields: Decodable>(_ type: Fields.Type, pathParameters: [String: String]) throws -> Fields {
        let userInfo: [CodingUserInfoKey: any Sendable] = [PathMerging<Fields>.key: pathParameters]
        switch encoding {
        case .form:
            return try URLEncodedFormDecoder(userInfo: userInfo).decode(PathMerging<Fields>.self, from: body).value
        case .json:
            let decoder = JSONDecoder()
            decoder.userInfo = userInfo
            return try decoder.decode(PathMerging<Fields>.self, from: Data(body.utf8)).value
        }
    }

    /// What makes the body unreadable as a whole, in a visitor's words; nil when it can be read.
    var syntaxProblem: String? {
        switch encoding {
        case .form:
            do {
                _ = try URLEncodedFormDecoder().decode(TokenField.self, from: body)
                return nil
            } catch let error as URLEncodedFormError {
                return Self.describe(error)
            } catch {
                return "the form is not valid"
            }
        case .json:
            guard let value = try? JSONSerialization.jsonObject(with: Data(body.utf8), options: [.fragmentsAllowed]) else {
                return "the body is not valid JSON"
            }
            // An action's fields are an object's members, even when it has none.
            guard value is [String: Any] else { return "the body is not a JSON object" }
            return nil
        }
    }

    /// The anti-forgery token sent in the body, if any.
    var csrfToken: String? {
        guard encoding == .form else { return nil }
        return (try? URLEncodedFormDecoder().decode(TokenField.self, from: body))?._csrf
    }

    static func describe(_ error: URLEncodedFormError) -> String {
        let value = error.value.count > 40 ? error.value.prefix(40) + "…" : error.value
        switch error.code {
        case .duplicateKeys: return "the field '\(value)' was sent more than once"
        case .failedToPercentDecode: return "'\(value)' is not correctly percent-encoded"
        case .corruptKeyValue: return "the field name '\(value)' cannot be read"
        case .addingToInvalidType, .notSupported, .invalidArrayIndex: return "the field '\(value)' mixes a list and a single value"
        default: return "the form is not valid"
        }
    }
}

/// Decodes an action's fields with the route's path parameters read first: a field the path
/// names comes from the path (typed as the field is), the others from the body.
private struct PathMerging<Fields: Decodable>: Decodable {
    static var key: CodingUserInfoKey { CodingUserInfoKey(rawValue: "atrium.pathParameters")! }

    let value: Fields

    init(from decoder: any Decoder) throws {
        let path = decoder.userInfo[Self.key] as? [String: String] ?? [:]
        value = try Fields(from: path.isEmpty ? decoder : MergingDecoder(body: decoder, path: path))
    }
}

private struct MergingDecoder: Decoder {
    let body: any Decoder
    let path: [String: String]
    var codingPath: [any CodingKey] { body.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { body.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        // A body with nothing but the form token may have no keyed shape at all.
        let inner = try? body.container(keyedBy: type)
        return KeyedDecodingContainer(MergingContainer<Key>(body: inner, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try body.unkeyedContainer() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { try body.singleValueContainer() }
}

private struct MergingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let body: KeyedDecodingContainer<Key>?
    let path: [String: String]
    var codingPath: [any CodingKey] { body?.codingPath ?? [] }
    var allKeys: [Key] { (body?.allKeys ?? []) + path.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { path[key.stringValue] != nil || body?.contains(key) == true }

    func decodeNil(forKey key: Key) throws -> Bool {
        if path[key.stringValue] != nil { return false }
        return try body?.decodeNil(forKey: key) ?? true
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if let text = path[key.stringValue] {
            return try RouteParametersCoding.value(type, from: text, key: key)
        }
        guard let body else { throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "not in the body")) }
        return try body.decode(type, forKey: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        guard let body else { throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "not in the body")) }
        return try body.nestedContainer(keyedBy: type, forKey: key)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        guard let body else { throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "not in the body")) }
        return try body.nestedUnkeyedContainer(forKey: key)
    }

    func superDecoder() throws -> any Decoder {
        guard let body else { throw DecodingError.valueNotFound(Any.self, .init(codingPath: [], debugDescription: "no body")) }
        return try body.superDecoder()
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        guard let body else { throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "not in the body")) }
        return try body.superDecoder(forKey: key)
    }
}
