import Logging
import PostgresNIO
import Synchronization

/// Whether the PostgreSQL server answers, as this host last found. Once an operation finds it down
/// (it cannot be reached, or does not answer within `storage.timeout`), every operation fails at
/// once with ``StorageUnavailable`` instead of holding its request (and a connection slot) for the
/// timeout; a probe asks the server twice a second and lets operations through again as soon as it
/// answers. Both changes are logged.
package final class StorageHealth: Sendable {
    private let state = Mutex<(isDown: Bool, cause: String)>((false, ""))
    private let logger: Logger
    /// Told when the storage is found down (the change feed stops vouching for the caches: while
    /// this host cannot reach the server it cannot hear what others write).
    private let onDown: @Sendable () -> Void

    package init(logger: Logger, onDown: @escaping @Sendable () -> Void = {}) {
        self.logger = logger
        self.onDown = onDown
    }

    /// Why the storage is down, or nil while it answers.
    package var downCause: String? { state.withLock { $0.isDown ? $0.cause : nil } }

    /// Whether `error` means the server itself cannot be used (as opposed to a query's own error,
    /// such as a unique key taken).
    package static func isOutage(_ error: any Error) -> Bool {
        if error is StorageDeadlinePassed { return true }
        guard let error = error as? PSQLError else { return false }
        if [PSQLError.Code.connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed].contains(error.code) {
            return true
        }
        // Connection exceptions (08…), and the server shutting down or starting up (57P01–57P03).
        guard let state = error.serverInfo?[.sqlState] else { return false }
        return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
    }

    /// Marks the storage down because of `error`, and starts probing with `probe` (true once the
    /// server answers) until it is back.
    package func markDown(because error: any Error, probe: @escaping @Sendable () async -> Bool) {
        let cause = (error as? StorageDeadlinePassed)?.description ?? PostgresUnavailable.plainCause(error)
        let isNew = state.withLock { state in
            defer { state = (true, cause) }
            return !state.isDown
        }
        guard isNew else { return }
        onDown()
        logger.error("storage unavailable: answering 503 until it is back", metadata: ["cause": "\(cause)"])
        Task {
            while !(await probe()) {
                try? await Task.sleep(for: .milliseconds(500))
            }
            self.state.withLock { $0 = (false, "") }
            self.logger.notice("storage answers again")
        }
    }
}
