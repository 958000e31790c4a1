import AtriumPages
import AtriumRuntime
import AtriumSDK
import AtriumStorage
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1

/// Answers every error the router or a body raises with a page in the format the request asked
/// for (the page target's ``StandardAnswers``): the not-found page for unknown addresses, 405 with
/// `Allow` for a known address asked with another method, 413 for a body over the limit, and a
/// plain error page, never internals, for anything unexpected. The page target answers its own
/// routes' errors itself.
package struct ErrorPageMiddleware: RouterMiddleware {
    package typealias Context = AtriumRequestContext

    let standard: StandardAnswers
    let allowed: AllowedMethods

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            let page = PageAdapter.pageRequest(request, context: context)
            switch error.status {
            case .notFound, .methodNotAllowed:
                if let allow = allowed.allowHeader(for: request.uri.path) {
                    return PageAdapter.response(try await standard.methodNotAllowed(page, allow: allow))
                }
                return PageAdapter.response(try await standard.notFound(page))
            case .contentTooLarge:
                return PageAdapter.response(try await standard.tooLarge(page))
            default:
                context.logger.error("request failed", metadata: ["status": "\(error.status.code)"])
                return PageAdapter.response(try await standard.failure(page))
            }
        } catch let error as any TemporarilyUnavailable {
            context.logger.warning("request unavailable", metadata: ["reason": "\(error.description)"])
            return PageAdapter.response(
                try await standard.unavailable(PageAdapter.pageRequest(request, context: context), message: error.visitorMessage))
        } catch is NIOTooManyBytesError {
            return PageAdapter.response(try await standard.tooLarge(PageAdapter.pageRequest(request, context: context)))
        } catch is HTTPParserError {
            // The body ended before its length, or was cut off by its deadline (the client then had
            // 408 from the connection's guard): the client's doing, not the host's.
            context.logger.notice("request body could not be read to its end")
            return PageAdapter.response(try await standard.bodyEndedEarly(PageAdapter.pageRequest(request, context: context)))
        } catch {
            context.logger.error("request failed", metadata: ["error": "\(StorageErrorText.kind(of: error))"])
            return PageAdapter.response(try await standard.failure(PageAdapter.pageRequest(request, context: context)))
        }
    }

    package init(standard: StandardAnswers, allowed: AllowedMethods) {
        self.standard = standard
        self.allowed = allowed
    }
}
