import AtriumPostgres
import AtriumStorage
import Foundation
import GRDB
import PostgresNIO

/// The hosts serving one database, as each records itself: its id, address, build and module
/// versions, and when it was last seen (``FleetHeartbeat`` renews it every ``beat``). A host that
/// stops cleanly leaves at once; one that dies is left out once ``timeout`` passes without a beat,
/// and its row goes at the next purge. One table beside the host's own (``StorageSchema``).
package enum HostFleet {
    /// How often a serving host says it is alive.
    package static let beat = Duration.seconds(5)
    /// How long without a beat before a host counts as gone: three beats missed.
    package static let timeout = Duration.seconds(15)

    static let schema = StorageSchema(
        sqlite: [
            .init(
                id: "8-fleet",
                statements: [
                    """
                    CREATE TABLE atriumHosts (
                        id TEXT PRIMARY KEY, address TEXT NOT NULL, machine TEXT NOT NULL, pid INTEGER NOT NULL, build TEXT NOT NULL,
                        modules TEXT NOT NULL, state TEXT NOT NULL, startedAt DOUBLE NOT NULL, lastSeen DOUBLE NOT NULL)
                    """
                ]),
            // The module migrations each host knows, and the events it subscribes to (``FleetMember``).
            .init(id: "10-fleet-migrations", statements: ["ALTER TABLE atriumHosts ADD COLUMN migrations TEXT NOT NULL DEFAULT '[]'"]),
            .init(id: "11-fleet-subscriptions", statements: ["ALTER TABLE atriumHosts ADD COLUMN subscriptions TEXT NOT NULL DEFAULT '[]'"]),
            // The generation of run-time switches each host serves (``SwitchBoard``).
            .init(id: "12-fleet-switches", statements: ["ALTER TABLE atriumHosts ADD COLUMN switches INTEGER NOT NULL DEFAULT 0"]),
        ],
        postgres: [
            .init(
                id: "6-fleet",
                statements: [
                    """
                    CREATE TABLE atrium_hosts (
                        id text PRIMARY KEY, address text NOT NULL, machine text NOT NULL, pid integer NOT NULL, build text NOT NULL,
                        modules text NOT NULL, state text NOT NULL, started_at double precision NOT NULL, last_seen double precision NOT NULL)
                    """
                ]),
            .init(id: "8-fleet-migrations", statements: ["ALTER TABLE atrium_hosts ADD COLUMN migrations text NOT NULL DEFAULT '[]'"]),
            .init(id: "9-fleet-subscriptions", statements: ["ALTER TABLE atrium_hosts ADD COLUMN subscriptions text NOT NULL DEFAULT '[]'"]),
            .init(id: "10-fleet-switches", statements: ["ALTER TABLE atrium_hosts ADD COLUMN switches bigint NOT NULL DEFAULT 0"]),
        ])

    /// Makes the table on `storage`, once: when the storage opens, before anything reads it (on
    /// SQLite a migration waits for every read in progress and holds up every new one).
    package static func prepare(_ storage: any HostStorage) async throws {
        try await storage.install(schema)
    }

    /// Records `member` (again: its beat), or adds it. The table is made (``prepare(_:)``).
    package static func record(_ member: FleetMember, on storage: any HostStorage) async throws {
        let m = member
        if let sqlite = storage as? SQLiteStorage {
            try await sqlite.database.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO atriumHosts (
                            id, address, machine, pid, build, modules, state, startedAt, lastSeen, migrations, subscriptions, switches)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT (id) DO UPDATE SET address = excluded.address, build = excluded.build, modules = excluded.modules,
                        state = excluded.state, lastSeen = excluded.lastSeen, migrations = excluded.migrations, subscriptions = excluded.subscriptions,
                        switches = excluded.switches
                        """,
                    arguments: [
                        m.id, m.address, m.machine, m.pid, m.build, m.modulesJSON, m.state, m.startedAt, m.lastSeen,
                        FleetMember.json(m.migrations), FleetMember.json(m.subscriptions), m.switches,
                    ])
                // The rows of hosts gone long ago (they died, and nobody asked since).
                try db.execute(sql: "DELETE FROM atriumHosts WHERE lastSeen < ?", arguments: [m.lastSeen - 3600])
            }
        } else if let postgres = storage as? PostgresStorage {
            let logger = postgres.logger
            let (modules, migrations, subscriptions) = (m.modulesJSON, FleetMember.json(m.migrations), FleetMember.json(m.subscriptions))
            _ = try await postgres.client.withBoundedConnection(watchdog: postgres.watchdog) { connection in
                try await connection.query(
                    """
                    INSERT INTO atrium_hosts (
                        id, address, machine, pid, build, modules, state, started_at, last_seen, migrations, subscriptions, switches)
                    VALUES (
                        \(m.id), \(m.address), \(m.machine), \(m.pid), \(m.build), \(modules), \(m.state), \(m.startedAt), \(m.lastSeen),
                        \(migrations), \(subscriptions), \(m.switches))
                    ON CONFLICT (id) DO UPDATE SET address = excluded.address, build = excluded.build, modules = excluded.modules,
                    state = excluded.state, last_seen = excluded.last_seen, migrations = excluded.migrations,
                    subscriptions = excluded.subscriptions, switches = excluded.switches
                    """, logger: logger)
                try await connection.query("DELETE FROM atrium_hosts WHERE last_seen < \(m.lastSeen - 3600)", logger: logger)
            }
        }
    }

    /// Removes the host `id` (it stopped cleanly).
    package static func leave(_ id: String, on storage: any HostStorage) async throws {
        if let sqlite = storage as? SQLiteStorage {
            try await sqlite.database.write { db in try db.execute(sql: "DELETE FROM atriumHosts WHERE id = ?", arguments: [id]) }
        } else if let postgres = storage as? PostgresStorage {
            let logger = postgres.logger
            _ = try await postgres.client.withBoundedConnection(watchdog: postgres.watchdog) { connection in
                try await connection.query("DELETE FROM atrium_hosts WHERE id = \(id)", logger: logger)
            }
        }
    }

    /// The hosts seen within ``timeout`` of `now`, the longest running first. The table is made
    /// (``prepare(_:)``: opening a host's storage does it).
    package static func live(on storage: any HostStorage, now: Double = Date().timeIntervalSince1970) async throws -> [FleetMember] {
        let since = now - Double(timeout.components.seconds)
        if let sqlite = storage as? SQLiteStorage {
            return try await sqlite.database.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT id, address, machine, pid, build, modules, state, startedAt, lastSeen, migrations, subscriptions, switches
                        FROM atriumHosts
                        WHERE lastSeen >= ? ORDER BY startedAt, id
                        """, arguments: [since]
                ).map {
                    FleetMember(
                        id: $0[0], address: $0[1], machine: $0[2], pid: $0[3], build: $0[4], modules: FleetMember.modules(fromJSON: $0[5]),
                        state: $0[6], startedAt: $0[7], lastSeen: $0[8], migrations: FleetMember.list(fromJSON: $0[9]),
                        subscriptions: FleetMember.list(fromJSON: $0[10]), switches: $0[11])
                }
            }
        }
        guard let postgres = storage as? PostgresStorage else { return [] }
        let logger = postgres.logger
        return try await postgres.client.withBoundedConnection(watchdog: postgres.watchdog) { connection in
            let rows = try await connection.query(
                """
                SELECT id, address, machine, pid, build, modules, state, started_at, last_seen, migrations, subscriptions, switches
                FROM atrium_hosts
                WHERE last_seen >= \(since) ORDER BY started_at, id
                """, logger: logger)
            var members: [FleetMember] = []
            for try await (id, address, machine, pid, build, modules, state, startedAt, lastSeen, migrations, subscriptions, switches)
                in rows.decode((String, String, String, Int, String, String, String, Double, Double, String, String, Int).self)
            {
                members.append(
                    FleetMember(
                        id: id, address: address, machine: machine, pid: pid, build: build, modules: FleetMember.modules(fromJSON: modules),
                        state: state, startedAt: startedAt, lastSeen: lastSeen, migrations: FleetMember.list(fromJSON: migrations),
                        subscriptions: FleetMember.list(fromJSON: subscriptions), switches: switches))
            }
            return members
        }
    }
}
