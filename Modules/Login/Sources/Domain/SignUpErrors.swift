/// The field errors of a sign-up form.
public struct SignUpErrors: Error, Sendable, Hashable {
    public var fullName: LoginError?
    public var email: LoginError?
    public var password: LoginError?

    public init(fullName: LoginError? = nil, email: LoginError? = nil, password: LoginError? = nil) {
        self.fullName = fullName
        self.email = email
        self.password = password
    }

    public var isEmpty: Bool { fullName == nil && email == nil && password == nil }
}
