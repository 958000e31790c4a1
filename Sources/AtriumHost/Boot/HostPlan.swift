import AtriumSDK
import Logging

/// A validated configuration with every enabled module registered, ready to serve.
public struct HostPlan: Sendable {
    public let source: String
    public let settings: HostSettings
    public let registry: HostRegistry
    /// Every module in the catalog, enabled or not (for `atrium modules`).
    public let catalog: [ModuleManifest]

    /// Validates a configuration and registers its modules in boot order, or throws every problem
    /// found: in the file, in each module's section, in requirements and in the routes.
    public static func prepare(
        source: ConfigurationSource,
        catalog: [ModuleEntry],
        logger: Logger,
        httpClient: any RemoteHTTPClient = HostHTTPClient(),
        passwordHasher: any PasswordHasher = BcryptPasswordHasher()
    ) async throws(ConfigurationError) -> HostPlan {
        var problems: [ConfigurationProblem] = []
        let catalogIDs = catalog.map(\.manifest.id)
        let available = catalogIDs.isEmpty ? "none are available" : "available: \(catalogIDs.joined(separator: ", "))"

        problems += ConfigurationDecoder.capped(
            source.tree.keys(at: []).filter { !HostSettings.sectionKeys.contains($0.key) && !catalogIDs.contains($0.key) }.map { key, line in
                ConfigurationProblem(
                    key: key,
                    message: "unknown key (line \(line))",
                    fix: "top-level keys are \(HostSettings.sectionKeys.joined(separator: ", ")) and one section per module (\(available))"
                )
            },
            what: "unknown keys"
        )

        let settings = decodeHostSettings(from: source, catalog: catalog, problems: &problems)

        var enabled: [ModuleEntry] = []
        for id in settings.modules {
            guard let entry = catalog.first(where: { $0.manifest.id == id }) else {
                problems.append(ConfigurationProblem(key: "modules", message: "unknown module '\(id)'", fix: available))
                continue
            }
            if enabled.contains(where: { $0.manifest.id == id }) {
                problems.append(ConfigurationProblem(key: "modules", message: "module '\(id)' is listed twice", fix: "list it once"))
                continue
            }
            enabled.append(entry)
        }

        var configurations: [String: any Sendable] = [:]
        var references: [String: RouteReferenceLog] = [:]
        for entry in enabled {
            let log = RouteReferenceLog()
            references[entry.manifest.id] = log
            do {
                configurations[entry.manifest.id] = try entry.decodeConfiguration(from: source, routeReferences: log)
            } catch {
                problems += error.problems
            }
        }

        problems += unmetRequirements(enabled: enabled.map(\.manifest), catalog: catalog.map(\.manifest))

        var ordered: [ModuleManifest] = []
        do {
            ordered = try BootOrder.sorted(enabled.map(\.manifest))
        } catch {
            problems.append(
                ConfigurationProblem(
                    key: "modules",
                    message:
                        "the modules' requirements form a cycle: \(error.path.joined(separator: " → ")) (each needs a capability the next provides)",
                    fix: "disable one of them, or change what they require"
                )
            )
        }
        guard problems.isEmpty else { throw ConfigurationError(source: source.name, problems: problems) }

        var booted: [BootedModule] = []
        var capabilities: [CapabilityName: any Sendable] = [:]
        var assets: [AssetRegistration] = []
        for manifest in ordered {
            guard let entry = enabled.first(where: { $0.manifest.id == manifest.id }),
                let configuration = configurations[manifest.id]
            else { continue }
            let sharedRecords = DeferredRecordStore(module: manifest.id)
            let registrar = ModuleRegistrar(
                moduleID: manifest.id,
                logger: logger.with(module: manifest.id),
                httpClient: httpClient,
                passwordHasher: passwordHasher,
                sharedRecords: sharedRecords
            )
            do {
                try await entry.register(in: registrar, configuration: configuration)
            } catch let error as ModuleBootError {
                let key = error.key.isEmpty ? manifest.id : "\(manifest.id).\(error.key)"
                problems.append(ConfigurationProblem(key: key, message: error.message, fix: error.fix))
                continue
            } catch {
                problems.append(ConfigurationProblem(key: manifest.id, message: "the module could not start: \(error)"))
                continue
            }
            problems += registrar.problems.map { ConfigurationProblem(key: manifest.id, message: $0) }
            for name in manifest.provides where registrar.capabilities[name] == nil {
                problems.append(
                    ConfigurationProblem(key: manifest.id, message: "the module declares it provides '\(name)' but registered no value for it")
                )
            }
            capabilities.merge(registrar.capabilities) { first, _ in first }
            assets += registrar.assets
            booted.append(
                BootedModule(
                    manifest: manifest,
                    scenes: registrar.scenes,
                    routes: registrar.routes,
                    factories: registrar.factories,
                    migrations: registrar.migrations,
                    shutdownHandlers: registrar.shutdownHandlers,
                    signInMerges: registrar.signInMerges,
                    sharedRecords: sharedRecords
                )
            )
        }

        let registry = HostRegistry(modules: booted, capabilities: capabilities, assets: assets)
        problems += RouteChecks.problems(in: registry, references: references)
        guard problems.isEmpty else { throw ConfigurationError(source: source.name, problems: problems) }
        return HostPlan(source: source.name, settings: settings, registry: registry, catalog: catalog.map(\.manifest))
    }

    private static func decodeHostSettings(
        from source: ConfigurationSource,
        catalog: [ModuleEntry],
        problems: inout [ConfigurationProblem]
    ) -> HostSettings {
        let decoder = ConfigurationDecoder()
        func section<Section: Decodable>(_ type: Section.Type, _ key: String, default value: Section) -> Section {
            do {
                return try decoder.decode(type, section: key, from: source)
            } catch {
                problems += error.problems
                return value
            }
        }
        let modules: [String]
        if !source.isPresent(["modules"]) {
            // No list at all: the built-in defaults boot every module in the catalog.
            modules = catalog.map(\.manifest.id)
        } else {
            modules = section([String].self, "modules", default: [])
        }
        let storage = section(StorageSettings.self, "storage", default: .init())
        if let problem = storage.problem(origin: source.origin(of: ["storage", "path"])) { problems.append(problem) }
        return HostSettings(
            http: section(HTTPSettings.self, "http", default: .init()),
            storage: storage,
            log: section(LogSettings.self, "log", default: .init()),
            modules: modules
        )
    }

    private static func unmetRequirements(enabled: [ModuleManifest], catalog: [ModuleManifest]) -> [ConfigurationProblem] {
        enabled.flatMap { manifest in
            manifest.requires.compactMap { capability -> ConfigurationProblem? in
                guard !enabled.contains(where: { $0.id != manifest.id && $0.provides.contains(capability) }) else { return nil }
                let candidates = catalog.filter { $0.provides.contains(capability) }.map(\.id)
                let fix =
                    candidates.isEmpty
                    ? "no available module provides it; disable '\(manifest.id)'"
                    : "add \(candidates.map { "'\($0)'" }.joined(separator: " or ")) to modules"
                return ConfigurationProblem(
                    key: "modules",
                    message: "module '\(manifest.id)' requires '\(capability)', which no enabled module provides",
                    fix: fix
                )
            }
        }
    }
}
