import AtriumSDK
import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SQLiteStorage {
    package func migrationRecords() async throws -> [MigrationRecord] {
        try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT module, id, kind, state, progress, error, appliedAt FROM moduleMigrations ORDER BY appliedAt, module, id"
            )
            .map { MigrationRecord(module: $0[0], id: $0[1], kind: $0[2], state: $0[3], progress: $0[4], error: $0[5], changedAt: $0[6]) }
        }
    }

    /// Runs `migration` of `module` unless it has been applied, resuming one begun before; false
    /// when another process runs a module migration on this file now (try again later). Holds the
    /// file's module-migration lock, which nothing on a request's way takes, for as long as it runs.
    package func run(_ migration: StorageMigration, module: String) async throws -> Bool {
        let lock = try Self.openMigrationLock(path: path, suffix: "module-migrations")
        defer { closeDescriptor(lock) }
        guard flock(lock, LOCK_EX | LOCK_NB) == 0 else { return false }
        let now = Date().timeIntervalSince1970
        let begun = try await database.write { db -> Bool in
            let state = try String.fetchOne(
                db, sql: "SELECT state FROM moduleMigrations WHERE module = ? AND id = ?", arguments: [module, migration.id])
            if state == MigrationRecord.State.applied.rawValue { return false }
            try db.execute(
                sql: """
                    INSERT INTO moduleMigrations (module, id, kind, state, progress, appliedAt) VALUES (?, ?, ?, 'running', '{}', ?)
                    ON CONFLICT (module, id) DO UPDATE SET state = 'running', error = NULL, appliedAt = excluded.appliedAt
                    """,
                arguments: [module, migration.id, migration.kind.rawValue, now])
            return true
        }
        guard begun else { return true }
        do {
            try await migration.migrate(SQLiteRecordMigrator(database: try database.pool, feed: changes, module: module, migration: migration.id))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            let text = MigrationRecord.errorText(error)
            _ = try? await database.write { db in
                try db.execute(
                    sql: "UPDATE moduleMigrations SET state = 'failed', error = ? WHERE module = ? AND id = ?",
                    arguments: [text, module, migration.id])
            }
            throw error
        }
        try await database.write { db in
            try db.execute(
                sql: "UPDATE moduleMigrations SET state = 'applied', appliedAt = ? WHERE module = ? AND id = ?",
                arguments: [Date().timeIntervalSince1970, module, migration.id])
        }
        changes.committed([.everything])
        return true
    }
}
