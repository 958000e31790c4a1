/// Licenses read once at boot.
struct LoadedLicenses: LicenseRepository {
    let all: [PilotLicense]

    func licenses() async throws -> [PilotLicense] { all }
}
