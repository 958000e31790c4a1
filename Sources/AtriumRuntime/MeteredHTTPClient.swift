import AtriumObservability
@_spi(AtriumHost) import AtriumSDK

/// A module's HTTP client that counts and times each call on `/metrics` under the module's id.
struct MeteredHTTPClient: RemoteHTTPClient {
    let inner: any RemoteHTTPClient
    let module: String
    let metrics: HostMetrics

    func send(_ request: RemoteRequest) async throws(RemoteHTTPError) -> RemoteResponse {
        let start = ContinuousClock.now
        do {
            let response = try await inner.send(request)
            metrics.recordRemoteCall(module: module, outcome: "\(min(max(response.status / 100, 1), 5))xx", duration: start.duration(to: .now))
            return response
        } catch {
            let outcome =
                switch error {
                case .timedOut: "timeout"
                case .notConnected: "unreachable"
                case .tooLarge: "too_large"
                case .invalidURL: "invalid_url"
                case .refusedAddress: "refused_address"
                case .other: "error"
                }
            metrics.recordRemoteCall(module: module, outcome: outcome, duration: start.duration(to: .now))
            throw error
        }
    }
}
