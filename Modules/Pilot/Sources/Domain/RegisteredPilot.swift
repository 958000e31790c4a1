/// A registration as kept: the pilot's name and license type. The password is never stored.
public struct RegisteredPilot: Sendable, Equatable, Codable {
    public var name: String
    public var licenseType: String

    public init(name: String, licenseType: String) {
        self.name = name
        self.licenseType = licenseType
    }
}
