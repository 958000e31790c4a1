import AtriumSDK
import Foundation

/// Where sessions and remembered visitors are kept: a table in SQLite or in PostgreSQL. The rules
/// (tokens, hashes, sliding expiry, the grace of a replaced session) live in ``SessionStore``; a
/// table only stores and finds rows, each change in one transaction.
package protocol SessionTable: Sendable {
    /// Stores a new session under the hash of its token.
    func insert(_ record: SessionRecord, hash: String, createdAt: Double) async throws
    /// The session stored under `hash`, if it expires after `current`.
    func session(hash: String, liveAt current: Double) async throws -> SessionRecord?
    /// Moves a session's expiry (unless it was replaced meanwhile).
    func slide(hash: String, to expiresAt: Double) async throws
    /// Signs a visitor in or out, as one transaction (``SessionReplacement``); returns the new
    /// session as stored.
    func replace(_ replacement: SessionReplacement) async throws -> SessionRecord
    func delete(hash: String) async throws
    /// Deletes sessions expired at `current`, and visitors not seen since with what they saved;
    /// returns how many sessions and visitors.
    func purgeExpired(at current: Double) async throws -> Int
    /// Remembers an anonymous visitor who saved something until `expiresAt`; when that makes more
    /// than `budget` visitors, forgets those who expire first (not seen for longest) with what they
    /// saved, and returns their ids.
    func keepVisitor(_ visitorID: String, until expiresAt: Double, atMost budget: Int) async throws -> [String]
    /// How many session rows there are, expired ones included (for tests).
    func sessionRowCount() async throws -> Int
    /// How many visitors are remembered (for tests).
    func visitorRowCount() async throws -> Int
}
