import Foundation

/// After 5 failed sign-ins for one email within 15 minutes, that email cannot sign in for 15 minutes.
public struct LockoutPolicy: Sendable {
    public var attempts = 5
    public var window: TimeInterval = 15 * 60
    public var duration: TimeInterval = 15 * 60

    public init() {}

    /// Minutes left (rounded up) when `failures` lock the email at `now`, else nil.
    public func minutesLocked(_ failures: SignInFailures, at now: Date) -> Int? {
        guard let until = failures.lockedUntil, until > now else { return nil }
        return Int((until.timeIntervalSince(now) / 60).rounded(.up))
    }

    /// The record after one more failure at `now`.
    public func recordingFailure(_ failures: SignInFailures, at now: Date) -> SignInFailures {
        var times = failures.times.filter { now.timeIntervalSince($0) < window } + [now]
        var lockedUntil = failures.lockedUntil.flatMap { $0 > now ? $0 : nil }
        if times.count >= attempts {
            lockedUntil = now.addingTimeInterval(duration)
            times = []
        }
        return SignInFailures(times: times, lockedUntil: lockedUntil)
    }
}
