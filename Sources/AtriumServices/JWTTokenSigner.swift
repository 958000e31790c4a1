import AtriumSDK
import Foundation
import JWTKit

/// Signs and verifies JWTs (HS256, jwt-kit) under a key derived from the host key. The module's
/// claims travel in a `claims` field beside the registered `iat`, `exp` and `aud`, checked against
/// the host's clock. Each module gets a signer of its own (its id is the audience, and the key is
/// derived for it), so a token one module minted never verifies in another, even where their
/// claims have the same shape.
package struct JWTTokenSigner: TokenSigner {
    let hostKey: HostKey
    let clock: any WallClock
    /// The module the tokens are for, or nil for the host's own.
    let audience: String?

    package init(hostKey: HostKey, clock: any WallClock, audience: String? = nil) {
        self.hostKey = hostKey
        self.clock = clock
        self.audience = audience
    }

    struct Payload<Claims: Codable & Sendable>: JWTPayload {
        var iat: IssuedAtClaim
        var exp: ExpirationClaim
        var aud: AudienceClaim?
        var claims: Claims

        func verify(using algorithm: some JWTAlgorithm) throws {}
    }

    /// Another module's tokens, or the host's.
    struct WrongAudience: Error {}

    private func keys() async throws -> JWTKeyCollection {
        let secret = try hostKey.derived(for: audience.map { "token:\($0)" } ?? "token").withUnsafeBytes { Data($0) }
        return await JWTKeyCollection().add(hmac: HMACKey(key: .init(data: secret)), digestAlgorithm: .sha256)
    }

    package func sign<Claims: Codable & Sendable>(_ claims: Claims, lifetime: Duration) async throws -> String {
        let now = clock.now
        let payload = Payload(
            iat: .init(value: now), exp: .init(value: now.addingTimeInterval(Double(lifetime.components.seconds))),
            aud: audience.map { AudienceClaim(value: $0) }, claims: claims)
        return try await keys().sign(payload)
    }

    package func verify<Claims: Codable & Sendable>(_ token: String, as type: Claims.Type) async throws -> Claims {
        let payload = try await keys().verify(token, as: Payload<Claims>.self)
        try payload.exp.verifyNotExpired(currentDate: clock.now)
        guard payload.aud?.value == audience.map({ [$0] }) else { throw WrongAudience() }
        return payload.claims
    }
}
