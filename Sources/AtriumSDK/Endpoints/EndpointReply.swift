import Foundation

/// What a JSON endpoint answers: a status, a JSON body and headers.
public struct EndpointReply: Sendable, Equatable {
    /// The HTTP status.
    public var status: EndpointStatus
    /// The body, as sent.
    public var body: Data
    /// Headers to add (the host sets the content type and security headers).
    public var headers: [String: String]

    /// A reply with `status`, `body` and `headers`.
    public init(status: EndpointStatus, body: Data = Data(), headers: [String: String] = [:]) {
        self.status = status
        self.body = body
        self.headers = headers
    }

    /// A JSON body with a status (200 unless given).
    public static func json(_ value: some Encodable, status: EndpointStatus = .ok) -> EndpointReply {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let body = try? encoder.encode(value) else { return EndpointReply(status: .internalServerError) }
        return EndpointReply(status: status, body: body, headers: ["Content-Type": "application/json; charset=utf-8"])
    }

    /// A status with no body.
    public static func status(_ status: EndpointStatus) -> EndpointReply { EndpointReply(status: status) }
}

/// The status of an endpoint's reply, by name.
public struct EndpointStatus: Sendable, Equatable, Hashable {
    /// The status code.
    public var code: Int

    /// The status `code`.
    public init(code: Int) { self.code = code }

    /// 200 OK.
    public static let ok = EndpointStatus(code: 200)
    /// 201 Created.
    public static let created = EndpointStatus(code: 201)
    /// 204 No Content.
    public static let noContent = EndpointStatus(code: 204)
    /// 400 Bad Request.
    public static let badRequest = EndpointStatus(code: 400)
    /// 401 Unauthorized.
    public static let unauthorized = EndpointStatus(code: 401)
    /// 403 Forbidden.
    public static let forbidden = EndpointStatus(code: 403)
    /// 404 Not Found.
    public static let notFound = EndpointStatus(code: 404)
    /// 409 Conflict.
    public static let conflict = EndpointStatus(code: 409)
    /// 422 Unprocessable Content.
    public static let unprocessableContent = EndpointStatus(code: 422)
    /// 429 Too Many Requests.
    public static let tooManyRequests = EndpointStatus(code: 429)
    /// 500 Internal Server Error.
    public static let internalServerError = EndpointStatus(code: 500)
    /// 503 Service Unavailable.
    public static let serviceUnavailable = EndpointStatus(code: 503)
}
