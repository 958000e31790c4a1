import AtriumSupport
import GRDB
import Synchronization

/// The SQLite database and who may write it. Every write takes the writer lock, so a transaction
/// a use case holds open over several writes (``transaction(_:)``) is never joined by another
/// request's writes; inside one, this task's reads and writes go to the transaction's connection.
/// Errors that mean the file itself cannot be used just now (the disk is full or failing, the file
/// is locked past the busy timeout, or cannot be opened or written) are ``StorageUnavailable``: the
/// visitor gets "try again", not a server error.
///
/// Closing never pulls the connections from under work in flight: GRDB's `close()` leaves a read
/// that already holds the pool running on a closed connection (SQLite then dereferences a null
/// handle: a test host torn down while a background task read crashed the tests that way). Closing
/// lets go of the pool instead; an operation that began before holds its own reference, and GRDB
/// closes the connections when the last one ends. An operation after closing is
/// ``StorageUnavailable``.
package final class SQLiteDatabase: Sendable {
    private let opened: Mutex<DatabasePool?>
    private let lock = AsyncLock()
    /// The database whose transaction the current task holds, if any.
    @TaskLocal static var transaction: SQLiteDatabase?

    init(pool: DatabasePool) { opened = Mutex(pool) }

    /// The open pool, for one operation to hold while it runs.
    var pool: DatabasePool {
        get throws(StorageUnavailable) {
            guard let pool = opened.withLock({ $0 }) else { throw StorageUnavailable(cause: "the database is closed") }
            return pool
        }
    }

    /// Lets go of the pool: no operation starts after this, and the connections close when the
    /// operations already running end.
    func close() { opened.withLock { $0 = nil } }

    var isInTransaction: Bool { Self.transaction === self }

    /// Writes in a transaction of its own, or in the current task's transaction.
    package func write<Value: Sendable>(_ updates: @Sendable (Database) throws -> Value) async throws -> Value {
        try await mapped {
            let pool = try pool
            if isInTransaction { return try await pool.writeWithoutTransaction(updates) }
            return try await lock.run { try await pool.write(updates) }
        }
    }

    /// Reads: on the calling thread from a reader connection (a lookup costs microseconds, less than
    /// handing it to another queue), or from the transaction's connection inside one.
    package func read<Value: Sendable>(_ value: @Sendable (Database) throws -> Value) async throws -> Value {
        try await mapped {
            let pool = try pool
            if isInTransaction { return try await pool.writeWithoutTransaction(value) }
            return try Self.readNow(value, from: pool)
        }
    }

    /// GRDB's synchronous read, on the calling thread.
    private static func readNow<Value>(_ value: (Database) throws -> Value, from pool: DatabasePool) throws -> Value {
        try pool.read(value)
    }

    /// Runs `body` as one transaction. Inside the current task's transaction it is a savepoint of
    /// it: when `body` throws, its writes are undone and the outer transaction decides what follows.
    package func transaction<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) async throws -> Value {
        if isInTransaction {
            try await execute("SAVEPOINT atrium_step")
            let result: Value
            do {
                result = try await body()
            } catch {
                _ = try? await execute("ROLLBACK TO SAVEPOINT atrium_step")
                _ = try? await execute("RELEASE SAVEPOINT atrium_step")
                throw error
            }
            try await execute("RELEASE SAVEPOINT atrium_step")
            return result
        }
        return try await lock.run {
            try await execute("BEGIN IMMEDIATE")
            let result: Value
            do {
                result = try await Self.$transaction.withValue(self) { try await body() }
                try await execute("COMMIT")
            } catch {
                // A failed COMMIT leaves the transaction open: it ends here either way.
                _ = try? await execute("ROLLBACK")
                throw error
            }
            return result
        }
    }

    /// Runs one statement on the writer connection, outside GRDB's own transactions.
    private func execute(_ sql: String) async throws {
        try await mapped { try await pool.writeWithoutTransaction { try $0.execute(sql: sql) } }
    }

    private func mapped<Value>(_ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch let error as DatabaseError {
            throw Self.unavailable(error) ?? error
        }
    }

    /// The outage `error` means, if it means one.
    static func unavailable(_ error: DatabaseError) -> StorageUnavailable? {
        let outages: [ResultCode] = [.SQLITE_FULL, .SQLITE_IOERR, .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_CANTOPEN, .SQLITE_NOMEM, .SQLITE_READONLY]
        guard outages.contains(error.resultCode) else { return nil }
        return StorageUnavailable(cause: "the database file: \(error.resultCode)")
    }
}
