/// Who an OpenID provider says signed in: its issuer and subject (together, the person's key at that
/// provider) and the profile claims it shared.
public struct ProviderIdentity: Sendable, Equatable {
    public var issuer: String
    public var subject: String
    public var email: String?
    public var emailVerified: Bool
    public var name: String?
    public var givenName: String?
    public var familyName: String?
    public var nickname: String?
    public var picture: String?

    public init(
        issuer: String, subject: String, email: String? = nil, emailVerified: Bool = false, name: String? = nil, givenName: String? = nil,
        familyName: String? = nil, nickname: String? = nil, picture: String? = nil
    ) {
        self.issuer = issuer
        self.subject = subject
        self.email = email
        self.emailVerified = emailVerified
        self.name = name
        self.givenName = givenName
        self.familyName = familyName
        self.nickname = nickname
        self.picture = picture
    }
}
