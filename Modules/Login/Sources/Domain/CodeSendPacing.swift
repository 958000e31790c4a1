import Foundation

/// How often a code is sent to one email: not again within a minute of the last, and at most five
/// an hour. Asking more often sends nothing new (codes are kept only as slow salted hashes, so there
/// is nothing to send again) and is answered the same way, so asking cannot flood a mailbox, keep
/// replacing the code its owner is typing, or spend the server's hashing.
public struct CodeSendPacing: Sendable {
    public var interval: TimeInterval = 60
    public var perHour = 5

    public init() {}

    /// Whether a code may be sent at `now`; when it may, the send is counted.
    public func admit(_ sends: inout CodeAttempts, at now: Date) -> Bool {
        sends.times = sends.times.filter { now.timeIntervalSince($0) < 3600 && $0 <= now }
        if let last = sends.times.max(), now.timeIntervalSince(last) < interval { return false }
        guard sends.times.count < perHour else { return false }
        sends.times.append(now)
        return true
    }
}
