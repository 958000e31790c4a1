/// The host's own configuration keys (`http`, `storage`, `log`, `secrets`, `events`, `modules`; `flags` is
/// read with the modules, see ``HostFlags``).
public struct HostSettings: Sendable, Equatable {
    public var http: HTTPSettings
    public var storage: StorageSettings
    public var log: LogSettings
    public var secrets: SecretsSettings
    public var events: EventSettings
    /// The ids of the modules to boot.
    public var modules: [String]

    public init(
        http: HTTPSettings = .init(), storage: StorageSettings = .init(), log: LogSettings = .init(), secrets: SecretsSettings = .init(),
        events: EventSettings = .init(), modules: [String]
    ) {
        self.http = http
        self.storage = storage
        self.log = log
        self.secrets = secrets
        self.events = events
        self.modules = modules
    }

    /// The top-level keys the host reads itself; every other top-level key must be a module id.
    static let sectionKeys = ["http", "storage", "log", "secrets", "events", "modules", "flags"]
}
