import Foundation

/// What a JSON endpoint answers: a status, a JSON body and headers.
public struct EndpointReply: Sendable, Equatable {
    /// The HTTP status.
    public var status: HTTPStatus
    /// The body, as sent.
    public var body: Data
    /// Headers to add (the host sets the content type and security headers).
    public var headers: [String: String]

    /// A reply with `status`, `body` and `headers`.
    public init(status: HTTPStatus, body: Data = Data(), headers: [String: String] = [:]) {
        self.status = status
        self.body = body
        self.headers = headers
    }

    /// A JSON body with a status (200 unless given).
    public static func json(_ value: some Encodable, status: HTTPStatus = .ok) -> EndpointReply {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let body = try? encoder.encode(value) else { return EndpointReply(status: .internalServerError) }
        return EndpointReply(status: status, body: body, headers: ["Content-Type": "application/json; charset=utf-8"])
    }

    /// A status with no body.
    public static func status(_ status: HTTPStatus) -> EndpointReply { EndpointReply(status: status) }
}
