/// Where the fleet comes from (a GBFS feed), loaded as often as the feed's `ttl` allows.
public protocol FleetSource: Sendable {
    func fleet() async throws -> Fleet
    /// Forgets what was loaded (after a ride changed the sandbox's vehicles).
    func refresh() async
}
