import AtriumLocalization
import AtriumRendering
import AtriumRuntime
import AtriumSDK
import Logging

/// `/language`, where a host offering more than one language lets a visitor choose: its GET shows
/// the offered languages, its POST keeps the choice in a cookie (and on a signed-in person's
/// account) and goes back to the page the visitor came from.
package struct LanguagePage: Sendable {
    package static let path = "/language"
    /// How long the choice is kept: a year.
    static let lifetime = 365 * 24 * 3600

    let sessions: SessionStore
    let writer: AnswerWriter
    let standard: StandardAnswers

    private struct Choice: Decodable {
        var language: String?
    }

    package func answer(_ request: PageRequest) async throws -> PageAnswer {
        let translations = writer.translations
        let session = RequestSession(store: sessions, token: writer.cookie.token(in: request))
        let page = writer.request(request, session: session)
        let current = writer.language(of: request) ?? translations.defaultLanguage
        guard request.method == .post else {
            // Back to the page the visitor came from: named by the link's `returnTo`, else the referer.
            let back = request.returnTo ?? request.localReferer
            let screen = StandardScreens.language(at: Self.path, offered: translations.offered, current: current, back: back, problem: nil)
            return try await standard.answer(screen, status: 200, page, logger: request.logger)
        }
        let input: FormInput
        switch try await ActionBody.read(page, policy: .currentSession, standard: standard, logger: request.logger) {
        case .success(let read): input = read
        case .failure(.answer(let answer)): return answer
        case .failure(.notFound): return try await standard.notFound(request)
        }
        let back = request.returnTo
        let asked = (try? input.decode(Choice.self, pathParameters: [:]))?.language
        guard let language = asked.flatMap({ translations.offeredTag($0) }) else {
            let screen = StandardScreens.language(
                at: Self.path, offered: translations.offered, current: current, back: back, problem: "Choose one of the languages listed.")
            return try await standard.answer(screen, status: 422, page, logger: request.logger)
        }
        // A signed-in person's choice is kept on the account too: every device agrees at sign-in.
        if let accounts = writer.accountLanguages, let userID = try await session.userID {
            try await accounts.keep(language, for: userID)
        }
        var answer = writer.redirect(to: back ?? "/", session: session)
        answer.cookies.append(Self.cookie(language, isSecure: writer.cookie.isSecure))
        return answer
    }

    /// The cookie that keeps a visitor's choice of `language`.
    static func cookie(_ language: String, isSecure: Bool) -> String {
        "\(Translations.cookieName)=\(language); Max-Age=\(lifetime); Path=/\(isSecure ? "; Secure" : ""); HttpOnly; SameSite=Lax"
    }
}
