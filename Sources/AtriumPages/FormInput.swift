import AtriumActions
import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import Foundation

/// An action's body, read once: a form post (`application/x-www-form-urlencoded`) or JSON, told
/// apart by the `Content-Type` media type. Reading it finds every syntax problem (``Unreadable``)
/// before anything acts on it, and its anti-forgery token; decoding a module's fields reads the
/// fields already read.
package struct FormInput: ActionInput {
    enum Body: Sendable {
        case form(FormFields)
        case json(Data)
    }

    let body: Body

    /// The anti-forgery token the form carries (`_csrf`); JSON carries it in a header.
    let formToken: String?

    /// The ``IdempotencyKey`` the form carries, as sent; JSON carries it in a header.
    let idempotencyKey: String?

    /// What the form or button was made on (`_basis`, in a form post or a JSON body alike).
    package let basis: ActionBasis?

    /// The field that carries an action's ``ActionBasis``.
    package static let basisField = "_basis"

    /// Why a body cannot be read, in a visitor's words.
    package struct Unreadable: Error, Sendable, Equatable {
        package let problem: String
    }

    /// Reads `body` as `contentType` says (a form unless it names JSON).
    package init(body: String, contentType: String?) throws(Unreadable) {
        if Self.isJSON(contentType) {
            guard let value = try? JSONSerialization.jsonObject(with: Data(body.utf8), options: [.fragmentsAllowed]) else {
                throw Unreadable(problem: "the body is not valid JSON")
            }
            // An action's fields are an object's members, even when it has none.
            guard let object = value as? [String: Any] else { throw Unreadable(problem: "the body is not a JSON object") }
            self.body = .json(Data(body.utf8))
            formToken = nil
            idempotencyKey = nil
            basis = (object[Self.basisField] as? String).map(ActionBasis.init(digest:))
        } else {
            let fields: FormFields
            do {
                fields = try FormFields(body: body)
            } catch {
                throw Unreadable(problem: error.description)
            }
            self.body = .form(fields)
            formToken = fields[text: "_csrf"]
            idempotencyKey = fields[text: IdempotencyKey.formField]
            basis = fields[text: Self.basisField].map(ActionBasis.init(digest:))
        }
    }

    /// No body at all (an action a test performs with its value already made).
    package static let empty = FormInput(body: .form(FormFields(fields: [:])))

    private init(body: Body) {
        self.body = body
        formToken = nil
        idempotencyKey = nil
        basis = nil
    }

    package func decode<Fields: Decodable>(_ type: Fields.Type, pathParameters: [String: String]) throws -> Fields {
        let userInfo: [CodingUserInfoKey: any Sendable] = [PathMerging<Fields>.key: pathParameters]
        switch body {
        case .form(let fields):
            return try PathMerging<Fields>(from: FormDecoder(fields, userInfo: userInfo)).value
        case .json(let data):
            let decoder = JSONDecoder()
            decoder.userInfo = userInfo
            return try decoder.decode(PathMerging<Fields>.self, from: data).value
        }
    }

    /// Whether the body was read as JSON.
    var isJSON: Bool {
        if case .json = body { return true }
        return false
    }

    /// Whether a `Content-Type` names JSON (`application/json` in any case, any parameters). Read
    /// as bytes: Foundation's splitting, trimming and lowercasing cost 2 % of a form post.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        var media = contentType.utf8[...]
        if let semicolon = media.firstIndex(of: UInt8(ascii: ";")) { media = media[..<semicolon] }
        while let first = media.first, first == 0x20 || first == 0x09 { media = media.dropFirst() }
        while let last = media.last, last == 0x20 || last == 0x09 { media = media.dropLast() }
        let json = "application/json".utf8
        guard media.count == json.count else { return false }
        return zip(media, json).allSatisfy { byte, expected in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 == expected : byte == expected
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

extension SceneRunner {
    /// Performs what `route` performs with a form post of `form`, decoded as the host decodes a
    /// form; nil when the scene has no such action route. For the test kit's scene tests.
    package static func submit<Parameters>(_ scene: S, _ route: Route<Parameters>, form: [String: String], context: SceneContext) async
        -> SceneResponse?
    {
        guard let match = S.routes.first(where: { $0.method == route.method && $0.pattern == route.pattern }), case .action(let decode) = match.role
        else { return nil }
        let body = form.sorted { $0.key < $1.key }.map { "\(encoded($0.key))=\(encoded($0.value))" }.joined(separator: "&")
        let runner = SceneRunner(sceneID: S.id, title: S.title, make: { _ in scene })
        guard let input = try? FormInput(body: body, contentType: nil) else { return nil }
        return await runner.perform(decode, SceneRequest(context: context, input: input, retryPath: "/"))
    }

    private static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }
}
