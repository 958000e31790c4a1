import Foundation

/// When one client address tried codes that failed, kept so the throttle survives a restart.
public struct CodeAttempts: Sendable, Equatable, Codable {
    public var times: [Date]

    public init(times: [Date] = []) { self.times = times }
}
