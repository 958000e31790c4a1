import Foundation

/// The payments made with one-time keys, so one form sent twice pays once.
protocol PaymentRepository: Sendable {
    /// Claims `key` for a payment: nil when this call claimed it (go on and pay), else the claim
    /// already there. A pending claim older than `staleAfter` seconds is claimed again.
    func claim(_ key: String, for claim: PaymentClaim, staleAfter: Double) async throws -> PaymentClaim?
    func claim(_ key: String) async throws -> PaymentClaim?
    func finish(_ key: String, with claim: PaymentClaim) async throws
    /// Gives the key up after a failed payment, so the same form can try again.
    func release(_ key: String) async throws
    /// When money was last added through this host (on any of its hosts), if ever: pages that show
    /// totals read it, so the host shows them again (in every open tab) when it changes.
    func lastPaid() async throws -> Date?
    func notePaid(at date: Date) async throws
}
