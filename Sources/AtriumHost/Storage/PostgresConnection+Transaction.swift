import Logging
import PostgresNIO

extension PostgresConnection {
    /// Runs `body` between BEGIN and COMMIT, rolling back when it throws and rethrowing its error
    /// as it was (PostgresNIO's `withTransaction` wraps it).
    func inTransaction<Result: Sendable>(logger: Logger, _ body: (PostgresConnection) async throws -> Result) async throws -> Result {
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
    func count(_ query: PostgresQuery, logger: Logger) async throws -> Int {
        var count = 0
        for try await _ in try await self.query(query, logger: logger) { count += 1 }
        return count
    }
}
