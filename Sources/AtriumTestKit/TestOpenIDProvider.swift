import Crypto
import Foundation
import JWTKit
import Synchronization

/// A small OpenID provider for tests, on a ``StubHTTPServer``: discovery, keys (ES256) and a token
/// endpoint that answers with the ID token a test signed, well-formed or not (another key, another
/// audience, `none`, HS256 under the public key). It checks PKCE itself: ``pkceHeld`` says whether
/// every code verifier sent matched the challenge of the authorization request before it.
public final class TestOpenIDProvider: Sendable {
    /// Which key signs a token.
    public enum Signer: Sendable {
        /// The provider's published key.
        case provider
        /// A key the provider never published, under the published key's `kid`.
        case stranger
        /// No signature at all (`alg: none`).
        case none
        /// HS256 with the published public key's bytes as the secret (the classic confusion attack).
        case publicKeyAsHMACSecret
    }

    /// The provider's issuer address.
    public let issuer: String
    /// The server it answers from: what it was asked.
    public let stub: StubHTTPServer
    let state: Mutex<State>
    let keys: Keys

    struct State {
        var tokenAnswer = (status: 200, body: #"{"error": "no token prepared"}"#)
        var challenges: [String] = []
        var verifiers: [String] = []
        var cacheControl = "max-age=600"
        var published: [String] = ["provider-key"]
        var discoveryIssuer: String?
        var clock: TestClock?
    }

    struct Keys: Sendable {
        let provider = ES256PrivateKey()
        let rotated = ES256PrivateKey()
        let stranger = ES256PrivateKey()
    }

    struct Claims: JWTPayload {
        var values: [String: ClaimValue]

        init(_ values: [String: ClaimValue]) { self.values = values }
        init(from decoder: any Decoder) throws { values = try [String: ClaimValue](from: decoder) }
        func encode(to encoder: any Encoder) throws { try values.encode(to: encoder) }
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    /// A claim's value: text, a number, a flag or a list of texts.
    public enum ClaimValue: Codable, Sendable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral {
        /// A string claim.
        case text(String)
        /// A number claim.
        case number(Double)
        /// A boolean claim.
        case flag(Bool)
        /// A list of strings (an audience).
        case texts([String])

        public init(stringLiteral value: String) { self = .text(value) }
        public init(booleanLiteral value: Bool) { self = .flag(value) }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) {
                self = .flag(flag)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else if let text = try? container.decode(String.self) {
                self = .text(text)
            } else {
                self = .texts(try container.decode([String].self))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .number(let number): try container.encode(number)
            case .flag(let flag): try container.encode(flag)
            case .texts(let texts): try container.encode(texts)
            }
        }
    }

    private init(issuer: String, stub: StubHTTPServer, keys: Keys) {
        self.issuer = issuer
        self.stub = stub
        self.state = Mutex(State())
        self.keys = keys
    }

    /// Runs `body` with a provider listening on a free loopback port.
    public static func with<Value: Sendable>(_ body: @Sendable (TestOpenIDProvider) async throws -> Value) async throws -> Value {
        let keys = Keys()
        let shared = SharedState()
        return try await StubHTTPServer.with(answering: { request in shared.answer(request, keys: keys) }) { stub in
            let provider = TestOpenIDProvider(issuer: stub.baseURL, stub: stub, keys: keys)
            shared.attach(provider)
            return try await body(provider)
        }
    }

    /// Answers the next token requests with `idToken` (status 200), or with an error status.
    public func answerTokenRequests(with idToken: String, status: Int = 200) {
        let body = status == 200 ? #"{"access_token": "at", "token_type": "Bearer", "id_token": "\#(idToken)"}"# : #"{"error": "invalid_grant"}"#
        state.withLock { $0.tokenAnswer = (status, body) }
    }

    /// Publishes a second key and signs with it from now on (a key rotation).
    public func rotateKeys() { state.withLock { $0.published = ["provider-key", "rotated-key"] } }

    /// The `Cache-Control` of the discovery document and the keys.
    public func setCacheControl(_ value: String) { state.withLock { $0.cacheControl = value } }

    /// Makes the discovery document name another issuer.
    public func announceIssuer(_ issuer: String) { state.withLock { $0.discoveryIssuer = issuer } }

    /// Dates tokens from `clock` (the host's test clock) rather than the real time.
    public func useClock(_ clock: TestClock) { state.withLock { $0.clock = clock } }

    /// Whether every code verifier sent so far matched the challenge sent before it (S256).
    public var pkceHeld: Bool {
        state.withLock { state in
            !state.verifiers.isEmpty
                && state.verifiers.allSatisfy { verifier in
                    state.challenges.contains(Self.base64URL(Data(SHA256.hash(data: Data(verifier.utf8)))))
                }
        }
    }

    /// Records the challenge of an authorization request the test saw (the browser would carry it
    /// to the provider; the test client does not go there).
    public func sawAuthorizationRequest(_ url: String) {
        guard let challenge = URLComponents(string: url)?.queryItems?.first(where: { $0.name == "code_challenge" })?.value else { return }
        state.withLock { $0.challenges.append(challenge) }
    }

    /// A signed ID token: `sub`, `aud` (this client unless given), `nonce`, `iss`, `iat` and `exp`
    /// as given, and any other claims.
    public func idToken(
        subject: String, nonce: String, audience: [String] = ["atrium"], issuer: String? = nil, issuedAt: Date? = nil,
        lifetime: TimeInterval = 300, claims: [String: ClaimValue] = [:], signer: Signer = .provider
    ) async throws -> String {
        let issuedAt = issuedAt ?? state.withLock { $0.clock?.now } ?? Date()
        var values = claims
        values["sub"] = .text(subject)
        values["nonce"] = .text(nonce)
        values["iss"] = .text(issuer ?? self.issuer)
        values["aud"] = audience.count == 1 ? .text(audience[0]) : .texts(audience)
        values["iat"] = .number(issuedAt.timeIntervalSince1970.rounded())
        values["exp"] = .number(issuedAt.addingTimeInterval(lifetime).timeIntervalSince1970.rounded())
        let rotated = state.withLock { $0.published.contains("rotated-key") }
        let collection = JWTKeyCollection()
        switch signer {
        case .provider:
            let kid = rotated ? "rotated-key" : "provider-key"
            await collection.add(ecdsa: rotated ? keys.rotated : keys.provider, kid: JWKIdentifier(string: kid))
            return try await collection.sign(Claims(values), kid: JWKIdentifier(string: kid))
        case .stranger:
            await collection.add(ecdsa: keys.stranger, kid: "provider-key")
            return try await collection.sign(Claims(values), kid: "provider-key")
        case .none:
            let header = Self.base64URL(Data(#"{"alg":"none","kid":"provider-key","typ":"JWT"}"#.utf8))
            let body = Self.base64URL(try JSONEncoder().encode(values))
            return "\(header).\(body)."
        case .publicKeyAsHMACSecret:
            await collection.add(hmac: HMACKey(from: Data(jwks.utf8)), digestAlgorithm: .sha256, kid: "provider-key")
            return try await collection.sign(Claims(values), kid: "provider-key")
        }
    }

    /// The published keys as a JWKS document.
    var jwks: String {
        let published = state.withLock { $0.published }
        let entries = published.map { kid -> String in
            let key = kid == "rotated-key" ? keys.rotated : keys.provider
            let point = key.publicKey.parameters!
            return #"{"kty":"EC","crv":"P-256","x":"\#(point.x)","y":"\#(point.y)","kid":"\#(kid)","alg":"ES256","use":"sig"}"#
        }
        return #"{"keys":[\#(entries.joined(separator: ","))]}"#
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The stub's answers, which need the provider (made once the stub listens).
    final class SharedState: Sendable {
        private let provider = Mutex<TestOpenIDProvider?>(nil)

        func attach(_ provider: TestOpenIDProvider) { self.provider.withLock { $0 = provider } }

        func answer(_ request: StubHTTPServer.Received, keys: Keys) -> StubHTTPServer.Reply {
            guard let provider = provider.withLock({ $0 }) else { return .init(status: 503, body: "{}") }
            return provider.answer(request)
        }
    }

    func answer(_ request: StubHTTPServer.Received) -> StubHTTPServer.Reply {
        let (cacheControl, announced) = state.withLock { ($0.cacheControl, $0.discoveryIssuer) }
        switch request.path {
        case "/.well-known/openid-configuration":
            let body = """
                {"issuer": "\(announced ?? issuer)", "authorization_endpoint": "\(issuer)/authorize", "token_endpoint": "\(issuer)/token",
                 "jwks_uri": "\(issuer)/jwks", "end_session_endpoint": "\(issuer)/logout",
                 "token_endpoint_auth_methods_supported": ["client_secret_basic"], "response_types_supported": ["code"]}
                """
            return .init(body: body, cacheControl: cacheControl)
        case "/jwks":
            return .init(body: jwks, cacheControl: cacheControl)
        case "/token":
            let form = URLComponents(string: "?" + request.body)?.queryItems ?? []
            if let verifier = form.first(where: { $0.name == "code_verifier" })?.value {
                state.withLock { $0.verifiers.append(verifier) }
            }
            let answer = state.withLock { $0.tokenAnswer }
            return .init(status: answer.status, body: answer.body)
        default:
            return .init(status: 404, body: "{}")
        }
    }
}
