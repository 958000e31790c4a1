/// The user a session is signed in as, as other modules see it.
public struct SignedInUser: Sendable, Equatable, Codable {
    public var id: String
    public var name: String
    public var email: String

    public init(id: String, name: String, email: String) {
        self.id = id
        self.name = name
        self.email = email
    }
}
