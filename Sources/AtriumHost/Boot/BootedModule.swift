@_spi(AtriumHost) import AtriumSDK

/// A module after registration: its manifest and what it registered.
public struct BootedModule: Sendable {
    public let manifest: ModuleManifest
    public let scenes: [SceneRegistration]
    @_spi(AtriumHost) public let routes: [RouteRegistration]
    public let migrations: [StorageMigration]
    public let shutdownHandlers: [@Sendable () async -> Void]
    /// How the module's records saved before sign-in join the account's, by collection.
    public let signInMerges: [String: SignInMerge]
    /// Collections whose records expire once unchanged for so long.
    public let expirations: [String: Duration]
    /// Route names the module's configuration chose (checked at boot), which its views may link to.
    public let configuredLinks: Set<RouteName>
    let sharedRecords: DeferredRecordStore
    /// What the module watches on the change feed, by collection.
    var watches: [ModuleWatching.Watch] = []
    let watching = ModuleWatching()
    /// The configuration's events, which the module's publishers store once the storage is open.
    var events = EventRouter()

    /// Gives the module its storage: its shared records, the collections not cached where several
    /// hosts write (those it lets expire: counts and pending flows), and its watches.
    func connect(to storage: any HostStorage) {
        sharedRecords.connect(to: storage.records(module: manifest.id, owner: .shared))
        storage.changes.records.neverCache(module: manifest.id, collections: expirations.keys)
        watching.start(watches, module: manifest.id, on: storage.changes)
        events.connect(to: storage)
    }
}
