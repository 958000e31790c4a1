/// HTTP to remote services, provided by the host (with async-http-client) so modules need no
/// networking library of their own. Every request has a timeout.
public protocol RemoteHTTPClient: Sendable {
    func send(_ request: RemoteRequest) async throws(RemoteHTTPError) -> RemoteResponse
}
