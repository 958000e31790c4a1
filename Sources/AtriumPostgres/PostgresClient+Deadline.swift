import AtriumStorage
import Logging
import PostgresNIO
import Synchronization

extension PostgresClient {
    /// Runs `body` on a pooled connection, giving up waiting after `deadline` (the watchdog's own,
    /// `storage.timeout`, unless given). Without it a request would wait while the server is
    /// unreachable until the pool's circuit breaker trips (a minute), or forever on a connection the
    /// server stopped answering. `body` runs in a task of its own, so giving up does not wait for a
    /// query that may never end; that task is cancelled.
    ///
    /// While the storage is known to be down (``StorageHealth``) it fails at once; an outage it
    /// finds marks the storage down. Either way the error is ``StorageUnavailable``.
    package func withBoundedConnection<Result: Sendable>(
        watchdog: StorageWatchdog,
        within deadline: Duration? = nil,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        if let transaction = PostgresTransaction.current, transaction.client == ObjectIdentifier(self) {
            return try await body(transaction.connection)
        }
        if let cause = watchdog.health.downCause { throw StorageUnavailable(cause: cause) }
        do {
            return try await withDeadline(watchdog: watchdog, within: deadline, body)
        } catch  where StorageHealth.isOutage(error) {
            watchdog.health.markDown(because: error) { [self] in
                (try? await self.withDeadline(watchdog: watchdog, within: .seconds(2)) { try await $0.query("SELECT 1", logger: Logger.quiet) })
                    != nil
            }
            throw StorageUnavailable(cause: watchdog.health.downCause ?? "\(error)")
        }
    }

    /// Runs `body` on a pooled connection, giving up after `deadline`.
    private func withDeadline<Result: Sendable>(
        watchdog: StorageWatchdog,
        within deadline: Duration? = nil,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let deadline = deadline ?? watchdog.deadline
        return try await withCheckedThrowingContinuation { continuation in
            let race = watchdog.watch(continuation, for: deadline) { StorageDeadlinePassed(deadline: deadline) }
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

extension Logger {
    /// A logger that writes nothing, for the storage's own probes.
    static var quiet: Logger {
        var logger = Logger(label: "atrium-probe")
        logger.logLevel = .critical
        return logger
    }
}
