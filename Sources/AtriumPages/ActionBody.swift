import AtriumRendering
import AtriumRuntime
import AtriumSDK
import Logging
import NIOCore

/// An action's body, read once (``FormInput``), and its anti-forgery token checked (form field
/// `_csrf`, or the `X-CSRF-Token` header) against the session: a body that cannot be read answers
/// 400 naming the problem, a missing or wrong token 403, a token from before a sign-in or sign-out
/// (where the route takes only the current one) 403 saying so.
enum ActionBody {
    static func read(_ page: AnswerWriter.Request, policy: FormTokenPolicy, standard: StandardAnswers, logger: Logger) async throws
        -> Result<FormInput, SceneRouteAnswerer.Refusal>
    {
        let request = page.page
        let input: FormInput
        do {
            input = try FormInput(body: request.body.map { String(buffer: $0) } ?? "", contentType: request.fields.value(.contentType))
        } catch {
            logger.notice("POST refused: unreadable body", metadata: ["path": "\(request.path)"])
            let answer = try await standard.answer(
                StandardScreens.badRequest(error.problem, back: request.localReferer ?? "/"), status: 400, page.withoutSession, logger: logger)
            return .failure(.answer(answer))
        }
        switch try await page.session?.check(csrfToken: request.fields.value(.formToken) ?? input.formToken, policy: policy) ?? .refused {
        case .accepted:
            return .success(input)
        case .fromReplacedSession:
            logger.notice("POST refused: form from before a sign-in or sign-out", metadata: ["path": "\(request.path)"])
            return .failure(.answer(try await standard.answer(StandardScreens.formFromReplacedSession, status: 403, page, logger: logger)))
        case .refused:
            logger.notice("POST refused: missing or invalid anti-forgery token", metadata: ["path": "\(request.path)"])
            return .failure(.answer(try await standard.answer(StandardScreens.forbidden, status: 403, page, logger: logger)))
        }
    }
}
