/// What the host lends modules, in one place: ``ModuleRegistrar/services`` at registration, for the
/// module's data sources and use cases. Each has a test double in AtriumTestKit, so a module never
/// needs a networking, cryptography or clock dependency of its own.
public struct HostServices: Sendable {
    /// HTTP to remote services, with timeouts and clear errors.
    public let http: any RemoteHTTPClient
    /// Slow, salted password hashing.
    public let passwords: any PasswordHasher
    /// AES-GCM sealing of secrets kept at rest.
    public let secrets: any SecretSealer
    /// Signed tokens (JWT, HS256).
    public let tokens: any TokenSigner
    /// The time now.
    public let clock: any WallClock
    /// Secure random codes and tokens.
    public let random: any RandomSource

    @_spi(AtriumHost)
    public init(
        http: any RemoteHTTPClient,
        passwords: any PasswordHasher,
        secrets: any SecretSealer,
        tokens: any TokenSigner,
        clock: any WallClock,
        random: any RandomSource
    ) {
        self.http = http
        self.passwords = passwords
        self.secrets = secrets
        self.tokens = tokens
        self.clock = clock
        self.random = random
    }
}
