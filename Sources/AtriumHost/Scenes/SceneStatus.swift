@_spi(AtriumHost) import AtriumSDK

/// The HTTP status a rendered scene is answered with.
public struct SceneStatus: Sendable, Equatable, Hashable {
    public var code: Int

    public init(code: Int) { self.code = code }

    public static let ok = SceneStatus(code: 200)
    public static let badRequest = SceneStatus(code: 400)
    public static let unauthorized = SceneStatus(code: 401)
    public static let notFound = SceneStatus(code: 404)
    public static let unprocessableContent = SceneStatus(code: 422)
    public static let tooManyRequests = SceneStatus(code: 429)
    public static let internalServerError = SceneStatus(code: 500)
    public static let serviceUnavailable = SceneStatus(code: 503)
    public static let contentTooLarge = SceneStatus(code: 413)
}
