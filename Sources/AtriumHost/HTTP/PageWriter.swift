@_spi(AtriumHost) import AtriumSDK
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Turns screens and redirects into responses: resolves links, picks the renderer the request asks
/// for, adds the anti-forgery token where the page has forms, and sets the session cookie. The
/// security headers come from ``SecurityHeadersMiddleware``.
struct PageWriter: Sendable {
    let html: HTMLRenderer
    let links: LinkResolver
    let cookie: SessionCookie

    func response(
        for screen: Screen,
        status: HTTPResponse.Status,
        request: Request,
        session: RequestSession?,
        moduleID: String? = nil,
        logger: Logger
    ) async throws -> Response {
        let resolved = links.resolve(screen, for: moduleID, logger: logger)
        let format = ResponseFormat(request: request)
        var csrfToken: String?
        if let session, Self.hasActions(resolved) {
            csrfToken = try await session.csrfToken()
        }
        let body: ByteBuffer
        switch format {
        case .html: body = ByteBuffer(string: html.render(resolved, csrfToken: csrfToken))
        case .json: body = ByteBuffer(data: try JSONRenderer().render(resolved, csrfToken: csrfToken))
        case .text: body = ByteBuffer(string: TextRenderer().render(resolved))
        }
        var response = Response(
            status: status, headers: [.contentType: format.contentType, .cacheControl: "no-store"], body: .init(byteBuffer: body))
        cookie.apply(await session?.cookieChange, to: &response)
        return response
    }

    /// A 303 redirect (Post/Redirect/Get) to a local path.
    func redirect(to path: String, session: RequestSession?) async -> Response {
        var response = Response(status: .seeOther, headers: [.location: path, .cacheControl: "no-store"])
        cookie.apply(await session?.cookieChange, to: &response)
        return response
    }

    /// Whether a screen posts anything (and so needs the session's anti-forgery token).
    static func hasActions(_ screen: Screen) -> Bool {
        func posts(_ node: UINode) -> Bool {
            switch node {
            case .form: true
            case .button(let button): button.action != nil
            default: node.children.contains(where: posts)
            }
        }
        return (screen.toolbar + screen.content).contains(where: posts)
    }
}
