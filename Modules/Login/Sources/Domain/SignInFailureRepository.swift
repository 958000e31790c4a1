/// Where failed sign-ins are counted, per email.
public protocol SignInFailureRepository: Sendable {
    func failures(for email: String) async throws -> SignInFailures
    /// Changes one email's record as one step, so parallel attempts all count.
    func update<Result: Sendable>(for email: String, _ change: @escaping @Sendable (inout SignInFailures) -> Result) async throws -> Result
    func clear(for email: String) async throws
}
