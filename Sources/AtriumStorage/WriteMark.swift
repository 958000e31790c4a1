import Synchronization

/// How far the current request's own writes went in the change feed (their position on
/// PostgreSQL, see ``ChangeFeed``), for the visitor's cookie (``ReadYourWritesMiddleware``).
package final class WriteMark: Sendable {
    package init() {}

    @TaskLocal package static var current: WriteMark?

    private let furthest = Atomic<Int64>(0)

    /// The furthest position written, 0 when the request wrote nothing that was announced.
    package var position: Int64 { furthest.load(ordering: .acquiring) }

    package func note(_ position: Int64) { furthest.max(position) }
}
