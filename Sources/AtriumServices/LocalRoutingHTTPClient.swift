@_spi(AtriumHost) import AtriumSDK

/// The HTTP client modules get: ``HostServices/localURL(_:)`` addresses are answered by this host
/// in-process (``LocalDelivery``), every other address goes out through the network client. A
/// local address found in a remote document (a request whose ``RemoteReach`` is configured
/// elsewhere) is refused: a remote feed must not make the host ask itself for its own pages.
package struct LocalRoutingHTTPClient: RemoteHTTPClient {
    let network: any RemoteHTTPClient
    let local: LocalDelivery

    package init(network: any RemoteHTTPClient, local: LocalDelivery) {
        self.network = network
        self.local = local
    }

    package func send(_ request: RemoteRequest) async throws(RemoteHTTPError) -> RemoteResponse {
        if Self.isLocal(request.url) {
            if let reach = request.reach, !Self.isLocal(reach.configured) {
                throw .refusedAddress("this host's own addresses are reached only from its own configuration")
            }
            return try await local.send(request)
        }
        return try await network.send(request)
    }

    static func isLocal(_ url: String) -> Bool { url.hasPrefix(HostServices.localOrigin + "/") }
}
