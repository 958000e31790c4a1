import PostgresNIO
import Synchronization

extension PostgresClient {
    /// Why an operation gave up: the server did not answer in time (it is down, unreachable, or
    /// every connection is busy).
    struct DeadlinePassed: Error, CustomStringConvertible {
        var deadline: Duration
        var description: String { "the PostgreSQL server did not answer within \(deadline)" }
    }

    /// Runs `body` on a pooled connection, giving up waiting after `deadline` (the watchdog's own,
    /// `storage.timeout`, unless given). Without it a request would wait while the server is
    /// unreachable until the pool's circuit breaker trips (a minute), or forever on a connection the
    /// server stopped answering. `body` runs in a task of its own, so giving up does not wait for a
    /// query that may never end; that task is cancelled.
    func withBoundedConnection<Result: Sendable>(
        watchdog: StorageWatchdog,
        within deadline: Duration? = nil,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let deadline = deadline ?? watchdog.deadline
        return try await withCheckedThrowingContinuation { continuation in
            let race = watchdog.watch(continuation, for: deadline) { DeadlinePassed(deadline: deadline) }
            race.start(
                Task {
                    do {
                        race.finish(.success(try await self.withConnection { try await body($0) }))
                    } catch {
                        race.finish(.failure(error))
                    }
                })
        }
    }
}
