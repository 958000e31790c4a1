import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import AtriumStorage
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Tracing

/// Serves one JSON endpoint: checks parameter types and the body's size, hands the request to the
/// module with the module's shared records, and writes its reply. No session, no form token.
struct EndpointResponder: Sendable {
    let route: RouteRegistration
    let handle: @Sendable (EndpointRequest) async -> EndpointReply
    let storage: any HostStorage
    /// The host's logger tagged with the route's module, made once at boot.
    let logger: Logger

    func respond(to request: Request, context: AtriumRequestContext) async throws -> Response {
        context.span?.attributes["atrium.module"] = route.moduleID
        let values = context.routeValues
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > context.maxUploadSize {
            return Self.json(.contentTooLarge, #"{"error":"The request body is larger than 1 MiB."}"#)
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: context.maxUploadSize)
        } catch {
            return Self.json(.contentTooLarge, #"{"error":"The request body is larger than 1 MiB."}"#)
        }
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        let reply = await handle(
            EndpointRequest(
                method: route.method, headers: headers, body: Data(buffer: body), parameters: values,
                storage: storage.records(module: route.moduleID, owner: .shared), logger: logger))
        var fields: HTTPFields = [.cacheControl: "no-store"]
        for (name, value) in reply.headers {
            if let name = HTTPField.Name(name) { fields[name] = value }
        }
        return Response(status: .init(code: reply.status.code), headers: fields, body: .init(byteBuffer: ByteBuffer(data: reply.body)))
    }

    static func json(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
