import AtriumObservability
import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// The host's own router answering ``LocalDelivery``'s requests in-process. Its responder is built
/// on the first local request, so a host whose modules never call themselves pays nothing at boot.
package final class LocalRouterDelivery: Sendable {
    private let logger: Logger
    /// The router until its responder is built, then the responder.
    private let state = Mutex<(router: Router<AtriumRequestContext>?, responder: RouterResponder<AtriumRequestContext>?)>((nil, nil))

    /// Connects `router` to `delivery`: local requests go through it from now on.
    package static func connect(_ router: Router<AtriumRequestContext>, to delivery: LocalDelivery, logger: Logger) {
        let local = LocalRouterDelivery(router: router, logger: logger)
        delivery.connect { request throws(RemoteHTTPError) in try await local.send(request) }
    }

    private init(router: Router<AtriumRequestContext>, logger: Logger) {
        self.logger = logger
        state.withLock { $0 = (router, nil) }
    }

    private func responder() -> RouterResponder<AtriumRequestContext>? {
        state.withLock { state in
            if let responder = state.responder { return responder }
            let responder = state.router?.buildResponder()
            state = (nil, responder)
            return responder
        }
    }

    func send(_ request: RemoteRequest) async throws(RemoteHTTPError) -> RemoteResponse {
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
        guard let responder = responder() else { throw .notConnected("this host is not serving yet") }
        let logger = self.logger
        let answer: RemoteResponse? = await withTaskGroup(of: RemoteResponse?.self) { group in
            group.addTask {
                guard let response = try? await responder.respond(to: incoming, context: AtriumRequestContext(logger: logger)) else {
                    return RemoteResponse(status: 500, body: Data())
                }
                let collected = CollectingBodyWriter.Collected()
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
