import Foundation

/// At most `limit` tries per client address in `window`: 10 failed codes in 15 minutes reach a
/// verifier, 10 codes asked for in 15 minutes are sent.
///
/// Each try counts from the moment it is let in (so parallel tries cannot all slip in before the
/// first failure is written); a try that did not fail is given back afterwards.
public struct CodeThrottle: Sendable {
    public var limit = 10
    public var window: TimeInterval = 15 * 60

    public init(limit: Int = 10, window: TimeInterval = 15 * 60) {
        self.limit = limit
        self.window = window
    }

    /// Lets one try in at `now`, counting it, or refuses it: the minutes to wait (at least 1).
    public func admit(_ attempts: inout CodeAttempts, at now: Date) -> Int? {
        attempts.times = attempts.times.filter { now.timeIntervalSince($0) < window && $0 <= now }
        if attempts.times.count >= limit, let oldest = attempts.times.min() {
            return max(1, Int((oldest.addingTimeInterval(window).timeIntervalSince(now) / 60).rounded(.up)))
        }
        attempts.times.append(now)
        return nil
    }

    /// Gives back the try let in at `time`: it did not fail.
    public func giveBack(_ attempts: inout CodeAttempts, at time: Date) {
        if let index = attempts.times.lastIndex(of: time) { attempts.times.remove(at: index) }
    }
}
