import AtriumStorage
import Logging
import PostgresNIO

/// The transaction the current task holds (``PostgresRecordStore/transaction(_:)``): its operations
/// run on its connection, and what they change is announced once it commits.
final class PostgresTransaction: Sendable {
    @TaskLocal static var current: PostgresTransaction?

    let client: ObjectIdentifier
    let connection: PostgresConnection
    let pending = PendingChanges()

    init(client: PostgresClient, connection: PostgresConnection) {
        self.client = ObjectIdentifier(client)
        self.connection = connection
    }
}

extension PostgresConnection {
    /// Runs `body` between BEGIN and COMMIT, rolling back when it throws and rethrowing its error
    /// as it was (PostgresNIO's `withTransaction` wraps it). Inside the current task's transaction it
    /// is a savepoint of it instead.
    func inTransaction<Result: Sendable>(logger: Logger, _ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        if PostgresTransaction.current?.connection === self {
            try await query("SAVEPOINT atrium_step", logger: logger)
            let result: Result
            do {
                result = try await body(self)
            } catch {
                _ = try? await query("ROLLBACK TO SAVEPOINT atrium_step", logger: logger)
                throw error
            }
            try await query("RELEASE SAVEPOINT atrium_step", logger: logger)
            return result
        }
        try await query("BEGIN", logger: logger)
        let result: Result
        do {
            result = try await body(self)
        } catch {
            _ = try? await query("ROLLBACK", logger: logger)
            throw error
        }
        try await query("COMMIT", logger: logger)
        return result
    }

    /// How many rows a query returned (a statement's `RETURNING 1` counts what it changed).
    package func count(_ query: PostgresQuery, logger: Logger) async throws -> Int {
        var count = 0
        for try await _ in try await self.query(query, logger: logger) { count += 1 }
        return count
    }
}
