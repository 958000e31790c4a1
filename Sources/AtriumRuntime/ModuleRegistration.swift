import AtriumConfiguration
import AtriumEvents
import AtriumObservability
@_spi(AtriumHost) import AtriumSDK
import AtriumServices
import AtriumStorage
import Logging

/// What registering each module of a plan shares: the host's settings, the services lent to modules
/// (each module's own client, metrics and signing key made from them), the event router, and the
/// modules enabled (one of which may sign visitors in).
struct ModuleRegistration: Sendable {
    let settings: HostSettings
    let services: HostServices
    let hostKey: HostKey
    let metrics: HostMetrics
    let logger: Logger
    let events: EventRouter
    let enabled: [ModuleManifest]

    /// Registers `entry`'s module with `configuration`: what it registered, or nil (its problems
    /// added to `problems`) when it could not start.
    func register(_ entry: ModuleEntry, configuration: any Sendable, links: Set<RouteName>, problems: inout [ConfigurationProblem]) async
        -> (module: BootedModule, registrar: HostRegistrar)?
    {
        let manifest = entry.manifest
        let sharedRecords = DeferredRecordStore(module: manifest.id)
        let grants = RemoteGrants()
        let registrar = HostRegistrar(
            manifest: manifest, logger: logger.with(module: manifest.id), services: services(of: manifest, grants: grants),
            sharedRecords: sharedRecords, publicURL: settings.http.effectivePublicURL, managesSessions: managesSessions(manifest), events: events,
            remoteGrants: grants)
        do {
            let start = ContinuousClock.now
            try await entry.register(in: registrar, configuration: configuration)
            metrics.recordBoot(module: manifest.id, duration: start.duration(to: .now))
            BootTrace.mark("registered-\(manifest.id)")
        } catch let error as SettingProblem {
            let key = error.key.isEmpty ? manifest.id : "\(manifest.id).\(error.key)"
            problems.append(ConfigurationProblem(key: key, message: error.message, fix: error.fix))
            return nil
        } catch {
            problems.append(ConfigurationProblem(key: manifest.id, message: "the module could not start: \(StorageErrorText.describe(error))"))
            return nil
        }
        problems += registrar.problems.map { ConfigurationProblem(key: manifest.id, message: $0) }
        for name in manifest.provides where registrar.capabilities[name] == nil {
            problems.append(
                ConfigurationProblem(key: manifest.id, message: "the module declares it provides '\(name)' but registered no value for it"))
        }
        let module = BootedModule(
            manifest: manifest, scenes: registrar.scenes, routes: registrar.routes, migrations: registrar.migrations,
            shutdownHandlers: registrar.shutdownHandlers, signInMerges: registrar.signInMerges, expirations: registrar.expirations,
            configuredLinks: links, sharedRecords: sharedRecords, remoteGrants: grants, watches: registrar.watches, events: events)
        return (module, registrar)
    }

    /// The services `manifest`'s module is lent: each module signs with a key of its own and its id
    /// as the audience, so a token one module mints never verifies in another; its HTTP client
    /// reaches only the remote services it declared, where it named them (`grants`).
    private func services(of manifest: ModuleManifest, grants: RemoteGrants) -> HostServices {
        services.replacing(
            http: MeteredHTTPClient(inner: services.http, module: manifest.id, metrics: metrics, grants: grants),
            metrics: metrics.moduleMetrics(module: manifest.id),
            tokens: JWTTokenSigner(hostKey: hostKey, clock: services.clock, audience: manifest.id))
    }

    /// Whether the host lets `manifest`'s module sign visitors in: it is the one enabled module
    /// providing the current user.
    private func managesSessions(_ manifest: ModuleManifest) -> Bool {
        manifest.provides.contains(.currentUser) && !enabled.contains { $0.id != manifest.id && $0.provides.contains(.currentUser) }
    }
}
