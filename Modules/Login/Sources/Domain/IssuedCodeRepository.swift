import Foundation

/// Issued one-time codes, one per email at a time, kept only as slow salted hashes.
public protocol IssuedCodeRepository: Sendable {
    /// Keeps `code` for the account behind `email` until `expiresAt`, replacing any earlier one.
    func issue(_ code: String, email: String, accountID: String, expiresAt: Date) async throws
    /// Takes as long as issuing a code and issues none: for an email without an account, or one
    /// that had a code a moment ago, so the answer's timing tells nothing.
    func issueNone() async
    /// Uses up one try of the email's code: the account when `code` is its code (which then works
    /// no more), nil when it is not, has expired, or has had its tries.
    func consume(_ code: String, email: String, at now: Date) async throws -> String?
}
