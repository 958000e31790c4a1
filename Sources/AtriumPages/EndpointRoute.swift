import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import AtriumStorage
import Foundation
import Logging
import NIOCore

/// Serves one JSON endpoint: checks its parameters' types, hands the request to the module with the
/// module's shared records, and writes its reply. No session, no form token.
package struct EndpointRoute: Sendable {
    let route: RouteRegistration
    let handle: @Sendable (EndpointRequest) async -> EndpointReply
    let storage: any HostStorage
    /// The host's logger tagged with the route's module, made once at boot.
    let logger: Logger

    package func answer(_ request: PageRequest) async -> PageAnswer {
        request.span?.attributes["atrium.module"] = route.moduleID
        guard let values = RouteValues.extract(for: route, from: request) else {
            return Self.json(404, #"{"error":"There is nothing at this address."}"#)
        }
        var headers: [String: String] = [:]
        for (name, value) in request.fields.all() { headers[name.lowercased()] = value }
        let body = request.body.map { Data(buffer: $0) } ?? Data()
        let reply = await handle(
            EndpointRequest(
                method: route.method, headers: headers, body: body, parameters: values,
                storage: storage.records(module: route.moduleID, owner: .shared), logger: logger))
        // Never kept by anyone, unless the reply says otherwise.
        var extra = reply.headers.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
        if !extra.contains(where: { $0.name.lowercased() == "cache-control" }) { extra.append((name: "Cache-Control", value: "no-store")) }
        return PageAnswer(status: reply.status.code, fields: .endpoint, extra: extra, body: ByteBuffer(data: reply.body))
    }

    /// An endpoint's body was larger than any it reads.
    static let tooLarge = json(413, #"{"error":"The request body is larger than 1 MiB."}"#)

    static func json(_ status: Int, _ text: String) -> PageAnswer {
        PageAnswer(status: status, fields: .json, body: ByteBuffer(string: text))
    }
}
