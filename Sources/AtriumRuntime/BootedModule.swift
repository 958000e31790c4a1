import AtriumEvents
import AtriumSDK
import AtriumServices
import AtriumStorage

/// A module after registration: its manifest and what it registered.
package struct BootedModule: Sendable {
    package let manifest: ModuleManifest
    package let scenes: [SceneRegistration]
    package let routes: [RouteRegistration]
    package let migrations: [StorageMigration]
    package let shutdownHandlers: [@Sendable () async -> Void]
    /// How the module's records saved before sign-in join the account's, by collection.
    package let signInMerges: [String: SignInMerge]
    /// Collections whose records expire once unchanged for so long.
    package let expirations: [String: Duration]
    /// Route names the module's configuration chose (checked at boot), which its views may link to.
    package let configuredLinks: Set<RouteName>
    let sharedRecords: DeferredRecordStore
    /// The hosts the module named for its remote services under this configuration.
    package var remoteGrants = RemoteGrants()
    /// What the module watches on the change feed, by collection.
    var watches: [ModuleWatching.Watch] = []
    package let watching = ModuleWatching()
    /// The configuration's events, which the module's publishers store once the storage is open.
    var events = EventRouter()

    /// Gives the module its storage: the collections it may write (those it declared), its shared records, the collections not cached where several
    /// hosts write (those it lets expire: counts and pending flows), and its watches.
    package func connect(to storage: any HostStorage) {
        storage.collectionGrants.declare(manifest.collections.map(\.name), of: manifest.id)
        sharedRecords.connect(to: storage.records(module: manifest.id, owner: .shared))
        storage.changes.records.neverCache(module: manifest.id, collections: expirations.keys)
        watching.start(watches, module: manifest.id, on: storage.changes)
        events.connect(to: storage)
    }
}
