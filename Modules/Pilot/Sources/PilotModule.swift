import AtriumSDK
import Foundation

/// Pilot registration: a pilot registers with a name, a license type and a password, and sees the
/// aircraft the license allows. The registration belongs to the visitor's session, or to the
/// signed-in account when there is one. The password is checked, never stored.
///
/// This is the module a new one is copied from: a configuration with its defaults, data read and
/// checked at boot, a use case built per request, and one scene (`Scenes/Registration/`) with its
/// routes as values and its actions as one enum.
public struct PilotModule: AtriumModule {
    public typealias Configuration = PilotConfiguration

    public static let manifest = ModuleManifest(
        id: "pilot", title: "Pilot", version: "1.0.0", binds: ["pilot"],
        collections: [StoredCollection(StoredRegistrations.collection, holds: "each visitor's or account's pilot registration")])

    /// Its wording in Spanish too (`Resources/Localizable.xcstrings`).
    public static var translations: ModuleTranslations? { Localizable.translations }

    public init() {}

    public func register(in registrar: any ModuleRegistrar, configuration: Configuration) async throws {
        let licenses: [PilotLicense]
        do {
            licenses = try LicenseFile.load(path: configuration.licensesFile)
        } catch {
            throw SettingProblem(
                key: "licensesFile",
                message: "\(error)",
                fix: #"the file must be {"pilot-licenses": [{"type": "PPL", "aircrafts": ["C152"]}, …]}, every license with at least one aircraft"#
            )
        }
        // A visitor who registered and then signs in keeps that registration, unless the account
        // already has one of its own: the account's stays.
        registrar.mergeAtSignIn(RegisteredPilot.self, in: StoredRegistrations.collection) { _, account in account }

        // Use cases: made for each request, on the records of whoever is asking.
        let loaded = LoadedLicenses(all: licenses)
        @Sendable func registration(_ context: SceneContext) -> PilotRegistration {
            PilotRegistration(licenses: loaded, registrations: StoredRegistrations(records: context.storage))
        }

        // Scenes.
        registrar.scene(RegistrationScene.self) { context in RegistrationScene(registration: registration(context)) }
    }
}
