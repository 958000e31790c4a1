import Foundation

/// The time now, provided by the host; tests set it.
public protocol WallClock: Sendable {
    /// The current time.
    var now: Date { get }
}
