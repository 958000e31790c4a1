import Foundation

/// Checks codes this host issued: the code of the email the visitor asked one for.
struct IssuedCodeVerifier: CodeVerifier {
    let codes: any IssuedCodeRepository
    let now: @Sendable () -> Date

    func verify(_ code: String, email: String?) async throws -> CodeVerdict {
        guard let email, let accountID = try await codes.consume(code, email: email, at: now()) else { return .refused }
        return .accepted(accountID: accountID)
    }
}
