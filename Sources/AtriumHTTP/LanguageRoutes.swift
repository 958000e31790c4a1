import AtriumPages
@_spi(AtriumHost) import AtriumSDK
import Hummingbird
import NIOCore

/// `/language` on the router, where more than one language is offered: its GET and POST are the
/// page target's ``LanguagePage``.
package struct LanguageRoutes: Sendable {
    let page: LanguagePage?

    package init(pages: PageService) {
        page = pages.language
    }

    package func methods() throws -> [(pattern: RoutePattern, method: HTTPMethodName)] {
        guard page != nil else { return [] }
        let pattern = try RoutePattern(LanguagePage.path)
        return [(pattern, .get), (pattern, .post)]
    }

    package func add(to router: Router<AtriumRequestContext>) {
        guard let page else { return }
        router.get(RouterPath(LanguagePage.path)) { request, context in
            PageAdapter.response(try await page.answer(PageAdapter.pageRequest(request, context: context)))
        }
        router.post(RouterPath(LanguagePage.path)) { request, context in
            let body = try await request.body.collect(upTo: PageRequest.bodyLimit)
            return PageAdapter.response(try await page.answer(PageAdapter.pageRequest(request, context: context, body: body)))
        }
    }
}
