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
}
