import Foundation

/// What payments added to one sandbox product, kept in the host's storage across restarts.
struct SandboxBalance: Codable, Sendable {
    var added: Decimal
}
