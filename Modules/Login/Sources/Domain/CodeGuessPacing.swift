import Foundation

/// Wrong codes for one account, across every code it is sent, slow down its code sign-in: a few
/// are free, then each next try waits twice as long after the last wrong one (1, 2, 4 … minutes,
/// at most an hour), counted over a day. A four-digit code then takes months to guess, however
/// many addresses the guesser has; the account's password sign-in is never slowed, so the pacing
/// cannot lock its owner out.
public struct CodeGuessPacing: Sendable {
    public var free = 3
    public var window: TimeInterval = 24 * 3600
    public var longestWait: TimeInterval = 3600

    public init() {}

    /// Lets one try in at `now`, counting it, or refuses it: the minutes to wait (at least 1).
    public func admit(_ attempts: inout CodeAttempts, at now: Date) -> Int? {
        attempts.times = attempts.times.filter { now.timeIntervalSince($0) < window && $0 <= now }
        if attempts.times.count >= free, let last = attempts.times.max() {
            let wait = min(longestWait, 60 * pow(2, Double(attempts.times.count - free)))
            let ready = last.addingTimeInterval(wait)
            if ready > now { return max(1, Int((ready.timeIntervalSince(now) / 60).rounded(.up))) }
        }
        attempts.times.append(now)
        return nil
    }
}
