import AtriumRendering
import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// The language page, on a host that offers more than one: every page links to it (the header's
/// "Language"), so no other page carries a form for it. It lists the offered languages, each in
/// its own words; choosing one keeps it in the `atrium_language` cookie for a year (only an
/// offered language is ever taken, and the cookie is checked against the offer on every request),
/// and on a signed-in person's account (``AccountLanguages``), and goes back to the page the
/// visitor came from.
package struct LanguageRoutes: Sendable {
    package static let path = "/language"
    /// How long the choice is kept: a year, renewed with each choice.
    static let lifetime = 365 * 24 * 3600

    let sessions: SessionStore
    let pages: PageWriter
    let logger: Logger

    package init(sessions: SessionStore, pages: PageWriter, logger: Logger) {
        self.sessions = sessions
        self.pages = pages
        self.logger = logger
    }

    /// The page's address and methods (for `405`'s `Allow`); none on a host offering one language.
    package func methods() throws -> [(pattern: RoutePattern, method: HTTPMethodName)] {
        guard pages.translations.isMultilingual else { return [] }
        let pattern = try RoutePattern(Self.path)
        return [(pattern, .get), (pattern, .post)]
    }

    private struct Choice: Decodable {
        var language: String?
    }

    package func add(to router: Router<AtriumRequestContext>) {
        let translations = pages.translations
        guard translations.isMultilingual else { return }
        let (pages, sessions, logger) = (pages, sessions, logger)
        let formToken = FormTokenMiddleware(policy: .currentSession, pages: pages, logger: logger)
        router.get(RouterPath(Self.path)) { request, context in
            var context = context
            let session = RequestSession(store: sessions, token: pages.cookie.token(in: request))
            context.session = session
            // Back to the page the visitor came from: named by the link's `returnTo`, else the referer.
            let back = RouteValues.returnTo(of: request) ?? SceneResponder.localReferer(of: request)
            let screen = StandardScreens.language(
                at: Self.path,
                offered: translations.offered, current: translations.language(of: request.headers), back: back, problem: nil)
            return try await pages.response(
                for: RenderableScreen(screen), status: .ok, request: request, context: context, session: session, logger: context.logger)
        }
        router.post(RouterPath(Self.path)) { request, context in
            var context = context
            let session = RequestSession(store: sessions, token: pages.cookie.token(in: request))
            context.session = session
            return try await formToken.handle(request, context: context) { request, context in
                let back = RouteValues.returnTo(of: request)
                let asked = (try? context.action?.decode(Choice.self, pathParameters: [:]))?.language
                guard let language = asked.flatMap({ translations.offeredTag($0) }) else {
                    let screen = StandardScreens.language(
                        at: Self.path,
                        offered: translations.offered, current: translations.language(of: request.headers), back: back,
                        problem: "Choose one of the languages listed.")
                    return try await pages.response(
                        for: RenderableScreen(screen), status: .unprocessableContent, request: request, context: context,
                        session: session, logger: context.logger)
                }
                // A signed-in person's choice is kept on the account too: every device agrees at sign-in.
                if let accounts = pages.accountLanguages, let userID = try await session.userID {
                    try await accounts.keep(language, for: userID)
                }
                var response = await pages.redirect(to: back ?? "/", session: session)
                response.headers.append(HTTPField(name: .setCookie, value: Self.cookie(language, isSecure: pages.cookie.isSecure)))
                return response
            }
        }
    }

    /// The cookie that keeps `language`: read by the host alone (`HttpOnly`), sent with
    /// navigation from other sites too (`Lax`: it chooses words, it grants nothing).
    static func cookie(_ language: String, isSecure: Bool) -> String {
        "\(Translations.cookieName)=\(language); Max-Age=\(lifetime); Path=/\(isSecure ? "; Secure" : ""); HttpOnly; SameSite=Lax"
    }
}
