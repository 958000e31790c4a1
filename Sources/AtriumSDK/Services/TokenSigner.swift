/// Signs and verifies JSON Web Tokens under the host's key (HS256, provided by the host with
/// jwt-kit), for tokens a module hands out and must later trust, such as a sandbox's bearer tokens.
public protocol TokenSigner: Sendable {
    /// A signed token carrying `claims`, valid for `lifetime`.
    func sign<Claims: Codable & Sendable>(_ claims: Claims, lifetime: Duration) async throws -> String
    /// The claims of a token this host signed, or an error when it is forged, changed or expired.
    func verify<Claims: Codable & Sendable>(_ token: String, as type: Claims.Type) async throws -> Claims
}
