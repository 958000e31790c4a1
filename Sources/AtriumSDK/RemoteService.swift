/// A remote service a module calls, declared in its manifest's `remoteServices`. The module names
/// where it is in this configuration with ``ModuleRegistrar/remoteService(_:at:)`` at registration;
/// its ``HostServices/http`` client then reaches those addresses (and what their documents point to,
/// with a ``RemoteReach``) and refuses any other, so a module calls only what it declared.
public struct RemoteService: Sendable, Equatable {
    /// The service's id within the module (for example "gbfs").
    public var id: String
    /// What the service is, in a few words (for example "the bike-share feed (GBFS)").
    public var title: String

    /// The service `id`, which `title` describes.
    public init(_ id: String, title: String) {
        self.id = id
        self.title = title
    }
}
