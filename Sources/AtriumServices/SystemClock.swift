import AtriumSDK
import Foundation

/// The machine's clock.
package struct SystemClock: WallClock {
    package init() {}
    package var now: Date { Date() }
}
