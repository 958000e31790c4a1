import AtriumPages

/// What a live page's renders depend on, taken from the request that opened its stream: the page's
/// address (its path and query), its route's values, and where it returns to. A group renders from
/// this and a session, never from one watcher's request.
struct WatchedAddress: Sendable {
    var path: String
    var routeValues: [String: String]
    var returnTo: String?

    init(_ admitted: SceneRouteAnswerer.Admitted) {
        path = admitted.request.target
        routeValues = admitted.routeValues
        returnTo = admitted.request.returnTo
    }
}
