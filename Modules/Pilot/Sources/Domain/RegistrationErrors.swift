/// The error of each registration field; a field without one is valid.
public struct RegistrationErrors: Sendable, Hashable {
    public var name: RegistrationError?
    public var license: RegistrationError?
    public var password: RegistrationError?
    public var verification: RegistrationError?

    public init(
        name: RegistrationError? = nil,
        license: RegistrationError? = nil,
        password: RegistrationError? = nil,
        verification: RegistrationError? = nil
    ) {
        self.name = name
        self.license = license
        self.password = password
        self.verification = verification
    }

    /// Register is enabled only when no field has an error.
    public var isValid: Bool { name == nil && license == nil && password == nil && verification == nil }
}
