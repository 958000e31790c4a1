/// Where the visitor is in code sign-in: the email a code was asked for, and the reward once a
/// code was accepted (with where to continue).
public protocol CodeProgressRepository: Sendable {
    func pendingEmail() async throws -> String?
    func setPendingEmail(_ email: String) async throws
    func clearPendingEmail() async throws
    /// Where to continue after the reward, once a code was accepted (nil: no reward yet).
    func reward() async throws -> CodeReward?
    func grantReward(continueTo: String?) async throws
}

/// A code was accepted: the reward is shown, then the visitor continues here.
public struct CodeReward: Codable, Sendable, Equatable {
    public var continueTo: String?

    public init(continueTo: String?) { self.continueTo = continueTo }
}
