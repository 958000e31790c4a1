import Foundation

/// OpenID Connect's cryptography, provided by the host (jwt-kit and swift-crypto), so a module can
/// be a relying party without a cryptography dependency of its own.
public protocol OpenIDTokens: Sendable {
    /// The PKCE `S256` challenge of a code verifier: base64url(SHA-256(verifier)).
    func codeChallenge(for verifier: String) -> String

    /// The claims of an ID token, once it passed every check: signed by one of `keys` (a JWKS
    /// document) with an asymmetric algorithm the key allows (never `none`, never HS*), and `iss`,
    /// `aud` (and `azp` when present), `exp`/`iat` within the leeway and `nonce` as expected.
    /// ``IDTokenError/unknownKey(_:)`` means the token names a key the document lacks: fetch the
    /// provider's keys again and retry once.
    func verifyIDToken(_ token: String, keys: Data, expecting: IDTokenExpectations) async throws(IDTokenError) -> IDTokenClaims
}

/// What an ID token must say to be accepted.
public struct IDTokenExpectations: Sendable, Equatable {
    /// The provider's issuer, as its discovery document names it.
    public var issuer: String
    /// This site's client id at the provider: the audience.
    public var clientID: String
    /// The nonce this sign-in sent.
    public var nonce: String
    /// The time to check expiry against.
    public var now: Date
    /// Clock difference tolerated on `exp` and `iat`, in seconds.
    public var leeway: TimeInterval

    /// What to expect of a token from `issuer` for `clientID` with `nonce`, at `now`, allowing `leeway` seconds of clock difference.
    public init(issuer: String, clientID: String, nonce: String, now: Date, leeway: TimeInterval = 60) {
        self.issuer = issuer
        self.clientID = clientID
        self.nonce = nonce
        self.now = now
        self.leeway = leeway
    }
}

/// The claims of an accepted ID token that an account is made from.
public struct IDTokenClaims: Sendable, Equatable {
    /// The user's id at the provider (`sub`).
    public var subject: String
    /// The user's email address, if shared.
    public var email: String?
    /// Whether the provider vouches for `email` (`email_verified`); nil when it says nothing.
    public var emailVerified: Bool?
    /// The user's full name, if shared.
    public var name: String?
    /// The user's given name, if shared.
    public var givenName: String?
    /// The user's family name, if shared.
    public var familyName: String?
    /// The user's nickname, if shared.
    public var nickname: String?
    /// The address of the user's picture, if shared.
    public var picture: String?

    /// Claims as a token states them.
    public init(
        subject: String, email: String? = nil, emailVerified: Bool? = nil, name: String? = nil, givenName: String? = nil,
        familyName: String? = nil, nickname: String? = nil, picture: String? = nil
    ) {
        self.subject = subject
        self.email = email
        self.emailVerified = emailVerified
        self.name = name
        self.givenName = givenName
        self.familyName = familyName
        self.nickname = nickname
        self.picture = picture
    }
}

/// Why an ID token was refused.
public enum IDTokenError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not a JSON Web Token.
    case malformed
    /// Signed with an algorithm the host does not accept (`none` or HMAC among them): only public-key signatures are.
    case unsupportedAlgorithm(String)
    /// Signed with a key the provider does not list.
    case unknownKey(String?)
    /// The signature does not match.
    case badSignature
    /// Issued by another provider.
    case wrongIssuer
    /// Meant for another client.
    case wrongAudience
    /// Several audiences, and this client is not the authorized party.
    case wrongAuthorizedParty
    /// Past its expiry.
    case expired
    /// Issued later than now, past the leeway.
    case issuedInTheFuture
    /// Another sign-in's nonce.
    case wrongNonce

    public var description: String {
        switch self {
        case .malformed: "the ID token is not a well-formed JWT with the claims OpenID Connect requires"
        case .unsupportedAlgorithm(let algorithm): "the ID token is signed with '\(algorithm)', which is not accepted"
        case .unknownKey(let kid): "the ID token names a key the provider does not publish (\(kid ?? "no kid"))"
        case .badSignature: "the ID token's signature does not verify"
        case .wrongIssuer: "the ID token comes from another issuer"
        case .wrongAudience: "the ID token is for another client"
        case .wrongAuthorizedParty: "the ID token was issued to another party (azp)"
        case .expired: "the ID token has expired"
        case .issuedInTheFuture: "the ID token is issued in the future"
        case .wrongNonce: "the ID token's nonce is not the one this sign-in sent"
        }
    }
}
