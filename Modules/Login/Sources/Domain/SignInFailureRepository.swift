/// Where failed sign-ins are counted, per email.
public protocol SignInFailureRepository: Sendable {
    func failures(for email: String) async throws -> SignInFailures
    func save(_ failures: SignInFailures, for email: String) async throws
    func clear(for email: String) async throws
}
