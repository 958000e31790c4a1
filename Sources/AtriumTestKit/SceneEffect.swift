import AtriumSDK

/// Something a scene did besides answering, as a ``SceneTest`` saw it: a record written or deleted
/// in a store the test gave (an ``InMemoryRecordStore``), an event published through ``TestEvents``,
/// the visitor signed in or out, or a redirect. An exhaustive test fails on any it did not expect.
public enum SceneEffect: Sendable, Equatable, CustomStringConvertible {
    /// A record saved or changed: `collection/id`.
    case wrote(collection: String, id: String)
    /// A record deleted.
    case deleted(collection: String, id: String)
    /// An event published, by name, for an aggregate.
    case published(event: String, aggregate: String)
    /// The visitor signed in (the session cookie changes).
    case signedIn(userID: String)
    /// The visitor signed out.
    case signedOut
    /// The answer redirects (303) to this target.
    case redirected(to: LinkTarget)

    public var description: String {
        switch self {
        case .wrote(let collection, let id): "wrote \(collection)/\(id)"
        case .deleted(let collection, let id): "deleted \(collection)/\(id)"
        case .published(let event, let aggregate): "published \(event) for \(aggregate)"
        case .signedIn(let userID): "signed in as \(userID)"
        case .signedOut: "signed out"
        case .redirected(let target): "redirected to \(target)"
        }
    }
}
