import AtriumSDK

/// A module after registration: its manifest and what it registered.
public struct BootedModule: Sendable {
    public let manifest: ModuleManifest
    public let scenes: [SceneRegistration]
    public let routes: [RouteRegistration]
    public let factories: [ObjectIdentifier: UseCaseFactory]
    public let migrations: [StorageMigration]
    public let shutdownHandlers: [@Sendable () async -> Void]
    /// How the module's records saved before sign-in join the account's, by collection.
    public let signInMerges: [String: SignInMerge]
    let sharedRecords: DeferredRecordStore
}
