import Foundation

/// The visitor's sign-ins with a provider under way, by their single-use `state`.
public protocol SSOFlowRepository: Sendable {
    func start(_ flow: SSOFlow, state: String) async throws
    /// The flow `state` names, used up: nil when unknown, used already or older than ten minutes.
    func take(state: String, at now: Date) async throws -> SSOFlow?
}
