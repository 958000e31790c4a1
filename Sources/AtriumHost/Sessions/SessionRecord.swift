/// A server-side session as stored.
public struct SessionRecord: Sendable, Equatable {
    /// Stays the same for a visitor across sign-in, so what they saved before signing in is kept.
    public var visitorID: String
    public var userID: String?
    public var csrfToken: String
    public var expiresAt: Double
    /// How long the session lasts after each use, in seconds.
    public var lifetime: Double
}
