/// Whose records a store holds.
package enum RecordOwner: Sendable, Hashable {
    /// Shared by everyone who uses the module.
    case shared
    /// One visitor, by the stable visitor id of their session.
    case visitor(String)
    /// One signed-in user, by user id.
    case user(String)

    package var key: String {
        switch self {
        case .shared: "shared"
        case .visitor(let id): "visitor:\(id)"
        case .user(let id): "user:\(id)"
        }
    }
}
