/// The throttle's counts, per client address.
public protocol CodeAttemptRepository: Sendable {
    /// Changes the address's count as one step and returns what `change` returns.
    func update<Result: Sendable>(for address: String, _ change: @escaping @Sendable (inout CodeAttempts) -> Result) async throws -> Result
}
