/// A check the host runs before a route's scene.
public enum RouteGuard: String, Sendable, Hashable, Codable {
    /// Anyone may open the route.
    case none
    /// Visitors who are not signed in are redirected to the route bound as ``RouteName/signIn``,
    /// with a return-to address. Needs a module that provides ``CapabilityName/currentUser``.
    case signedIn = "signed-in"
}
