import Hummingbird
import Logging
import NIOCore

/// Answers every error with a page in the format the request asked for: the not-found page for
/// unknown addresses, 405 with `Allow` for a known address asked with another method, 413 for a
/// body over the limit, and a plain error page, never internals, for anything unexpected.
struct ErrorPageMiddleware: RouterMiddleware {
    typealias Context = AtriumRequestContext

    let pages: PageWriter
    let allowed: AllowedMethods

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            switch error.status {
            case .notFound, .methodNotAllowed:
                if let allow = allowed.allowHeader(for: request.uri.path) {
                    var response = try await pages.response(
                        for: StandardScreens.methodNotAllowed, status: .methodNotAllowed, request: request, session: nil)
                    response.headers[.allow] = allow
                    return response
                }
                return try await pages.response(for: StandardScreens.notFound, status: .notFound, request: request, session: nil)
            case .contentTooLarge:
                return try await pages.response(for: StandardScreens.tooLarge, status: .contentTooLarge, request: request, session: nil)
            default:
                context.logger.error("request failed", metadata: ["status": "\(error.status.code)"])
                return try await pages.response(for: StandardScreens.error, status: .internalServerError, request: request, session: nil)
            }
        } catch is NIOTooManyBytesError {
            return try await pages.response(for: StandardScreens.tooLarge, status: .contentTooLarge, request: request, session: nil)
        } catch {
            context.logger.error("request failed", metadata: ["error": "\(String(describing: type(of: error)))"])
            return try await pages.response(for: StandardScreens.error, status: .internalServerError, request: request, session: nil)
        }
    }
}
