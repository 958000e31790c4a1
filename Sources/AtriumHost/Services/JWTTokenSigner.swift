@_spi(AtriumHost) import AtriumSDK
import Foundation
import JWTKit

/// Signs and verifies JWTs (HS256, jwt-kit) under a key derived from the host key. The module's
/// claims travel in a `claims` field beside the registered `iat` and `exp`, checked against the
/// host's clock.
public struct JWTTokenSigner: TokenSigner {
    let hostKey: HostKey
    let clock: any WallClock

    public init(hostKey: HostKey, clock: any WallClock) {
        self.hostKey = hostKey
        self.clock = clock
    }

    struct Payload<Claims: Codable & Sendable>: JWTPayload {
        var iat: IssuedAtClaim
        var exp: ExpirationClaim
        var claims: Claims

        func verify(using algorithm: some JWTAlgorithm) throws {}
    }

    private func keys() async throws -> JWTKeyCollection {
        let secret = try hostKey.derived(for: "token").withUnsafeBytes { Data($0) }
        return await JWTKeyCollection().add(hmac: HMACKey(key: .init(data: secret)), digestAlgorithm: .sha256)
    }

    public func sign<Claims: Codable & Sendable>(_ claims: Claims, lifetime: Duration) async throws -> String {
        let now = clock.now
        let payload = Payload(
            iat: .init(value: now), exp: .init(value: now.addingTimeInterval(Double(lifetime.components.seconds))), claims: claims)
        return try await keys().sign(payload)
    }

    public func verify<Claims: Codable & Sendable>(_ token: String, as type: Claims.Type) async throws -> Claims {
        let payload = try await keys().verify(token, as: Payload<Claims>.self)
        try payload.exp.verifyNotExpired(currentDate: clock.now)
        return payload.claims
    }
}
