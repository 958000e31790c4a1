import AtriumEvents
import AtriumListener
import AtriumLocalization
import AtriumObservability
import AtriumServices
import AtriumStorage

/// The host's own configuration keys (`http`, `storage`, `log`, `tracing`, `secrets`, `events`, `localization`, `modules`; `flags` is
/// read with the modules, see ``HostFlags``).
package struct HostSettings: Sendable, Equatable {
    package var http: HTTPSettings
    package var storage: StorageSettings
    package var log: LogSettings
    /// With the standard `OTEL_*` variables applied (``TracingSettings/applyingEnvironment(_:)``).
    package var tracing: TracingSettings
    package var secrets: SecretsSettings
    package var events: EventSettings
    package var localization: LocalizationSettings
    /// The ids of the modules to boot.
    package var modules: [String]

    package init(
        http: HTTPSettings = .init(), storage: StorageSettings = .init(), log: LogSettings = .init(), tracing: TracingSettings = .init(),
        secrets: SecretsSettings = .init(),
        events: EventSettings = .init(), localization: LocalizationSettings = .init(), modules: [String]
    ) {
        self.http = http
        self.storage = storage
        self.log = log
        self.tracing = tracing
        self.secrets = secrets
        self.events = events
        self.localization = localization
        self.modules = modules
    }

    /// The top-level keys the host reads itself; every other top-level key must be a module id.
    static let sectionKeys = ["http", "storage", "log", "tracing", "secrets", "events", "localization", "modules", "flags"]
}
