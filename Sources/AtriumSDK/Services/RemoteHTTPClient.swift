/// HTTP to remote services, provided by the host (with async-http-client) so modules need no
/// networking library of their own. Every request has a timeout.
public protocol RemoteHTTPClient: Sendable {
    /// Sends `request` and answers the whole response, within the request's timeout.
    func send(_ request: RemoteRequest) async throws(RemoteHTTPError) -> RemoteResponse
}
