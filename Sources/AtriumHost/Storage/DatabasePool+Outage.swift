import GRDB

extension DatabasePool {
    /// `write`, with the errors that mean the file itself cannot be used just now (the disk is
    /// full or failing, the file is locked past the busy timeout, or cannot be opened or written)
    /// turned into ``StorageUnavailable``: the visitor gets "try again", not a server error.
    func storageWrite<Value: Sendable>(_ updates: @Sendable (Database) throws -> Value) async throws -> Value {
        do {
            return try await write(updates)
        } catch let error as DatabaseError {
            throw Self.unavailable(error) ?? error
        }
    }

    /// `read` on the calling thread, with the same errors turned into ``StorageUnavailable``.
    func storageRead<Value>(_ value: (Database) throws -> Value) throws -> Value {
        do {
            return try read(value)
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
