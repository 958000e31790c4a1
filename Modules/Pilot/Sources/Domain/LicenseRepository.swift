/// Where the pilot licenses come from.
public protocol LicenseRepository: Sendable {
    func licenses() async throws -> [PilotLicense]
}
