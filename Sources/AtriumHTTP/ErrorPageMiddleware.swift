import AtriumRendering
import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import AtriumStorage
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1

/// Answers every error with a page in the format the request asked for: the not-found page for
/// unknown addresses, 405 with `Allow` for a known address asked with another method, 413 for a
/// body over the limit, and a plain error page, never internals, for anything unexpected.
package struct ErrorPageMiddleware: RouterMiddleware {
    package typealias Context = AtriumRequestContext

    let pages: PageWriter
    let allowed: AllowedMethods

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            switch error.status {
            case .notFound, .methodNotAllowed:
                if let allow = allowed.allowHeader(for: request.uri.path) {
                    var response = try await page(StandardScreens.methodNotAllowed, "methodNotAllowed", .methodNotAllowed, request, context)
                    response.headers[.allow] = allow
                    return response
                }
                return try await page(StandardScreens.notFound, "notFound", .notFound, request, context)
            case .contentTooLarge:
                return try await page(StandardScreens.tooLarge, "tooLarge", .contentTooLarge, request, context)
            default:
                context.logger.error("request failed", metadata: ["status": "\(error.status.code)"])
                return try await page(StandardScreens.error, "error", .internalServerError, request, context)
            }
        } catch let error as any TemporarilyUnavailable {
            // Most often the storage: reading the session or a guard's user.
            context.logger.warning("request unavailable", metadata: ["reason": "\(error.description)"])
            // A GET tries the same address again; after a form, the page it came from.
            let retry = request.method == .get ? LocalPath.validated(request.uri.path) : SceneResponder.localReferer(of: request)
            return try await pages.response(
                for: RenderableScreen(StandardScreens.unavailable(error.visitorMessage, retry: retry ?? "/")), status: .serviceUnavailable,
                request: request,
                context: context,
                session: nil, logger: context.logger)
        } catch is NIOTooManyBytesError {
            return try await page(StandardScreens.tooLarge, "tooLarge", .contentTooLarge, request, context)
        } catch is HTTPParserError {
            // The body ended before its length, or was cut off by its deadline (the client then had
            // 408 from the connection's guard): the client's doing, not the host's.
            context.logger.notice("request body could not be read to its end")
            return try await page(
                StandardScreens.badRequest("the request's body ended early", back: "/"), "bodyEndedEarly", .badRequest, request, context)
        } catch {
            context.logger.error("request failed", metadata: ["error": "\(StorageErrorText.kind(of: error))"])
            return try await page(StandardScreens.error, "error", .internalServerError, request, context)
        }
    }

    /// One of the host's fixed pages, rendered once per format.
    private func page(
        _ screen: @autoclosure @escaping @Sendable () -> Screen, _ name: String, _ status: HTTPResponse.Status, _ request: Request, _ context: Context
    ) async throws -> Response {
        try await pages.response(
            for: RenderableScreen(key: ScreenKey(host: name), make: screen), status: status, request: request, context: context, session: nil,
            logger: context.logger)
    }

    package init(pages: PageWriter, allowed: AllowedMethods) {
        self.pages = pages
        self.allowed = allowed
    }
}
