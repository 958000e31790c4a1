@_spi(AtriumHost) import AtriumSDK
import Foundation

/// The machine's clock.
public struct SystemClock: WallClock {
    public init() {}
    public var now: Date { Date() }
}
