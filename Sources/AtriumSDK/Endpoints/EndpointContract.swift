/// What a JSON endpoint reads and answers, for the host's OpenAPI document (`/openapi.json`): the
/// request body's type and the successful reply's type, each read by its `Decodable` conformance.
/// It changes nothing the endpoint does.
public struct EndpointContract: Sendable {
    /// How the contract spells keys, when not as the types' properties are named.
    public enum KeyStyle: Sendable {
        case asDeclared
        /// `firstName` is `FirstName` on the wire.
        case pascalCase
    }

    let body: JSONSchema?
    let reply: JSONSchema?

    /// An endpoint that reads a `Body` and answers a `Reply`.
    public init<Body: Decodable, Reply: Decodable>(body: Body.Type, reply: Reply.Type, keys: KeyStyle = .asDeclared) {
        let probe = Self.probe(keys)
        self.body = probe.schema(of: body)
        self.reply = probe.schema(of: reply)
    }

    /// An endpoint without a body that answers a `Reply`.
    public init<Reply: Decodable>(reply: Reply.Type, keys: KeyStyle = .asDeclared) {
        self.body = nil
        self.reply = Self.probe(keys).schema(of: reply)
    }

    /// An endpoint whose reply is some JSON object (a file it serves, for example).
    public static let anyObject = EndpointContract(body: nil, reply: .object([]))

    private init(body: JSONSchema?, reply: JSONSchema?) {
        self.body = body
        self.reply = reply
    }

    private static func probe(_ keys: KeyStyle) -> SchemaProbe {
        switch keys {
        case .asDeclared: SchemaProbe()
        case .pascalCase: SchemaProbe(keyName: { $0.prefix(1).uppercased() + $0.dropFirst() })
        }
    }
}
