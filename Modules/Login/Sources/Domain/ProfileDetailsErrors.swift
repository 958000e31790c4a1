/// The field errors of the profile details form.
public struct ProfileDetailsErrors: Error, Sendable, Hashable {
    public var givenName: LoginError?
    public var familyName: LoginError?
    public var nickname: LoginError?
    public var picture: LoginError?

    public init(givenName: LoginError? = nil, familyName: LoginError? = nil, nickname: LoginError? = nil, picture: LoginError? = nil) {
        self.givenName = givenName
        self.familyName = familyName
        self.nickname = nickname
        self.picture = picture
    }

    public var isEmpty: Bool { givenName == nil && familyName == nil && nickname == nil && picture == nil }
}
