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

    /// One collection per listed host key, the signing one first: a token signed before a key was
    /// added verifies under the key that signed it (HMAC's check is cheap, and a token names no key).
    private func keys() async throws -> [JWTKeyCollection] {
        var collections: [JWTKeyCollection] = []
        for key in try hostKey.allDerived(for: audience.map { "token:\($0)" } ?? "token") {
            let secret = key.withUnsafeBytes { Data($0) }
            collections.append(await JWTKeyCollection().add(hmac: HMACKey(key: .init(data: secret)), digestAlgorithm: .sha256))
        }
        return collections
    }

    package func sign<Claims: Codable & Sendable>(_ claims: Claims, lifetime: Duration) async throws -> String {
        let now = clock.now
        let payload = Payload(
            iat: .init(value: now), exp: .init(value: now.addingTimeInterval(Double(lifetime.components.seconds))),
            aud: audience.map { AudienceClaim(value: $0) }, claims: claims)
        return try await keys()[0].sign(payload)
    }

    package func verify<Claims: Codable & Sendable>(_ token: String, as type: Claims.Type) async throws -> Claims {
        let payload = try await verified(token, as: Claims.self)
        try payload.exp.verifyNotExpired(currentDate: clock.now)
        guard payload.aud?.value == audience.map({ [$0] }) else { throw WrongAudience() }
        return payload.claims
    }

    /// The token's payload under the first listed key whose signature it carries; the first key's
    /// error when none.
    private func verified<Claims: Codable & Sendable>(_ token: String, as type: Claims.Type) async throws -> Payload<Claims> {
        let collections = try await keys()
        var firstError: (any Error)?
        for collection in collections {
            do {
                return try await collection.verify(token, as: Payload<Claims>.self)
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        throw firstError ?? WrongAudience()
    }
}
