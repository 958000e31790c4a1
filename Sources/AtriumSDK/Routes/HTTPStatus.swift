/// An HTTP status, by name: what an endpoint's reply (``EndpointReply``) and a scene's answer are
/// answered with.
public struct HTTPStatus: Sendable, Equatable, Hashable {
    /// The status code.
    public var code: Int

    /// The status `code`.
    public init(code: Int) { self.code = code }

    /// 200 OK.
    public static let ok = HTTPStatus(code: 200)
    /// 201 Created.
    public static let created = HTTPStatus(code: 201)
    /// 204 No Content.
    public static let noContent = HTTPStatus(code: 204)
    /// 400 Bad Request.
    public static let badRequest = HTTPStatus(code: 400)
    /// 401 Unauthorized.
    public static let unauthorized = HTTPStatus(code: 401)
    /// 403 Forbidden.
    public static let forbidden = HTTPStatus(code: 403)
    /// 404 Not Found.
    public static let notFound = HTTPStatus(code: 404)
    /// 409 Conflict.
    public static let conflict = HTTPStatus(code: 409)
    /// 413 Content Too Large.
    public static let contentTooLarge = HTTPStatus(code: 413)
    /// 422 Unprocessable Content.
    public static let unprocessableContent = HTTPStatus(code: 422)
    /// 429 Too Many Requests.
    public static let tooManyRequests = HTTPStatus(code: 429)
    /// 500 Internal Server Error.
    public static let internalServerError = HTTPStatus(code: 500)
    /// 503 Service Unavailable.
    public static let serviceUnavailable = HTTPStatus(code: 503)
}

/// The status of an endpoint's reply: ``HTTPStatus``, by its earlier name.
@available(*, deprecated, renamed: "HTTPStatus")
public typealias EndpointStatus = HTTPStatus
