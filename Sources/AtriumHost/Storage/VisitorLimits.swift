@_spi(AtriumHost) import AtriumSDK

/// How much anonymous visitors may keep: each visitor at most `maxRecords` records of at most
/// `maxBytes` in all (``check(records:bytes:)``), and at most `maxVisitors` visitors remembered at
/// once (those not seen for longest are forgotten first, with what they saved).
public struct VisitorLimits: Sendable, Equatable {
    public var maxVisitors: Int
    public var maxRecords: Int
    public var maxBytes: Int

    public init(maxVisitors: Int = 100_000, maxRecords: Int = 100, maxBytes: Int = 256 * 1024) {
        self.maxVisitors = maxVisitors
        self.maxRecords = maxRecords
        self.maxBytes = maxBytes
    }

    /// Throws when a visitor holding `records` other records of `bytes` in all may not write one
    /// more of `newBytes`.
    func check(records: Int, bytes: Int, newBytes: Int) throws(VisitorQuotaExceeded) {
        guard records + 1 <= maxRecords, bytes + newBytes <= maxBytes else { throw VisitorQuotaExceeded() }
    }
}
