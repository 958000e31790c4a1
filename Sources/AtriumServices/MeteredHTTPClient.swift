import AtriumObservability
import AtriumSDK
import AtriumStorage
import Foundation
import Tracing

/// A module's HTTP client that counts and times each call on `/metrics` under the module's id and,
/// while tracing is on, makes a client span of it (method, the server's host and port, status,
/// module; never the path or query, which may carry a token) and sends the span on as W3C
/// `traceparent`, so a traced upstream — this host's own sandbox reached in-process too — joins
/// the visitor's trace. A page whose load calls out is never answered again without loading
/// (``RecordReadLog/noteRemoteCall()``): what the call returned is no record the change feed follows.
package struct MeteredHTTPClient: RemoteHTTPClient {
    let inner: any RemoteHTTPClient
    let module: String
    let metrics: HostMetrics
    /// The hosts the module named for its declared remote services; others are refused.
    let grants: RemoteGrants

    package init(inner: any RemoteHTTPClient, module: String, metrics: HostMetrics, grants: RemoteGrants) {
        self.inner = inner
        self.module = module
        self.metrics = metrics
        self.grants = grants
    }

    package func send(_ request: RemoteRequest) async throws(RemoteHTTPError) -> RemoteResponse {
        RecordReadLog.noteRemoteCall()
        if let refusal = grants.refusal(of: request, module: module) {
            metrics.recordRemoteCall(module: module, outcome: "refused_address", duration: .zero)
            throw .refusedAddress(refusal)
        }
        guard HostTracing.isOn else { return try await metered(request) }
        let url = URL(string: request.url)
        let host = url?.host ?? "unknown"
        do {
            return try await HostTracing.withSpan("\(request.method) \(host)", ofKind: .client) { span in
                var request = request
                for (name, value) in HostTracing.propagationHeaders() { request.headers[name] = value }
                span?.attributes["http.request.method"] = request.method
                span?.attributes["server.address"] = host
                if let port = url?.port { span?.attributes["server.port"] = port }
                span?.attributes["atrium.module"] = module
                let response = try await metered(request)
                span?.attributes["http.response.status_code"] = response.status
                if response.status >= 500 { span?.setStatus(SpanStatus(code: .error)) }
                return response
            }
        } catch let error as RemoteHTTPError {
            throw error
        } catch {
            throw .other("\(error)")
        }
    }

    private func metered(_ request: RemoteRequest) async throws(RemoteHTTPError) -> RemoteResponse {
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
