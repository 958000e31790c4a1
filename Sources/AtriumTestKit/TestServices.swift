import AtriumHost
import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import AtriumServices
import Foundation

/// The host services a test boots with: the real implementations where they are quick and need
/// nothing (AES-GCM and JWT under a random key, HTTP to a ``StubHTTPServer``), bcrypt at its
/// lowest cost, and a clock and random codes the test controls.
public struct TestServices: Sendable {
    /// What modules reach remote services with (the real client unless given).
    public var http: any RemoteHTTPClient
    /// Password hashing (bcrypt at cost 4, fast enough for tests).
    public var passwords: any PasswordHasher
    /// The clock the modules read: move it.
    public var clock: TestClock
    /// The random source: script its codes.
    public var random: ScriptedRandom
    /// The host key the modules' sealer and signer use, random per test (a test of a key rotation
    /// sets it to the keys its configuration lists).
    package var key: HostKey

    /// Services for a test host; see each property. Without `http`, the host's own client; without
    /// `passwords`, bcrypt at its lowest cost (production uses 12).
    public init(
        http: (any RemoteHTTPClient)? = nil,
        passwords: (any PasswordHasher)? = nil,
        clock: TestClock = TestClock(),
        random: ScriptedRandom = ScriptedRandom()
    ) {
        self.http = http ?? HostHTTPClient()
        self.passwords = passwords ?? BcryptPasswordHasher(cost: 4)
        self.clock = clock
        self.random = random
        self.key = HostKey.random()
    }

    /// The services as modules receive them.
    public var services: HostServices {
        HostServices(
            http: http, passwords: passwords, secrets: AESGCMSecretSealer(hostKey: key), tokens: JWTTokenSigner(hostKey: key, clock: clock),
            openID: JWTOpenIDTokens(), clock: clock, random: random)
    }
}
