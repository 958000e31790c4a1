/// A scene state that names the page it makes by something smaller than itself, so the host can
/// keep the rendered page without keeping the state: a map's state holds a whole fleet, but the
/// fleet's load id, the view and the ride say which page it is.
///
/// States that are `Hashable` are kept by themselves; conform to this instead when the state is
/// large or holds data the page cache should not keep alive.
public protocol IdentifiedState: Sendable {
    /// What names the page: small, and equal exactly when the pages are.
    associatedtype PageIdentity: Hashable & Sendable
    /// Equal for every state that makes the same page.
    var pageIdentity: PageIdentity { get }
}
