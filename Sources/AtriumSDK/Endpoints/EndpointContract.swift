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

    /// A request header the contract requires (the OpenAPI document lists it; the endpoint itself
    /// refuses a request without it, as its contract says).
    public struct Header: Sendable, Equatable {
        /// The header's name, as the contract spells it (`AppId`).
        public var name: String
        /// The one value it must have, or nil for any value that is not empty.
        public var value: String?

        /// A header `name` the contract requires, with exactly `value` when given.
        public init(_ name: String, value: String? = nil) {
            self.name = name
            self.value = value
        }
    }

    /// What a text field of the request body must be for the endpoint to take it, beyond its type
    /// (the OpenAPI document says it, so a client knows what is refused before sending).
    public struct TextRule: Sendable, Equatable {
        /// The fewest characters (Unicode code points, as JSON Schema counts them).
        public var minLength: Int?
        /// The most characters (Unicode code points).
        public var maxLength: Int?
        /// Whether it must hold a character that is not white space.
        public var needsNonSpace: Bool

        /// A rule of at least `minLength` and at most `maxLength` characters, holding a character
        /// that is not white space when `needsNonSpace`.
        public init(minLength: Int? = nil, maxLength: Int? = nil, needsNonSpace: Bool = false) {
            self.minLength = minLength
            self.maxLength = maxLength
            self.needsNonSpace = needsNonSpace
        }
    }

    /// The request headers every call must carry.
    @_spi(AtriumHost) public let headers: [Header]
    /// Rules for the body's text fields, by the key the wire spells.
    @_spi(AtriumHost) public let textRules: [String: TextRule]
    /// The request body's type and the reply's, read by the host when the document is asked for.
    @_spi(AtriumHost) public let body: (any (Decodable & SendableMetatype).Type)?
    @_spi(AtriumHost) public let reply: (any (Decodable & SendableMetatype).Type)?
    @_spi(AtriumHost) public let keys: KeyStyle
    /// The reply is some JSON object.
    @_spi(AtriumHost) public let isAnyObject: Bool

    /// An endpoint that reads a `Body` and answers a `Reply`.
    public init<Body: Decodable & SendableMetatype, Reply: Decodable & SendableMetatype>(
        body: Body.Type, reply: Reply.Type, keys: KeyStyle = .asDeclared, headers: [Header] = [], textRules: [String: TextRule] = [:]
    ) {
        self.headers = headers
        self.textRules = textRules
        self.body = body
        self.reply = reply
        self.keys = keys
        isAnyObject = false
    }

    /// An endpoint without a body that answers a `Reply`.
    public init<Reply: Decodable & SendableMetatype>(reply: Reply.Type, keys: KeyStyle = .asDeclared, headers: [Header] = []) {
        self.headers = headers
        textRules = [:]
        body = nil
        self.reply = reply
        self.keys = keys
        isAnyObject = false
    }

    /// An endpoint whose reply is some JSON object (a file it serves, for example).
    public static let anyObject = EndpointContract()

    private init() {
        headers = []
        textRules = [:]
        body = nil
        reply = nil
        keys = .asDeclared
        isAnyObject = true
    }
}
