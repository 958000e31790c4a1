import Foundation
import Synchronization

/// The `Date` field every response carries (RFC 9110, 5.6.7: `Sun, 06 Nov 1994 08:49:37 GMT`),
/// written again only when the second has changed since the last response. Hummingbird's own cache
/// is not public, and `DateFormatter` would load ICU into every start for a fixed English format.
package final class HTTPDate: Sendable {
    private let latest = Mutex<(second: Int, text: String)>((-1, ""))

    package init() {}

    /// The field's value for now.
    package var now: String {
        let second = time(nil)
        return latest.withLock { latest in
            if latest.second != second { latest = (second, Self.text(of: second)) }
            return latest.text
        }
    }

    /// The field's value for `second` (since 1970, UTC).
    package static func text(of second: Int) -> String {
        var seconds = time_t(second)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let day = weekdays[Int(parts.tm_wday)]
        let month = months[Int(parts.tm_mon)]
        func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(day), \(twoDigits(parts.tm_mday)) \(month) \(parts.tm_year + 1900) "
            + "\(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec)) GMT"
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
