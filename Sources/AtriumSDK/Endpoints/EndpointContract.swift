/// What a JSON endpoint reads and answers, for the host's OpenAPI document (`/openapi.json`): the
/// request body's type and the successful reply's type, each read by its `Decodable` conformance.
/// It changes nothing the endpoint does, and costs nothing at boot: the types are read when the
/// document is first asked for.
public struct EndpointContract: Sendable {
    /// How the contract spells keys, when not as the types' properties are named.
    public enum KeyStyle: Sendable {
        /// As the types' properties are named.
        case asDeclared
        /// `firstName` is `FirstName` on the wire.
        case pascalCase
    }

    /// The request body's type and the reply's, read by the host when the document is asked for.
    @_spi(AtriumHost) public let body: (any (Decodable & SendableMetatype).Type)?
    @_spi(AtriumHost) public let reply: (any (Decodable & SendableMetatype).Type)?
    @_spi(AtriumHost) public let keys: KeyStyle
    /// The reply is some JSON object.
    @_spi(AtriumHost) public let isAnyObject: Bool

    /// An endpoint that reads a `Body` and answers a `Reply`.
    public init<Body: Decodable & SendableMetatype, Reply: Decodable & SendableMetatype>(
        body: Body.Type, reply: Reply.Type, keys: KeyStyle = .asDeclared
    ) {
        self.body = body
        self.reply = reply
        self.keys = keys
        isAnyObject = false
    }

    /// An endpoint without a body that answers a `Reply`.
    public init<Reply: Decodable & SendableMetatype>(reply: Reply.Type, keys: KeyStyle = .asDeclared) {
        body = nil
        self.reply = reply
        self.keys = keys
        isAnyObject = false
    }

    /// An endpoint whose reply is some JSON object (a file it serves, for example).
    public static let anyObject = EndpointContract()

    private init() {
        body = nil
        reply = nil
        keys = .asDeclared
        isAnyObject = true
    }
}
