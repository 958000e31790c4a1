import AtriumConfiguration
import AtriumEvents
import AtriumListener
import AtriumLocalization
import AtriumObservability
@_spi(AtriumHost) import AtriumSDK
import AtriumServices
import AtriumStorage
import Foundation
import Logging

/// A validated configuration with every enabled module registered, ready to serve.
package struct HostPlan: Sendable {
    package let source: String
    package let settings: HostSettings
    package let registry: HostRegistry
    /// Every module in the catalog, enabled or not (for `atrium modules`).
    package let catalog: [ModuleManifest]
    /// What the host lends modules.
    package let services: HostServices
    package let hostKey: HostKey
    /// Answers modules' requests to ``HostServices/localURL(_:)`` addresses once the host serves.
    package let localDelivery: LocalDelivery
    /// Every enabled module's feature flags and who each is on for (switches included).
    package internal(set) var flags: HostFlags
    /// What `GET /metrics` reports (kept across configuration reloads).
    package let metrics: HostMetrics
    /// Who publishes and who subscribes to which event (``EventRouter``).
    package let events: EventRouter
    /// Each registered module's translations (``AtriumModule/translations``), by id; a module
    /// without any is not here.
    package let translations: [String: ModuleTranslations]
    /// The run-time switches this plan serves (``applying(_:)``).
    package internal(set) var switches = HostSwitches()
    /// The modules off under them, each with why: their pages and endpoints answer 503, they leave
    /// the home page and the navigation, and their subscriptions wait.
    package internal(set) var modulesOff: [String: String] = [:]

    /// Validates a configuration and registers its modules in boot order, or throws every problem
    /// found, never stopping at the first: in the file, in each module's section (unknown, missing
    /// and mistyped keys, and the module's own checks), in requirements, in each module's boot checks
    /// (every module whose own section decoded is registered, whatever other sections hold) and in
    /// the routes. `settingsRead` is called with the host's own settings when they have no
    /// problem, before the modules' sections are read and the modules register (see ``EarlyStorage``).
    package static func prepare(
        source: ConfigurationSource,
        catalog: [ModuleEntry],
        logger: Logger,
        metrics: HostMetrics = HostMetrics(),
        services makeServices: @Sendable (HostSettings, HostKey) -> HostServices = HostPlan.standardServices,
        settingsRead: (HostSettings) -> Void = { _ in }
    ) async throws(ConfigurationError) -> HostPlan {
        var problems = unknownTopLevelKeys(in: source, catalog: catalog)
        let settings = decodeHostSettings(from: source, catalog: catalog, problems: &problems)
        BootTrace.mark("settings")
        if problems.isEmpty { settingsRead(settings) }
        let enabled = enabledModules(settings.modules, catalog: catalog, problems: &problems)
        let (configurations, references) = decodeSections(of: enabled, from: source, problems: &problems)
        BootTrace.mark("sections")
        let (flags, flagProblems) = HostFlags.resolve(
            source.tree.subtree(at: ["flags"]), modules: enabled.map(\.manifest), catalog: catalog.map(\.manifest))
        problems += flagProblems
        let unmet = unmetRequirements(enabled: enabled.map(\.manifest), catalog: catalog.map(\.manifest))
        problems += unmet.map(\.problem)
        problems += sharedCapabilities(enabled: enabled.map(\.manifest))
        let ordered = bootOrder(of: enabled, problems: &problems)

        let hostKey = settings.secrets.hostKey
        let localDelivery = LocalDelivery()
        let standard = makeServices(settings, hostKey)
        let services = standard.replacing(http: LocalRoutingHTTPClient(network: standard.http, local: localDelivery))
        let registration = ModuleRegistration(
            settings: settings, services: services, hostKey: hostKey, metrics: metrics, logger: logger, events: EventRouter(metrics: metrics),
            enabled: enabled.map(\.manifest))
        var booted: [BootedModule] = []
        var capabilities: [CapabilityName: any Sendable] = [:]
        var assets: [AssetRegistration] = []
        for manifest in ordered where !unmet.contains(where: { $0.moduleID == manifest.id }) {
            // A module whose own section has problems is not registered; the others are, so their
            // boot checks run too.
            guard let entry = enabled.first(where: { $0.manifest.id == manifest.id }), let configuration = configurations[manifest.id] else {
                continue
            }
            let links = Set(references[manifest.id]?.references.map(\.name) ?? [])
            guard let (module, registrar) = await registration.register(entry, configuration: configuration, links: links, problems: &problems)
            else { continue }
            capabilities.merge(registrar.capabilities) { first, _ in first }
            assets += registrar.assets
            booted.append(module)
        }

        let registry = HostRegistry(modules: booted, capabilities: capabilities, assets: assets)
        problems += RouteChecks.problems(in: registry, references: references, enabled: enabled.map(\.manifest))
        guard problems.isEmpty else { throw ConfigurationError(source: source.name, problems: problems) }
        return HostPlan(
            source: source.name, settings: settings, registry: registry, catalog: catalog.map(\.manifest), services: services, hostKey: hostKey,
            localDelivery: localDelivery, flags: flags, metrics: metrics, events: registration.events,
            translations: Dictionary(
                uniqueKeysWithValues: booted.compactMap { module in
                    enabled.first { $0.manifest.id == module.manifest.id }?.type.translations.map { (module.manifest.id, $0) }
                }))
    }

    /// The top-level keys that are neither the host's sections nor a module's.
    private static func unknownTopLevelKeys(in source: ConfigurationSource, catalog: [ModuleEntry]) -> [ConfigurationProblem] {
        let catalogIDs = catalog.map(\.manifest.id)
        return ConfigurationDecoder.capped(
            source.tree.keys(at: []).filter { !HostSettings.sectionKeys.contains($0.key) && !catalogIDs.contains($0.key) }.map { key, line in
                ConfigurationProblem(
                    key: key,
                    message: "unknown key (line \(line))",
                    fix:
                        "top-level keys are \(HostSettings.sectionKeys.joined(separator: ", ")) and one section per module (\(available(in: catalog)))"
                )
            },
            what: "unknown keys"
        )
    }

    /// The modules available, for a problem's fix. Written only for a problem: `joined` runs
    /// unspecialised here, and its first call cost every start a tenth of a millisecond in the
    /// runtime's lookups.
    private static func available(in catalog: [ModuleEntry]) -> String {
        catalog.isEmpty ? "none are available" : "available: \(catalog.map(\.manifest.id).joined(separator: ", "))"
    }

    /// The catalog's entries of the modules `ids` names, each once.
    private static func enabledModules(_ ids: [String], catalog: [ModuleEntry], problems: inout [ConfigurationProblem]) -> [ModuleEntry] {
        var enabled: [ModuleEntry] = []
        for id in ids {
            guard let entry = catalog.first(where: { $0.manifest.id == id }) else {
                problems.append(ConfigurationProblem(key: "modules", message: "unknown module '\(id)'", fix: available(in: catalog)))
                continue
            }
            if enabled.contains(where: { $0.manifest.id == id }) {
                problems.append(ConfigurationProblem(key: "modules", message: "module '\(id)' is listed twice", fix: "list it once"))
                continue
            }
            enabled.append(entry)
        }
        return enabled
    }

    /// Every enabled module's section, whatever the others hold, and the route names each refers to.
    private static func decodeSections(of enabled: [ModuleEntry], from source: ConfigurationSource, problems: inout [ConfigurationProblem])
        -> (configurations: [String: any Sendable], references: [String: RouteReferenceLog])
    {
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
        return (configurations, references)
    }

    /// The enabled modules in the order they boot (each after those it requires).
    private static func bootOrder(of enabled: [ModuleEntry], problems: inout [ConfigurationProblem]) -> [ModuleManifest] {
        do {
            return try BootOrder.sorted(enabled.map(\.manifest))
        } catch {
            problems.append(
                ConfigurationProblem(
                    key: "modules",
                    message:
                        "the modules' requirements form a cycle: \(error.path.joined(separator: " → ")) (each needs a capability the next provides)",
                    fix: "disable one of them, or change what they require"
                )
            )
            return []
        }
    }

    /// The services a host lends its modules: async-http-client, bcrypt, AES-GCM and JWT under the
    /// host key, the system clock and random generator.
    package static func standardServices(settings: HostSettings, hostKey: HostKey) -> HostServices {
        let clock = SystemClock()
        return HostServices(
            http: HostHTTPClient(),
            passwords: BcryptPasswordHasher(),
            secrets: AESGCMSecretSealer(hostKey: hostKey),
            tokens: JWTTokenSigner(hostKey: hostKey, clock: clock),
            openID: JWTOpenIDTokens(),
            clock: clock,
            random: SystemRandom()
        )
    }

    private static func decodeHostSettings(
        from source: ConfigurationSource,
        catalog: [ModuleEntry],
        problems: inout [ConfigurationProblem]
    ) -> HostSettings {
        let decoder = ConfigurationDecoder()
        func section<Section: ModuleConfiguration>(_ type: Section.Type, _ key: String) -> Section {
            do {
                return try decoder.decode(type, section: key, from: source)
            } catch {
                problems += error.problems
                return Section()
            }
        }
        var modules: [String] = []
        if !source.isPresent(["modules"]) {
            // No list at all: the built-in defaults boot every module in the catalog.
            modules = catalog.map(\.manifest.id)
        } else {
            do {
                modules = try decoder.decode([String].self, section: "modules", from: source)
            } catch {
                problems += error.problems
            }
        }
        let storage = section(StorageSettings.self, "storage")
        let setBy: String =
            switch source.origin(of: ["storage", "path"]) {
            case .environment(let variable): " (the environment sets \(variable))"
            default: ""
            }
        if let problem = storage.pathProblem(setBy: setBy) {
            problems.append(ConfigurationProblem(key: "storage.\(problem.key)", message: problem.message, fix: problem.fix))
        }
        // The standard OTEL_* variables win over the file, as the environment does everywhere.
        let (tracing, tracingProblems) = section(TracingSettings.self, "tracing").applyingEnvironment { source.environmentValue($0) }
        problems += tracingProblems.map { problem in
            ConfigurationProblem(key: "tracing.\(problem.key)", message: problem.message, fix: problem.fix)
        }
        return HostSettings(
            http: section(HTTPSettings.self, "http"),
            storage: storage,
            log: section(LogSettings.self, "log"),
            tracing: tracing,
            secrets: section(SecretsSettings.self, "secrets"),
            events: section(EventSettings.self, "events"),
            localization: section(LocalizationSettings.self, "localization"),
            modules: modules
        )
    }

    /// A capability two enabled modules provide: which one would answer is not the operator's
    /// choice, and a second provider of the current user could sign anyone in.
    private static func sharedCapabilities(enabled: [ModuleManifest]) -> [ConfigurationProblem] {
        var providers: [CapabilityName: [String]] = [:]
        for manifest in enabled {
            for capability in manifest.provides { providers[capability, default: []].append(manifest.id) }
        }
        return providers.filter { $0.value.count > 1 }.sorted { $0.key.rawValue < $1.key.rawValue }.map { capability, ids in
            ConfigurationProblem(
                key: "modules",
                message:
                    "modules \(ids.map { "'\($0)'" }.joined(separator: " and ")) \(ids.count == 2 ? "both" : "all") provide '\(capability)'; only one may",
                fix: "enable only one of them")
        }
    }

    private static func unmetRequirements(
        enabled: [ModuleManifest], catalog: [ModuleManifest]
    ) -> [(moduleID: String, problem: ConfigurationProblem)] {
        enabled.flatMap { manifest in
            manifest.requires.compactMap { capability -> (String, ConfigurationProblem)? in
                guard !enabled.contains(where: { $0.id != manifest.id && $0.provides.contains(capability) }) else { return nil }
                let candidates = catalog.filter { $0.provides.contains(capability) }.map(\.id)
                let fix =
                    candidates.isEmpty
                    ? "no available module provides it; disable '\(manifest.id)'"
                    : "add \(candidates.map { "'\($0)'" }.joined(separator: " or ")) to modules"
                return (
                    manifest.id,
                    ConfigurationProblem(
                        key: "modules",
                        message: "module '\(manifest.id)' requires '\(capability)', which no enabled module provides",
                        fix: fix
                    )
                )
            }
        }
    }
}
