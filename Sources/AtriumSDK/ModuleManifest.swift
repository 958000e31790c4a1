/// What the host needs to know about a module before booting it.
public struct ModuleManifest: Sendable, Equatable {
    /// The id used in the configuration's `modules` list and as the name of its section.
    public var id: String
    /// What people call the module (the home page lists it).
    public var title: String
    /// The module's version, as `atrium modules` lists it.
    public var version: String
    /// Capabilities another enabled module must provide (for example ``CapabilityName/currentUser``).
    public var requires: [CapabilityName]
    /// Capabilities this module provides to others.
    public var provides: [CapabilityName]
    /// Route names this module binds, so others can link or redirect to them (for example "sign-in").
    public var binds: [RouteName]
    /// Route names of other modules' pages this module's views link to with ``LinkTarget/named(_:)``
    /// (names its configuration chooses are checked without being listed). The host checks at boot
    /// that an enabled module binds each one to a page.
    public var links: [RouteName]
    /// Capabilities the module uses when an enabled module provides them and does without
    /// otherwise (read with ``SceneContext/capability(_:)``, which is then nil): unlike `requires`,
    /// they never stop a boot.
    public var uses: [CapabilityName]
    /// The module's feature flags, which the operator sets under `flags:` (see ``FeatureFlag``).
    public var flags: [FeatureFlag]
    /// The collections the module keeps records in: a write to any other is refused.
    public var collections: [StoredCollection]
    /// The remote services the module calls (see ``RemoteService``): a request elsewhere is refused.
    public var remoteServices: [RemoteService]

    /// A manifest for the module `id`; see each property for what it declares.
    public init(
        id: String,
        title: String,
        version: String,
        requires: [CapabilityName] = [],
        provides: [CapabilityName] = [],
        binds: [RouteName] = [],
        links: [RouteName] = [],
        uses: [CapabilityName] = [],
        flags: [FeatureFlag] = [],
        collections: [StoredCollection] = [],
        remoteServices: [RemoteService] = []
    ) {
        self.id = id
        self.title = title
        self.version = version
        self.requires = requires
        self.provides = provides
        self.binds = binds
        self.links = links
        self.uses = uses
        self.flags = flags
        self.collections = collections
        self.remoteServices = remoteServices
    }
}
