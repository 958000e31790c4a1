import AtriumSDK
import Foundation
import Synchronization

/// A clock the test moves by hand, starting at a fixed date.
public final class TestClock: WallClock {
    private let current: Mutex<Date>

    /// A clock standing at `start`.
    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = Mutex(start)
    }

    /// The time the clock shows.
    public var now: Date { current.withLock { $0 } }

    /// Moves the clock on `seconds`.
    public func advance(seconds: Double) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
    /// Moves the clock on `minutes`.
    public func advance(minutes: Double) { advance(seconds: minutes * 60) }
    /// Sets the clock to `date`.
    public func set(_ date: Date) { current.withLock { $0 = date } }
}
