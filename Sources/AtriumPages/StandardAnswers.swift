import AtriumRendering
import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import Logging

/// The host's own screens as answers, in the format and language the request asked for: the error
/// pages (no such page, a method an address does not take, too large, unavailable, an unexpected
/// error) and the refusals of a form. A fixed screen is rendered once per format and language.
package struct StandardAnswers: Sendable {
    let writer: AnswerWriter

    /// `screen`, answered with `status` to `request`.
    package func answer(_ screen: Screen, status: Int, _ request: AnswerWriter.Request, logger: Logger) async throws -> PageAnswer {
        try await writer.answer(for: DeferredScreen(screen), status: status, request, logger: logger)
    }

    /// One of the host's fixed screens, `name`, answered with `status` to a request no session has read.
    package func fixed(_ name: String, _ screen: @autoclosure @escaping @Sendable () -> Screen, status: Int, _ request: PageRequest) async throws
        -> PageAnswer
    {
        let keyed = DeferredScreen(key: ScreenKey(host: name), make: screen)
        return try await writer.answer(for: keyed, status: status, writer.request(request, session: nil), logger: request.logger)
    }

    package func notFound(_ request: PageRequest) async throws -> PageAnswer {
        try await fixed("notFound", StandardScreens.notFound, status: 404, request)
    }

    /// A known address asked for with a method it does not take: 405, with the methods it does.
    package func methodNotAllowed(_ request: PageRequest, allow: String) async throws -> PageAnswer {
        var answer = try await fixed("methodNotAllowed", StandardScreens.methodNotAllowed, status: 405, request)
        answer.extra.append((name: "Allow", value: allow))
        return answer
    }

    package func tooLarge(_ request: PageRequest) async throws -> PageAnswer {
        try await fixed("tooLarge", StandardScreens.tooLarge, status: 413, request)
    }

    package func failure(_ request: PageRequest) async throws -> PageAnswer {
        try await fixed("error", StandardScreens.error, status: 500, request)
    }

    /// The body ended before its length, or was cut off by its deadline: the client's doing.
    package func bodyEndedEarly(_ request: PageRequest) async throws -> PageAnswer {
        try await fixed("bodyEndedEarly", StandardScreens.badRequest("the request's body ended early", back: "/"), status: 400, request)
    }

    /// Something the page needs is out just now (most often the storage): 503, saying when to ask
    /// again; a GET tries the same address again, after a form the page it came from.
    package func unavailable(_ request: PageRequest, message: Wording) async throws -> PageAnswer {
        let retry = request.method == .post ? request.localReferer : LocalPath.validated(String(request.path))
        return try await answer(
            StandardScreens.unavailable(message, retry: retry ?? "/"), status: 503, writer.request(request, session: nil), logger: request.logger)
    }
}
