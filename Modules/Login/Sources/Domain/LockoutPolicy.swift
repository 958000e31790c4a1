import Foundation

/// After 5 failed sign-ins for one email within 15 minutes, that email cannot sign in for 15 minutes.
///
/// Every attempt counts as a failure from the moment it is let in, before its password is checked,
/// and a successful one clears the count: so parallel attempts cannot all slip in before the first
/// failure is written, and at most 5 passwords are ever tried per window.
public struct LockoutPolicy: Sendable {
    public var attempts = 5
    public var window: TimeInterval = 15 * 60
    public var duration: TimeInterval = 15 * 60

    public init() {}

    /// Minutes left (rounded up, at least 1) when `failures` lock the email at `now`, else nil.
    public func minutesLocked(_ failures: SignInFailures, at now: Date) -> Int? {
        guard let until = failures.lockedUntil, until > now else { return nil }
        let minutes = (until.timeIntervalSince(now) / 60).rounded(.up)
        return Int(min(max(minutes, 1), duration / 60))
    }

    /// Lets one attempt in at `now`, counting it, or refuses it while the email is locked. Returns
    /// the minutes left when refused, nil when let in. The attempt that reaches the limit is let in
    /// and locks the email for the ones after it.
    public func admit(_ failures: inout SignInFailures, at now: Date) -> Int? {
        if let minutes = minutesLocked(failures, at: now) { return minutes }
        failures.times = failures.times.filter { now.timeIntervalSince($0) < window && $0 <= now } + [now]
        failures.lockedUntil = nil
        if failures.times.count >= attempts {
            failures.lockedUntil = now.addingTimeInterval(duration)
            failures.times = []
        }
        return nil
    }
}
