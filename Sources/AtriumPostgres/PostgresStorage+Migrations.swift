import AtriumSDK
import AtriumStorage
import Foundation
import Logging
import PostgresNIO

extension PostgresStorage {
    package func migrationRecords() async throws -> [MigrationRecord] {
        let rows = try await client.query(
            "SELECT module, id, kind, state, progress, error, applied_at FROM module_migrations ORDER BY applied_at, module, id", logger: logger)
        var records: [MigrationRecord] = []
        for try await (module, id, kind, state, progress, error, changedAt) in rows.decode(
            (String, String, String, String, String, String?, Double).self)
        {
            records.append(MigrationRecord(module: module, id: id, kind: kind, state: state, progress: progress, error: error, changedAt: changedAt))
        }
        return records
    }

    /// Runs `migration` of `module` unless it has been applied, resuming one begun before, on one
    /// connection holding the database's module-migration lock (an advisory lock nothing on a
    /// request's way takes); false when another host holds it now (try again later).
    package func run(_ migration: StorageMigration, module: String) async throws -> Bool {
        let (logger, changes) = (logger, changes)
        let lock = "atrium module migrations: \(address.database).\(address.schema ?? "")"
        let channel = PostgresChangeAnnouncer.channel(schema: address.schema)
        return try await client.withConnection { connection in
            var locked = false
            for try await taken in try await connection.query("SELECT pg_try_advisory_lock(hashtext(\(lock)))", logger: logger).decode(Bool.self) {
                locked = taken
            }
            guard locked else { return false }
            do {
                try await Self.run(migration, module: module, on: connection, logger: logger, changes: changes, channel: channel)
            } catch {
                _ = try? await connection.query("SELECT pg_advisory_unlock(hashtext(\(lock)))", logger: logger)
                throw error
            }
            try await connection.query("SELECT pg_advisory_unlock(hashtext(\(lock)))", logger: logger)
            return true
        }
    }

    private static func run(
        _ migration: StorageMigration, module: String, on connection: PostgresConnection, logger: Logger, changes: ChangeFeed, channel: String
    ) async throws {
        let now = Date().timeIntervalSince1970
        let begun = try await connection.count(
            """
            INSERT INTO module_migrations (module, id, kind, state, progress, applied_at)
            VALUES (\(module), \(migration.id), \(migration.kind.rawValue), 'running', '{}', \(now))
            ON CONFLICT (module, id) DO UPDATE SET state = 'running', error = NULL, applied_at = excluded.applied_at
            WHERE module_migrations.state <> 'applied' RETURNING 1
            """, logger: logger)
        guard begun > 0 else { return }
        let migrator = PostgresRecordMigrator(
            connection: connection, logger: logger, module: module, migration: migration.id, changes: changes, channel: channel)
        do {
            try await migration.migrate(migrator)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            let text = MigrationRecord.errorText(error)
            _ = try? await connection.query(
                "UPDATE module_migrations SET state = 'failed', error = \(text) WHERE module = \(module) AND id = \(migration.id)", logger: logger)
            throw error
        }
        try await connection.inTransaction(logger: logger) { connection in
            try await connection.query(
                """
                UPDATE module_migrations SET state = 'applied', applied_at = \(Date().timeIntervalSince1970)
                WHERE module = \(module) AND id = \(migration.id)
                """, logger: logger)
            _ = try await PostgresChangeAnnouncer.announce(
                [.everything], from: changes.origin, trace: nil, to: channel, on: connection, logger: logger)
        }
        changes.committed([.everything])
    }
}
