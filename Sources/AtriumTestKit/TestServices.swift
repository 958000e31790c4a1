@_spi(AtriumHost) import AtriumHost
@_spi(AtriumHost) import AtriumSDK
import Foundation

/// The host services a test boots with: the real implementations where they are quick and need
/// nothing (AES-GCM and JWT under a random key, HTTP to a ``StubHTTPServer``), bcrypt at its
/// lowest cost, and a clock and random codes the test controls.
public struct TestServices: Sendable {
    public var http: any RemoteHTTPClient
    public var passwords: any PasswordHasher
    public var clock: TestClock
    public var random: ScriptedRandom
    public let key: HostKey

    public init(
        http: any RemoteHTTPClient = HostHTTPClient(),
        passwords: any PasswordHasher = BcryptPasswordHasher(cost: 4),
        clock: TestClock = TestClock(),
        random: ScriptedRandom = ScriptedRandom()
    ) {
        self.http = http
        self.passwords = passwords
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
