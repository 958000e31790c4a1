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
    public var issuer: String
    public var clientID: String
    public var nonce: String
    public var now: Date
    /// Clock difference tolerated on `exp` and `iat`, in seconds.
    public var leeway: TimeInterval

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
    public var subject: String
    public var email: String?
    /// Whether the provider vouches for `email` (`email_verified`); nil when it says nothing.
    public var emailVerified: Bool?
    public var name: String?
    public var givenName: String?
    public var familyName: String?
    public var nickname: String?
    public var picture: String?

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
    case malformed
    case unsupportedAlgorithm(String)
    case unknownKey(String?)
    case badSignature
    case wrongIssuer
    case wrongAudience
    case wrongAuthorizedParty
    case expired
    case issuedInTheFuture
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
