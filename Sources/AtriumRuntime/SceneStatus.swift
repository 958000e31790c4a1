@_spi(AtriumHost) import AtriumSDK

/// The HTTP status a rendered scene is answered with.
package struct SceneStatus: Sendable, Equatable, Hashable {
    package var code: Int

    package init(code: Int) { self.code = code }

    package static let ok = SceneStatus(code: 200)
    package static let badRequest = SceneStatus(code: 400)
    package static let unauthorized = SceneStatus(code: 401)
    package static let notFound = SceneStatus(code: 404)
    package static let unprocessableContent = SceneStatus(code: 422)
    package static let tooManyRequests = SceneStatus(code: 429)
    package static let internalServerError = SceneStatus(code: 500)
    package static let serviceUnavailable = SceneStatus(code: 503)
    package static let contentTooLarge = SceneStatus(code: 413)
}
