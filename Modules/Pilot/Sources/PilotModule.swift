import AtriumSDK

/// Pilot registration: a pilot registers with a name, a license type and a password, and sees the
/// aircraft the license allows. The registration belongs to the visitor's session, or to the
/// signed-in account when there is one. The password is checked, never stored.
public struct PilotModule: AtriumModule {
    public struct Configuration: Decodable, Sendable {
        /// The licenses file in the original format, read and checked at boot.
        public var licensesFile: String

        enum CodingKeys: String, CodingKey { case licensesFile }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            licensesFile = try container.decodeIfPresent(String.self, forKey: .licensesFile) ?? "Configuration/pilot-licenses.json"
        }
    }

    public static let manifest = ModuleManifest(id: "pilot", title: "Pilot", version: "1.0.0", binds: ["pilot"])

    public init() {}

    public func register(in registrar: ModuleRegistrar, configuration: Configuration) async throws {
        let licenses: [PilotLicense]
        do {
            licenses = try LicenseFile.load(path: configuration.licensesFile)
        } catch {
            throw ModuleBootError(
                key: "licensesFile",
                message: "\(error)",
                fix: #"the file must be {"pilot-licenses": [{"type": "PPL", "aircrafts": ["C152"]}, …]}, every license with at least one aircraft"#
            )
        }
        // A visitor who registered and then signs in keeps that registration, unless the account
        // already has one of its own: the account's stays.
        registrar.mergeAtSignIn(RegisteredPilot.self, in: StoredRegistrations.collection) { _, account in account }
        registrar.factory(PilotRegistration.self) { context in
            PilotRegistration(licenses: LoadedLicenses(all: licenses), registrations: StoredRegistrations(records: context.storage))
        }

        let pilot = registrar.scene(
            "registration",
            title: "Pilot registration",
            isEntry: true,
            model: { context in PilotModel(registration: try context.make(PilotRegistration.self)) },
            view: PilotView()
        )
        registrar.get("/pilot", name: "pilot", scene: pilot)
        registrar.post("/pilot/register", name: "pilot.register", scene: pilot, action: RegisterAction.self) { model, action, context in
            try await model.register(action, context: context)
        }
        registrar.post("/pilot/validate", name: "pilot.validate", scene: pilot, action: RegisterAction.self) { model, action, context in
            try await model.validate(action, context: context)
        }
        registrar.post("/pilot/logout", name: "pilot.logout", scene: pilot, action: EmptyAction.self) { model, _, context in
            try await model.logOut(context: context)
        }
    }
}
