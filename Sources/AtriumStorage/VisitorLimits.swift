@_spi(AtriumHost) import AtriumSDK

/// How much anonymous visitors may keep: each visitor at most `maxRecords` records of at most
/// `maxBytes` in all (``check(records:bytes:)``), and at most `maxVisitors` visitors remembered at
/// once (those not seen for longest are forgotten first, with what they saved).
package struct VisitorLimits: Sendable, Equatable {
    package var maxVisitors: Int
    package var maxRecords: Int
    package var maxBytes: Int

    package init(maxVisitors: Int = 100_000, maxRecords: Int = 100, maxBytes: Int = 256 * 1024) {
        self.maxVisitors = maxVisitors
        self.maxRecords = maxRecords
        self.maxBytes = maxBytes
    }

    /// Throws when a visitor holding `records` other records of `bytes` in all may not write one
    /// more of `newBytes`.
    package func check(records: Int, bytes: Int, newBytes: Int) throws(VisitorQuotaExceeded) {
        guard records + 1 <= maxRecords, bytes + newBytes <= maxBytes else { throw VisitorQuotaExceeded() }
    }
}
