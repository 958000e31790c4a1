import Foundation

/// The payments made with one-time keys, so one form sent twice pays once.
protocol PaymentRepository: Sendable {
    /// Claims `key` for a payment as one step: nil when this call claimed it (go on and pay), else
    /// the claim there, after `decide` had its say on it (``PaymentClaim/Decision``: taking it over
    /// claims it for this call too).
    func claim(_ key: String, for claim: PaymentClaim, decide: @escaping @Sendable (PaymentClaim) -> PaymentClaim.Decision) async throws
        -> PaymentClaim?
    func claim(_ key: String) async throws -> PaymentClaim?
    /// Records what a payment led to; a paid one also notes when (see ``lastPaid()``), in the same
    /// transaction.
    func finish(_ key: String, with claim: PaymentClaim) async throws
    /// Gives the key up after a failed payment, so the same form can try again.
    func release(_ key: String) async throws
    /// When money was last added through this host (on any of its hosts), if ever: pages that show
    /// totals read it, so the host shows them again (in every open tab) when it changes.
    func lastPaid() async throws -> Date?
}
