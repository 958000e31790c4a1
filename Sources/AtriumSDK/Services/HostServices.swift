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
    /// OpenID Connect: PKCE challenges and ID token checks against a provider's keys.
    public let openID: any OpenIDTokens
    /// The time now.
    public let clock: any WallClock
    /// Secure random codes and tokens.
    public let random: any RandomSource
    /// The module's own counters on `GET /metrics`.
    public let metrics: ModuleMetrics

    /// Where ``localURL(_:)`` addresses point: a name of this host only, never looked up on a network.
    @_spi(AtriumHost) public static let localOrigin = "http://atrium.localhost"

    /// The address of a path this host serves, for a module's client that talks to the module's own
    /// sandbox: `services.localURL("/moneybox/sandbox/")`. Requests sent there through ``http`` are
    /// answered by this host's router in-process: the same request and answer as over the network,
    /// with no port (tests and `atrium render` included).
    public func localURL(_ path: String) -> String { Self.localOrigin + path }

    /// The same services with `http` (and `metrics`, `tokens`) replaced: the host routes
    /// ``localURL(_:)`` addresses through it, and gives each module its own counters and token key.
    @_spi(AtriumHost)
    public func replacing(http: any RemoteHTTPClient, metrics: ModuleMetrics? = nil, tokens: (any TokenSigner)? = nil) -> HostServices {
        HostServices(
            http: http, passwords: passwords, secrets: secrets, tokens: tokens ?? self.tokens, openID: openID, clock: clock, random: random,
            metrics: metrics ?? self.metrics)
    }

    @_spi(AtriumHost)
    public init(
        http: any RemoteHTTPClient,
        passwords: any PasswordHasher,
        secrets: any SecretSealer,
        tokens: any TokenSigner,
        openID: any OpenIDTokens,
        clock: any WallClock,
        random: any RandomSource,
        metrics: ModuleMetrics = .none
    ) {
        self.http = http
        self.passwords = passwords
        self.secrets = secrets
        self.tokens = tokens
        self.openID = openID
        self.clock = clock
        self.random = random
        self.metrics = metrics
    }
}
