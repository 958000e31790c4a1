/// Where a remote request may go when its address came from a remote document (a feed's discovery
/// file, an OpenID provider's metadata) rather than from the operator's configuration.
///
/// The host resolves the request's host, and every redirect's, and refuses it (with
/// ``RemoteHTTPError/refusedAddress(_:)``) when it is a kind of network address the configured one
/// is not: a loopback, private or link-local address, or this host's own, is reached only when the
/// configured address is itself one. Requests without a reach are held to their own address the
/// same way on every redirect.
public struct RemoteReach: Sendable, Equatable {
    /// The address the operator configured, which the request's address was found through.
    public var configured: String
    /// When true, the request stays on the configured address's origin (scheme, host and port) or
    /// one of ``otherHosts``.
    public var staysOnOrigin: Bool
    /// Hosts the operator allows besides the configured one's (by name, any port).
    public var otherHosts: [String]

    /// Where a request may go: the operator's `configured` address (on its origin only, when `staysOnOrigin`) and `otherHosts`.
    public init(configured: String, staysOnOrigin: Bool = false, otherHosts: [String] = []) {
        self.configured = configured
        self.staysOnOrigin = staysOnOrigin
        self.otherHosts = otherHosts
    }
}
