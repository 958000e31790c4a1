import Foundation

/// Failed sign-ins to the sandbox for one email within the current window.
struct SandboxFailures: Codable, Sendable {
    /// The email (lower case), the record's id.
    var email: String
    var count: Int
    var since: Date
}
