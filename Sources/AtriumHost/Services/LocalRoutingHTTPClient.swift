@_spi(AtriumHost) import AtriumSDK

/// The HTTP client modules get: ``HostServices/localURL(_:)`` addresses are answered by this host
/// in-process (``LocalDelivery``), every other address goes out through the network client.
struct LocalRoutingHTTPClient: RemoteHTTPClient {
    let network: any RemoteHTTPClient
    let local: LocalDelivery

    func send(_ request: RemoteRequest) async throws(RemoteHTTPError) -> RemoteResponse {
        if request.url.hasPrefix(HostServices.localOrigin + "/") {
            return try await local.send(request)
        }
        return try await network.send(request)
    }
}
