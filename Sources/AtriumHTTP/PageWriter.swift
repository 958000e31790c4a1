import AtriumObservability
import AtriumRendering
import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Tracing

/// Turns screens and redirects into responses: resolves links, picks the renderer the request asks
/// for, keeps rendered pages of states seen before (``PageCache``), puts the visitor's anti-forgery
/// token in where the page has forms, and sets the session cookie. The security headers come from
/// ``SecurityHeadersMiddleware``.
package struct PageWriter: Sendable {
    let html = HTMLRenderer()
    let json = JSONRenderer()
    package let links: LinkResolver
    package let cookie: SessionCookie
    let cache: PageCache
    /// The navigation, as marks are worked out from (the same in every language).
    let shell: AppShell
    /// The navigation and the page's own words in each offered language.
    let languages: PageLanguages
    /// The languages offered and the modules' translators (``Translations``): one reference, so
    /// the writer stays cheap to pass along a request.
    package let translations: Translations
    /// Whether more than one language is offered (then each request's is worked out).
    private let isMultilingual: Bool
    /// Where a signed-in person's language is kept (only when more than one is offered).
    package let accountLanguages: AccountLanguages?

    @inline(__always)  // picks the traced or untraced writing: no async frame of its own on every request
    func response(
        for screen: RenderableScreen,
        status: HTTPResponse.Status,
        request: Request,
        context: AtriumRequestContext,
        session: RequestSession?,
        moduleID: String? = nil,
        logger: Logger
    ) async throws -> Response {
        guard HostTracing.isOn else {
            return try await write(
                screen, status: status, request: request, context: context, session: session, moduleID: moduleID, logger: logger, span: nil)
        }
        return try await HostTracing.withSpan("render") { span in
            try await write(
                screen, status: status, request: request, context: context, session: session, moduleID: moduleID, logger: logger, span: span)
        }
    }

    /// ``response(for:status:request:context:session:moduleID:logger:)``, saying on `span` (when
    /// tracing) the format and whether the page cache had the page.
    private func write(
        _ screen: RenderableScreen, status: HTTPResponse.Status, request: Request, context: AtriumRequestContext, session: RequestSession?,
        moduleID: String?, logger: Logger, span: (any Span)?
    ) async throws -> Response {
        let negotiated = context.format(of: request)
        let format = negotiated.document
        let schema = format == .json ? negotiated.answeredSchema : 0
        // The page's language: looked for only when more than one is offered (nil: the default).
        let chosen = language(of: request)
        let kept: PageCache.Kept
        switch format {
        case .text:
            let resolved = links.resolve(screen.make(), for: moduleID, logger: logger)
            let text = TextRenderer().render(translated(resolved, module: moduleID, language: chosen ?? translations.defaultLanguage))
            kept = PageCache.Kept(RenderedPage(bytes: Array(text.utf8)))
        case .html, .json, .eventStream:  // a document is never a stream (``ResponseFormat/Negotiated/document``)
            let mark = format == .html ? shell.mark(moduleID: moduleID, path: request.uri.path) : nil
            // A state the cache keeps names itself in its HTML with the id its live stream gives
            // it, at the cost of one JSON render when the state is first shown (a page not kept
            // would pay it on every request, so it names none). Not so a page that answers a form:
            // what it shows (the form's errors) is no state of the page's GET, which its stream
            // follows. (A HEAD answers the GET's length.)
            let namesState = screen.key != nil && format == .html && (request.method == .get || request.method == .head)
            let render = {
                let language = chosen ?? translations.defaultLanguage
                let resolved = translated(links.resolve(screen.make(), for: moduleID, logger: logger), module: moduleID, language: language)
                guard namesState else { return self.render(resolved, as: format, mark: mark, schema: schema, language: language) }
                let document = self.render(resolved, as: .json, mark: nil, language: language).body(token: nil)
                return html.render(
                    resolved, shell: languages.shell(language), current: mark, stateID: StateID.of(document), language: language,
                    chrome: languages.chrome(language))
            }
            // A page in another language is another page; a host offering one language keys none.
            kept =
                screen.key.map {
                    cache.page(
                        for: PageCache.Key(
                            screen: $0, format: format, shell: mark, namesState: namesState, schema: schema, language: chosen),
                        make: render)
                }
                ?? PageCache.Kept(render())
        }
        if let span {
            span.attributes["atrium.format"] = format.rawValue
            span.attributes["atrium.page_cache"] = screen.key == nil ? "none" : kept.isFresh ? "miss" : "hit"
        }
        // The session as the guard or the scene read it, when one did (no await), else read now.
        var token: String?
        if kept.page.hasTokens {
            token = session?.readRecord?.csrfToken
            if token == nil { token = try await session?.csrfToken() }
        }
        let (body, tag) = kept.body(token: token)
        // Only a page's state has a tag: not an error, nor what answers a form (its errors).
        guard status == .ok, request.method == .get || request.method == .head else {
            var response = Response(
                status: status, headers: [.contentType: format.contentType, .cacheControl: "no-store"], body: .init(byteBuffer: body))
            // A page that could not be made just now says when to ask again.
            if status == .serviceUnavailable { response.headers[.retryAfter] = Self.retryAfter }
            cookie.apply(session?.cookieChange, to: &response)
            return response
        }
        let isNotModified = tag.isMatched(by: request.headers[values: .ifNoneMatch])
        var headers = stateHeaders(format, isSignedIn: session?.isSignedIn == true, isNotModified: isNotModified)
        headers.append(HTTPField(name: .eTag, value: tag.value))  // the state's headers have none: no search for one to replace
        var response =
            isNotModified
            ? Response(status: .notModified, headers: headers) : Response(status: status, headers: headers, body: .init(byteBuffer: body))
        cookie.apply(session?.cookieChange, to: &response)
        return response
    }

    /// The fields of a page's state besides its tag, made once for each case (a field's value is
    /// checked each time one is set).
    private func stateHeaders(_ format: ResponseFormat, isSignedIn: Bool, isNotModified: Bool) -> HTTPFields {
        let table = isMultilingual ? Self.multilingualStateHeaders : Self.stateHeaders
        let formatIndex =
            switch format {
            case .html: 0
            case .json: 1
            case .text: 2
            case .eventStream: 3
            }
        return table[formatIndex * 4 + (isSignedIn ? 2 : 0) + (isNotModified ? 1 : 0)]
    }

    private static let stateHeaders = stateHeaders(isMultilingual: false)
    private static let multilingualStateHeaders = stateHeaders(isMultilingual: true)

    private static func stateHeaders(isMultilingual: Bool) -> [HTTPFields] {
        [ResponseFormat.html, .json, .text, .eventStream].flatMap { format in
            [false, true].flatMap { isSignedIn in
                [false, true].map { isNotModified in
                    var fields: HTTPFields = [
                        .cacheControl: cacheControl(format: format, isSignedIn: isSignedIn), .vary: vary(isMultilingual: isMultilingual),
                    ]
                    if !isNotModified { fields[.contentType] = format.contentType }
                    return fields
                }
            }
        }
    }

    /// What a page may be kept as (every page answers its ``EntityTag``): by the visitor's own
    /// client only (`private`: even a page without a form token is answered under the visitor's
    /// session), and asked again before each use (`no-cache`, which the tag makes a 304 when nothing
    /// changed). A signed-in person's page in a browser is not kept at all (`no-store`): after
    /// signing out on a shared computer, Back must not show it from the browser's cache; a native
    /// client keeps its documents itself.
    static func cacheControl(format: ResponseFormat, isSignedIn: Bool) -> String {
        format == .html && isSignedIn ? "private, no-store" : "private, no-cache"
    }

    /// What a page's bytes depend on besides its address: the format asked for and the session
    /// (which holds the language chosen), and `Accept-Language` where more than one is offered.
    static func vary(isMultilingual: Bool) -> String {
        isMultilingual ? "Accept, Accept-Language, Cookie" : "Accept, Cookie"
    }

    /// `screen`, made by `module`, with its words in `language` (as it is when they have no
    /// translation): once per page kept, not per request.
    private func translated(_ screen: Screen, module: String?, language: String) -> Screen {
        translations.translator(module: module, language: language).map { $0.translated(screen) } ?? screen
    }

    /// The screen's JSON document in `schema`'s version and in `language` (nil: the default),
    /// with its form token left out (``RenderedPage/body(token:)`` puts it in), exactly as
    /// `Accept: application/json` answers it to a visitor of that language: for a scene's event
    /// stream, whose state ids so match the page's.
    package func jsonPage(for screen: RenderableScreen, schema: Int, language chosen: String?, moduleID: String?, logger: Logger) -> RenderedPage {
        let render = {
            let language = chosen ?? translations.defaultLanguage
            let resolved = translated(links.resolve(screen.make(), for: moduleID, logger: logger), module: moduleID, language: language)
            return self.render(resolved, as: .json, mark: nil, schema: schema, language: language)
        }
        return screen.key.map {
            cache.page(for: PageCache.Key(screen: $0, format: .json, shell: nil, schema: schema, language: chosen), make: render).page
        } ?? render()
    }

    /// The language a request's page is in when more than one is offered (nil: the default, as
    /// the page cache keys it).
    package func language(of request: Request) -> String? {
        isMultilingual ? translations.language(of: request.headers) : nil
    }

    /// Seconds a 503 page asks clients to wait before trying again.
    package static let retryAfter = "5"

    private func render(
        _ screen: Screen, as format: ResponseFormat, mark: AppShell.Mark?, schema: Int = SceneSchema.current, language: String
    ) -> RenderedPage {
        switch format {
        case .html, .eventStream:
            html.render(screen, shell: languages.shell(language), current: mark, language: language, chrome: languages.chrome(language))
        case .json: json.render(screen, withToken: Self.hasActions(screen), schema: schema, locale: language)
        case .text: RenderedPage(bytes: Array(TextRenderer().render(screen).utf8))
        }
    }

    /// A 303 redirect (Post/Redirect/Get) to a local path.
    func redirect(to path: String, session: RequestSession?) async -> Response {
        var response = Response(status: .seeOther, headers: [.location: path, .cacheControl: "no-store"])
        cookie.apply(session?.cookieChange, to: &response)
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

    package init(
        links: LinkResolver, cookie: SessionCookie, cache: PageCache, shell: AppShell, translations: Translations = .sourceOnly,
        accountLanguages: AccountLanguages? = nil
    ) {
        self.links = links
        self.cookie = cookie
        self.cache = cache
        self.shell = shell
        self.translations = translations
        languages = PageLanguages(shell: shell, translations: translations)
        isMultilingual = translations.isMultilingual
        self.accountLanguages = translations.isMultilingual ? accountLanguages : nil
    }

    /// After `request` signed `userID` in: the account's language becomes the device's (its
    /// cookie set on `response`), or the device's choice is kept on an account that has none.
    func applyAccountLanguage(of userID: String, request: Request, to response: inout Response, logger: Logger) async {
        guard let accountLanguages else { return }
        let device = RequestCookie.value(named: Translations.cookieName, in: request.headers).flatMap { translations.offeredTag($0) }
        if let cookie = await accountLanguages.cookieAtSignIn(
            of: userID, device: device, translations: translations, isSecure: cookie.isSecure, logger: logger)
        {
            response.headers.append(HTTPField(name: .setCookie, value: cookie))
        }
    }
}
