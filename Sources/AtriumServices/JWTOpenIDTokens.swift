import AtriumSDK
import AtriumSupport
import Foundation
import JWTKit

/// ID token checks with jwt-kit: the algorithm is read from the token's header and must be an
/// asymmetric one (no `none`, no HS*: a provider's published keys are public, and a public key used
/// as an HMAC secret would let anyone sign); the key is the JWKS key the header names, and its own
/// `alg`, when it has one, must agree. The claims are then checked here, each with its own error.
package struct JWTOpenIDTokens: OpenIDTokens {
    static let acceptedAlgorithms: Set<String> = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"]

    package init() {}

    package func codeChallenge(for verifier: String) -> String { PKCEChallenge.s256(verifier) }

    struct Header: Decodable {
        var alg: String?
        var kid: String?
    }

    /// The claims checked and read, in whatever shapes providers send them.
    struct Payload: JWTPayload {
        var iss: String?
        var sub: String?
        var aud: AudienceClaim?
        var azp: String?
        var exp: Double?
        var iat: Double?
        var nonce: String?
        var email: String?
        var emailVerified: FlexibleBool?
        var name: String?
        var givenName: String?
        var familyName: String?
        var nickname: String?
        var picture: String?

        enum CodingKeys: String, CodingKey {
            case iss, sub, aud, azp, exp, iat, nonce, email, name, nickname, picture
            case emailVerified = "email_verified"
            case givenName = "given_name"
            case familyName = "family_name"
        }

        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    /// `aud`: one string or a list of them.
    struct AudienceClaim: Codable, Sendable {
        var values: [String]

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let one = try? container.decode(String.self) {
                values = [one]
            } else {
                values = try container.decode([String].self)
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(values)
        }
    }

    /// `email_verified`: a boolean, or (from some providers) the text "true" or "false".
    struct FlexibleBool: Codable, Sendable {
        var value: Bool

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let bool = try? container.decode(Bool.self) {
                value = bool
            } else {
                value = try container.decode(String.self).lowercased() == "true"
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }

    package func verifyIDToken(_ token: String, keys: Data, expecting: IDTokenExpectations) async throws(IDTokenError) -> IDTokenClaims {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, token.utf8.count <= 64 * 1024, let headerData = Base64URL.lenientlyDecoded(String(parts[0])),
            let header = try? JSONDecoder().decode(Header.self, from: headerData)
        else { throw .malformed }
        guard let algorithm = header.alg, Self.acceptedAlgorithms.contains(algorithm) else {
            throw .unsupportedAlgorithm(header.alg ?? "none")
        }
        guard let jwks = try? JSONDecoder().decode(JWKS.self, from: keys) else { throw .unknownKey(header.kid) }
        // The key the header names; with no kid, the document's only key.
        let candidates = jwks.keys.filter { key in
            guard let kid = header.kid else { return true }
            return key.keyIdentifier?.string == kid
        }
        guard candidates.count == 1 || (header.kid != nil && !candidates.isEmpty), var key = candidates.first else {
            throw .unknownKey(header.kid)
        }
        if let own = key.algorithm?.rawValue, own != algorithm { throw .badSignature }
        key.keyIdentifier = JWKIdentifier(string: "id-token-key")
        let collection = JWTKeyCollection()
        let payload: Payload
        do {
            try await collection.add(jwk: key, isDefault: true)
            payload = try await collection.verify(token, as: Payload.self)
        } catch {
            throw .badSignature
        }
        guard let subject = payload.sub, !subject.isEmpty, let expiry = payload.exp, let issuedAt = payload.iat else { throw .malformed }
        guard payload.iss == expecting.issuer else { throw .wrongIssuer }
        guard let audiences = payload.aud?.values, audiences.contains(expecting.clientID) else { throw .wrongAudience }
        // Several audiences need an authorized party, and it must be this client.
        if let party = payload.azp, party != expecting.clientID { throw .wrongAuthorizedParty }
        if audiences.count > 1 && payload.azp == nil { throw .wrongAuthorizedParty }
        let now = expecting.now.timeIntervalSince1970
        guard expiry + expecting.leeway > now else { throw .expired }
        guard issuedAt - expecting.leeway <= now else { throw .issuedInTheFuture }
        guard let nonce = payload.nonce, nonce == expecting.nonce else { throw .wrongNonce }
        return IDTokenClaims(
            subject: subject, email: payload.email, emailVerified: payload.emailVerified?.value, name: payload.name,
            givenName: payload.givenName, familyName: payload.familyName, nickname: payload.nickname, picture: payload.picture)
    }
}
