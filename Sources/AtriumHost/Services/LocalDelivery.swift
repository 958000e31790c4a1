@_spi(AtriumHost) import AtriumSDK
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// Answers requests to ``HostServices/localURL(_:)`` addresses with the host's own router,
/// in-process: a module's client reaches the module's sandbox through the same routes, middleware
/// and endpoint code as a request from the network, with no port.
public final class LocalDelivery: Sendable {
    typealias Respond = @Sendable (Request) async throws -> Response

    /// The router connected, and its responder once the first local request built it.
    private let state = Mutex<(router: Router<AtriumRequestContext>?, respond: Respond?)>((nil, nil))
    private let logger: Logger

    init(logger: Logger) { self.logger = logger }

    /// Routes requests through `router` from now on (the host connects the router it serves). Its
    /// responder is built on the first local request, so a host whose modules never call
    /// themselves pays nothing at boot.
    func connect(_ router: Router<AtriumRequestContext>) {
        state.withLock { $0 = (router, nil) }
    }

    private func responder() -> Respond? {
        let logger = self.logger
        return state.withLock { state in
            if let respond = state.respond { return respond }
            guard let router = state.router else { return nil }
            let built = router.buildResponder()
            let respond: Respond = { request in try await built.respond(to: request, context: AtriumRequestContext(logger: logger)) }
            state.respond = respond
            return respond
        }
    }

    func send(_ request: RemoteRequest) async throws(RemoteHTTPError) -> RemoteResponse {
        guard let respond = responder() else { throw .notConnected("this host is not serving yet") }
        guard let method = HTTPRequest.Method(request.method) else { throw .invalidURL(request.url) }
        let path = String(request.url.dropFirst(HostServices.localOrigin.count))
        guard path.hasPrefix("/") else { throw .invalidURL(request.url) }
        var fields = HTTPFields()
        for (name, value) in request.headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        // The authority is no header field; endpoints that write addresses back (a feed's file
        // list) read where the request came from in `Host`.
        if let host = HTTPField.Name("Host"), fields[host] == nil { fields[host] = "atrium.localhost" }
        if let id = RequestID.current, fields[.requestID] == nil { fields[.requestID] = id }
        let incoming = Request(
            head: HTTPRequest(method: method, scheme: "http", authority: "atrium.localhost", path: path, headerFields: fields),
            body: RequestBody(buffer: ByteBuffer(bytes: request.body ?? Data()))
        )
        let answer: RemoteResponse? = await withTaskGroup(of: RemoteResponse?.self) { group in
            group.addTask {
                guard let response = try? await respond(incoming) else { return RemoteResponse(status: 500, body: Data()) }
                let collected = CollectedBody()
                do {
                    try await response.body.write(CollectingBodyWriter(collected: collected))
                } catch {
                    return RemoteResponse(status: 500, body: Data())
                }
                var headers: [String: String] = [:]
                for field in response.headers { headers[field.name.canonicalName] = field.value }
                return RemoteResponse(status: Int(response.status.code), body: Data(buffer: collected.buffer), headers: headers)
            }
            group.addTask {
                try? await Task.sleep(for: request.timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let answer else { throw .timedOut }
        return answer
    }
}
