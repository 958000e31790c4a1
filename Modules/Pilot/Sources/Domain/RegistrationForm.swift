/// What the visitor typed into the registration form.
public struct RegistrationForm: Sendable, Hashable {
    public var name: String
    public var licenseType: String?
    public var password: String
    public var verification: String

    public init(name: String = "", licenseType: String? = nil, password: String = "", verification: String = "") {
        self.name = name
        self.licenseType = licenseType
        self.password = password
        self.verification = verification
    }
}
