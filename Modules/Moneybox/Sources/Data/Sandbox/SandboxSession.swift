import Foundation

/// A sandbox bearer session: whose, and when its token was last used (it expires 5 minutes after).
struct SandboxSession: Codable, Sendable {
    /// The session's record id, which its token carries.
    var id: String
    var email: String
    var lastUsed: Date
}
