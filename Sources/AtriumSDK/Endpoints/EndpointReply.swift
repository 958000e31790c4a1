import Foundation

/// What a JSON endpoint answers: a status, a JSON body and headers.
public struct EndpointReply: Sendable, Equatable {
    public var status: EndpointStatus
    public var body: Data
    public var headers: [String: String]

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
    public var code: Int

    public init(code: Int) { self.code = code }

    public static let ok = EndpointStatus(code: 200)
    public static let created = EndpointStatus(code: 201)
    public static let noContent = EndpointStatus(code: 204)
    public static let badRequest = EndpointStatus(code: 400)
    public static let unauthorized = EndpointStatus(code: 401)
    public static let forbidden = EndpointStatus(code: 403)
    public static let notFound = EndpointStatus(code: 404)
    public static let conflict = EndpointStatus(code: 409)
    public static let unprocessableContent = EndpointStatus(code: 422)
    public static let tooManyRequests = EndpointStatus(code: 429)
    public static let internalServerError = EndpointStatus(code: 500)
    public static let serviceUnavailable = EndpointStatus(code: 503)
}
