/// The user a session is signed in as, as other modules see it.
public struct SignedInUser: Sendable, Equatable, Codable {
    /// The user's id, as the module that signs people in knows it.
    public var id: String
    /// The user's name.
    public var name: String
    /// The user's email address.
    public var email: String

    /// A user.
    public init(id: String, name: String, email: String) {
        self.id = id
        self.name = name
        self.email = email
    }
}
