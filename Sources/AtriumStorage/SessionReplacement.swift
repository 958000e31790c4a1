import Foundation

/// A sign-in or sign-out as a session table carries it out, in one transaction: the session under
/// `hash` (if any) is marked replaced and expires at `graceEnd` at the latest; with `carryOver`,
/// what the visitor saved moves to the account and the visitor is no longer remembered; then
/// `record` is stored under `newHash`, remembering the replaced session's form token (else
/// `previous`).
package struct SessionReplacement: Sendable {
    package var hash: String?
    package var previous: String?
    package var graceEnd: Double
    package var carryOver: SignInCarryOver?
    package var date: Date
    package var record: SessionRecord
    package var newHash: String

    package init(
        hash: String?, previous: String?, graceEnd: Double, carryOver: SignInCarryOver?, date: Date, record: SessionRecord, newHash: String
    ) {
        self.hash = hash
        self.previous = previous
        self.graceEnd = graceEnd
        self.carryOver = carryOver
        self.date = date
        self.record = record
        self.newHash = newHash
    }

    /// What it changes, as the change feed announces it: the old session, and (signing in) the
    /// records of the visitor and the account, which the carry-over moved.
    package var changes: [StorageChange] { StorageChange.replacing(hash: hash, carryOver: carryOver) }
}
