/// What a JSON endpoint reads and answers, for the host's OpenAPI document (`/openapi.json`): the
/// request body's type and the successful reply's type, each read by its `Decodable` conformance.
/// It changes nothing the endpoint does, and costs nothing at boot: the types are read when the
/// document is first asked for.
public struct EndpointContract: Sendable {
    /// How the contract spells keys, when not as the types' properties are named.
    public enum KeyStyle: Sendable {
        case asDeclared
        /// `firstName` is `FirstName` on the wire.
        case pascalCase
    }

    let schemas: RouteRegistration.Schemas

    /// An endpoint that reads a `Body` and answers a `Reply`.
    public init<Body: Decodable & SendableMetatype, Reply: Decodable & SendableMetatype>(
        body: Body.Type, reply: Reply.Type, keys: KeyStyle = .asDeclared
    ) {
        schemas = .init(body: { Self.probe(keys).schema(of: Body.self) }, reply: { Self.probe(keys).schema(of: Reply.self) })
    }

    /// An endpoint without a body that answers a `Reply`.
    public init<Reply: Decodable & SendableMetatype>(reply: Reply.Type, keys: KeyStyle = .asDeclared) {
        schemas = .init(reply: { Self.probe(keys).schema(of: Reply.self) })
    }

    /// An endpoint whose reply is some JSON object (a file it serves, for example).
    public static let anyObject = EndpointContract(schemas: .init(reply: { .object([]) }))

    private init(schemas: RouteRegistration.Schemas) {
        self.schemas = schemas
    }

    private static func probe(_ keys: KeyStyle) -> SchemaProbe {
        switch keys {
        case .asDeclared: SchemaProbe()
        case .pascalCase: SchemaProbe(keyName: { $0.prefix(1).uppercased() + $0.dropFirst() })
        }
    }
}
