import Foundation

/// The failed sign-ins of one email, kept so a lockout survives a restart.
public struct SignInFailures: Sendable, Equatable, Codable {
    public var times: [Date]
    public var lockedUntil: Date?

    public init(times: [Date] = [], lockedUntil: Date? = nil) {
        self.times = times
        self.lockedUntil = lockedUntil
    }
}
