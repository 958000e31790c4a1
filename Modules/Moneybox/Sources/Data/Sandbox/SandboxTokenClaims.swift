/// What a sandbox bearer token carries, signed by the host: the id of its session record.
struct SandboxTokenClaims: Codable, Sendable {
    var sid: String
}
