import AtriumLocalization
import AtriumObservability
import AtriumRendering
import AtriumRuntime
import AtriumSDK
import Foundation
import Logging
import NIOCore
import Tracing

/// Turns screens and redirects into answers: resolves links, translates, renders in the format the
/// request asked for, keeps rendered pages of states seen before (``RenderCache``), puts the
/// visitor's anti-forgery token in where the page has forms, tags a page's state and answers 304
/// when the request names its tag, and sets the session cookie. The request's format and language
/// are worked out once, by whoever calls it (``SceneRouteAnswerer``), and handed in. A class: every
/// request passes it along and its renders capture it, and as a struct of ten references each of
/// those was a copy.
package final class AnswerWriter: Sendable {
    let html = HTMLRenderer()
    let json = JSONRenderer()
    package let links: LinkResolver
    package let cookie: SessionCookie
    let cache: RenderCache
    /// The navigation, as marks are worked out from (the same in every language).
    let shell: AppShell
    /// The navigation and the page's own words in each offered language.
    let languages: LanguageShells
    /// The languages offered and the modules' translators (``Translations``): one reference, so
    /// the writer stays cheap to pass along a request.
    package let translations: Translations
    /// Whether more than one language is offered (then each request's is worked out).
    package let isMultilingual: Bool
    /// Where a signed-in person's language is kept (only when more than one is offered).
    package let accountLanguages: AccountLanguages?

    /// What a request's answer is written from besides its screen: the format and language worked
    /// out once for the request, and its session (as a step before read it).
    package struct Request: Sendable {
        package let page: PageRequest
        package let format: ResponseFormat.Negotiated
        /// The page's language: nil for the default (a host offering one language never looks).
        package let language: String?
        package let session: RequestSession?

        /// The same request, answered as no one's (an answer that must not set a session's cookie).
        package var withoutSession: Request { Request(page: page, format: format, language: language, session: nil) }
    }

    /// `request` with its format and language worked out (each once).
    package func request(_ page: PageRequest, session: RequestSession?) -> Request {
        Request(page: page, format: page.format, language: language(of: page), session: session)
    }

    @inline(__always)  // picks the traced or untraced writing: no async frame of its own on every request
    package func answer(for screen: DeferredScreen, status: Int, _ request: Request, moduleID: String? = nil, logger: Logger) async throws
        -> PageAnswer
    {
        guard HostTracing.isOn else { return try await write(screen, status: status, request, moduleID: moduleID, logger: logger, span: nil) }
        return try await HostTracing.withSpan("render") { span in
            try await write(screen, status: status, request, moduleID: moduleID, logger: logger, span: span)
        }
    }

    /// ``answer(for:status:_:moduleID:logger:)``, saying on `span` (when tracing) the format and
    /// whether the render cache had the page.
    private func write(
        _ screen: DeferredScreen, status: Int, _ request: Request, moduleID: String?, logger: Logger, span: (any Span)?
    ) async throws -> PageAnswer {
        let format = request.format.document
        let kept = rendered(screen, in: format, request, moduleID: moduleID, logger: logger)
        if let span {
            span.attributes["atrium.format"] = format.rawValue
            span.attributes["atrium.page_cache"] = screen.key == nil ? "none" : kept.isFresh ? "miss" : "hit"
        }
        // The session as the guard or the scene read it, when one did (no await), else read now.
        var token: String?
        if kept.page.hasTokens {
            token = request.session?.readRecord?.csrfToken
            if token == nil { token = try await request.session?.csrfToken() }
        }
        let (body, tag) = kept.body(token: token)
        let change = request.session?.cookieChange
        let cookies = cookie.setCookie(for: change).map { [$0] } ?? []
        var extra = request.session?.endedSession == true ? [SessionCookie.clearSiteData] : []
        // Only a page's state has a tag: not an error, nor what answers a form (its errors).
        guard status == 200, request.page.isRead else {
            // A page that could not be made just now says when to ask again.
            if status == 503 { extra.append((name: "Retry-After", value: Self.retryAfter)) }
            return PageAnswer(status: status, fields: .plain(format), cookies: cookies, extra: extra, body: body)
        }
        let isNotModified = tag.isMatched(by: request.page.fields.values(.ifNoneMatch))
        let userID = request.session?.readRecord?.userID
        // Whose page this is, for the web app's worker (which keeps it for them alone).
        if format == .html, let userID { extra.append((name: "Atrium-Account", value: AccountTag.of(userID))) }
        let fields = AnswerFields.state(format, isSignedIn: userID != nil, isNotModified: isNotModified, isMultilingual: isMultilingual)
        return PageAnswer(
            status: isNotModified ? 304 : status, fields: fields, tag: tag.value, cookies: cookies, extra: extra,
            body: isNotModified ? ByteBuffer() : body)
    }

    /// `screen` rendered in `format`, from the render cache when its state was rendered before.
    private func rendered(_ screen: DeferredScreen, in format: ResponseFormat, _ request: Request, moduleID: String?, logger: Logger)
        -> RenderCache.Entry
    {
        let chosen = request.language
        let language = chosen ?? translations.defaultLanguage
        let schema = format == .json ? request.format.answeredSchema : 0
        switch format {
        case .text:
            let resolved = links.resolve(screen.make(), for: moduleID, logger: logger)
            let text = TextRenderer().render(translated(resolved, module: moduleID, language: language))
            return RenderCache.Entry(RenderedScreen(bytes: Array(text.utf8)))
        case .html, .json, .eventStream:  // a document is never a stream (``ResponseFormat/Negotiated/document``)
            let path = request.page.path
            let mark = format == .html ? shell.mark(moduleID: moduleID, path: String(path)) : nil
            // A state the cache keeps names itself in its HTML with the id its live stream gives
            // it, at the cost of one JSON render when the state is first shown (a page not kept
            // would pay it on every request, so it names none). Not so a page that answers a form:
            // what it shows (the form's errors) is no state of the page's GET, which its stream
            // follows. (A HEAD answers the GET's length.)
            let namesState = screen.key != nil && format == .html && request.page.isRead
            let render = { [self] in
                let resolved = translated(links.resolve(screen.make(), for: moduleID, logger: logger), module: moduleID, language: language)
                guard namesState else { return self.render(resolved, as: format, mark: mark, schema: schema, language: language) }
                let document = self.render(resolved, as: .json, mark: nil, language: language).body(token: nil)
                return html.render(
                    resolved, shell: languages.shell(language), current: mark, stateID: StateID.of(document), language: language,
                    chrome: languages.chrome(language))
            }
            // A page in another language is another page; a host offering one language keys none.
            return screen.key.map {
                cache.page(
                    for: RenderCache.Key(screen: $0, format: format, shell: mark, namesState: namesState, schema: schema, language: chosen),
                    make: render)
            } ?? RenderCache.Entry(render())
        }
    }

    /// `screen`, made by `module`, with its words in `language` (as it is when they have no
    /// translation): once per page kept, not per request.
    private func translated(_ screen: Screen, module: String?, language: String) -> Screen {
        translations.translator(module: module, language: language).map { $0.translated(screen) } ?? screen
    }

    /// The screen's JSON document in `schema`'s version and in `language` (nil: the default),
    /// with its form token left out (``RenderedScreen/body(token:)`` puts it in), exactly as
    /// `Accept: application/json` answers it to a visitor of that language: for a scene's event
    /// stream, whose state ids so match the page's.
    package func jsonPage(for screen: DeferredScreen, schema: Int, language chosen: String?, moduleID: String?, logger: Logger) -> RenderedScreen {
        let render = { [self] in
            let language = chosen ?? translations.defaultLanguage
            let resolved = translated(links.resolve(screen.make(), for: moduleID, logger: logger), module: moduleID, language: language)
            return self.render(resolved, as: .json, mark: nil, schema: schema, language: language)
        }
        return screen.key.map {
            cache.page(for: RenderCache.Key(screen: $0, format: .json, shell: nil, schema: schema, language: chosen), make: render).page
        } ?? render()
    }

    /// The language a request's page is in when more than one is offered (nil: the default, as
    /// the render cache keys it).
    package func language(of request: PageRequest) -> String? {
        guard isMultilingual else { return nil }
        return translations.language(
            cookie: RequestCookie.value(named: Translations.cookieName, in: request), acceptLanguage: request.fields.value(.acceptLanguage))
    }

    /// Seconds a 503 page asks clients to wait before trying again.
    package static let retryAfter = "5"

    private func render(
        _ screen: Screen, as format: ResponseFormat, mark: AppShell.Mark?, schema: Int = SceneSchema.current, language: String
    ) -> RenderedScreen {
        switch format {
        case .html, .eventStream:
            html.render(screen, shell: languages.shell(language), current: mark, language: language, chrome: languages.chrome(language))
        case .json: json.render(screen, withToken: Self.hasActions(screen), schema: schema, locale: language)
        case .text: RenderedScreen(bytes: Array(TextRenderer().render(screen).utf8))
        }
    }

    /// A 303 redirect (Post/Redirect/Get) to a local path.
    package func redirect(to path: String, session: RequestSession?) -> PageAnswer {
        let change = session?.cookieChange
        return PageAnswer(
            status: 303, fields: .redirect, location: path, cookies: cookie.setCookie(for: change).map { [$0] } ?? [],
            extra: session?.endedSession == true ? [SessionCookie.clearSiteData] : [])
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

    package init(
        links: LinkResolver, cookie: SessionCookie, cache: RenderCache, shell: AppShell, translations: Translations = .sourceOnly,
        accountLanguages: AccountLanguages? = nil
    ) {
        self.links = links
        self.cookie = cookie
        self.cache = cache
        self.shell = shell
        self.translations = translations
        languages = LanguageShells(shell: shell, translations: translations)
        isMultilingual = translations.isMultilingual
        self.accountLanguages = translations.isMultilingual ? accountLanguages : nil
    }

    /// After `request` signed `userID` in: the account's language becomes the device's (the cookie
    /// that says so), or the device's choice is kept on an account that has none.
    func accountLanguageCookie(of userID: String, request: PageRequest, logger: Logger) async -> String? {
        guard let accountLanguages else { return nil }
        let device = RequestCookie.value(named: Translations.cookieName, in: request).flatMap { translations.offeredTag($0) }
        return await accountLanguages.languageAtSignIn(of: userID, device: device, translations: translations, logger: logger).map {
            LanguagePage.cookie($0, isSecure: cookie.isSecure)
        }
    }
}
