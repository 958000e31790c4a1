import AtriumSDK
import Foundation
import GRDB
import Synchronization

#if canImport(Glibc)
    import Glibc

    /// The C library's `close`, named apart from ``SQLiteStorage/close()``.
    func closeDescriptor(_ descriptor: Int32) { _ = Glibc.close(descriptor) }
#elseif canImport(Darwin)
    import Darwin

    func closeDescriptor(_ descriptor: Int32) { _ = Darwin.close(descriptor) }
#endif

/// The embedded database: one SQLite file in WAL mode with full synchronisation, so a committed
/// write survives a crash of the host or the machine.
package final class SQLiteStorage: HostStorage {
    package let database: SQLiteDatabase
    package let path: String
    /// What this process last read, kept true by the change feed, which is this process: a serving
    /// host holds the database's host lock, so no other host writes it.
    package let changes = ChangeFeed(records: RecordCache(), sessions: SessionCache(), isShared: false)
    package let collectionGrants = CollectionGrants()
    var cache: RecordCache { changes.records }
    package var recordCache: RecordCache? { changes.records }
    package var sessionCache: SessionCache? { changes.sessions }
    package let sessionTable: any SessionTable
    /// The open host lock file, while this process serves the database.
    private let hostLock = Mutex<Int32?>(nil)

    /// Why this host cannot serve the database: another host serves it, or its lock file cannot be
    /// made.
    package struct ClaimRefused: Error, CustomStringConvertible {
        package var description: String
    }

    /// Opens (creating if needed) the database at `path` and brings the host's schema up to date.
    package init(path: String) throws {
        // Its folder made when missing: asked first with `access`, since Foundation's URL and
        // `createDirectory` cost every start a third of a millisecond in the runtime's lookups
        // when the folder is there, as it is from the second start on.
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        if !folder.isEmpty, access(folder, F_OK) != 0 {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        var configuration = GRDB.Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        configuration.busyMode = .timeout(5)
        // A use case's transaction stays open across several writes (SQLiteDatabase holds the
        // writer lock meanwhile).
        configuration.allowsUnsafeTransactions = true
        // Two processes opening a new file at once would both make its tables: the second waits.
        let lock = try Self.openMigrationLock(path: path)
        defer { closeDescriptor(lock) }
        guard flock(lock, LOCK_EX) == 0 else {
            throw ClaimRefused(description: "the lock file '\(path)-migrate.lock' cannot be locked: \(String(cString: strerror(errno)))")
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        database = SQLiteDatabase(pool: pool)
        sessionTable = SQLiteSessionTable(database: database, feed: changes)
        self.path = path
        try Self.migrator.migrate(pool)
    }

    /// The lock file beside the database that opening and migrating hold; `module-migrations` for
    /// the one a module migration's run holds (see ``run(_:module:)``).
    static func openMigrationLock(path: String, suffix: String = "migrate") throws -> Int32 {
        let lockPath = path + "-\(suffix).lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw ClaimRefused(description: "the lock file '\(lockPath)' cannot be opened: \(String(cString: strerror(errno)))")
        }
        return descriptor
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("1-records-sessions") { db in
            try db.create(table: "records") { table in
                table.column("module", .text).notNull()
                table.column("owner", .text).notNull()
                table.column("collection", .text).notNull()
                table.column("id", .text).notNull()
                table.column("json", .blob).notNull()
                table.column("updatedAt", .double).notNull()
                table.primaryKey(["module", "owner", "collection", "id"])
            }
            try db.create(table: "sessions") { table in
                table.primaryKey("tokenHash", .text)
                table.column("visitorID", .text).notNull()
                table.column("userID", .text)
                table.column("csrfToken", .text).notNull()
                table.column("createdAt", .double).notNull()
                table.column("expiresAt", .double).notNull().indexed()
            }
            try db.create(table: "moduleMigrations") { table in
                table.column("module", .text).notNull()
                table.column("id", .text).notNull()
                table.column("appliedAt", .double).notNull()
                table.primaryKey(["module", "id"])
            }
        }
        migrator.registerMigration("2-session-lifetime") { db in
            // Each session slides by its own lifetime (signed-in sessions follow login.sessionDays).
            try db.alter(table: "sessions") { table in
                table.add(column: "lifetime", .double).notNull().defaults(to: 30 * 24 * 3600)
            }
        }
        migrator.registerMigration("3-session-replacement") { db in
            // A session replaced at sign-in lingers a couple of minutes for forms loaded before it;
            // its successor remembers its anti-forgery token for forms left open in other tabs.
            try db.alter(table: "sessions") { table in
                table.add(column: "replacedAt", .double)
                table.add(column: "previousCSRFToken", .text)
            }
            // Sign-in moves a visitor's records to the account: find them by owner.
            try db.create(index: "records_owner", on: "records", columns: ["owner"])
        }
        migrator.registerMigration("4-visitors") { db in
            // Anonymous visitors carry a signed pass instead of a row; those who save something are
            // remembered here, so what they saved is deleted once they stop coming back.
            try db.create(table: "visitors") { table in
                table.primaryKey("visitorID", .text)
                table.column("expiresAt", .double).notNull().indexed()
            }
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO visitors (visitorID, expiresAt)
                    SELECT visitorID, MAX(expiresAt) FROM sessions WHERE userID IS NULL GROUP BY visitorID
                    """)
        }
        migrator.registerMigration("9-migration-progress") { db in
            // A module migration's kind, and how far it has come (``MigrationRecord``): rows from
            // before were applied expand migrations.
            try db.alter(table: "moduleMigrations") { table in
                table.add(column: "kind", .text).notNull().defaults(to: "expand")
                table.add(column: "state", .text).notNull().defaults(to: "applied")
                table.add(column: "progress", .text).notNull().defaults(to: "{}")
                table.add(column: "error", .text)
            }
        }
        return migrator
    }

    package var location: String { path }

    package func install(_ schema: StorageSchema) async throws {
        var migrator = DatabaseMigrator()
        for step in schema.sqlite {
            migrator.registerMigration(step.id) { db in
                for statement in step.statements { try db.execute(sql: statement) }
            }
        }
        // Beside another process opening the same file: one makes the tables, the other finds them.
        let lock = try await lockForMigrating()
        defer { closeDescriptor(lock) }
        try migrator.migrate(database.pool)
    }

    package func records(module: String, owner: RecordOwner, quota: VisitorLimits?) -> any RecordStore {
        TracedRecordStore.wrapping(
            SQLiteRecordStore(
                database: database, feed: changes, module: module, owner: owner.key, quota: quota, grants: collectionGrants), backend: "sqlite",
            module: module)
    }

    /// Takes the migration lock beside the database file, waiting (without blocking a thread) while
    /// another process or storage holds it; returns the descriptor to close.
    private func lockForMigrating() async throws -> Int32 {
        let descriptor = try Self.openMigrationLock(path: path)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            do {
                try await Task.sleep(for: .milliseconds(10))
            } catch {
                closeDescriptor(descriptor)
                throw error
            }
        }
        return descriptor
    }

    package func deleteRecords(module: String, collection: String, changedBefore date: Double) async throws -> Int {
        let deleted = try await database.write { db in
            try db.execute(
                sql: "DELETE FROM records WHERE module = ? AND collection = ? AND updatedAt < ?", arguments: [module, collection, date])
            return db.changesCount
        }
        if deleted > 0 { changes.committed([.everything]) }
        return deleted
    }

    package func recordsHolding(_ bytes: Data) async throws -> [(module: String, collection: String, count: Int)] {
        try await database.pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT module, collection, count(*) FROM records WHERE instr(json, ?) > 0 GROUP BY module, collection ORDER BY 1, 2",
                arguments: [bytes]
            ).map { (module: $0[0], collection: $0[1], count: $0[2]) }
        }
    }

    package func isReady() async -> Bool {
        (try? await database.pool.read { db in try Int.fetchOne(db, sql: "SELECT 1") }) == 1
    }

    /// Claims the database for this host until it closes: its caches are true only while no other
    /// host writes the file. Fails when another host holds the claim; the lock goes away with the
    /// process that held it, so a crashed host leaves nothing to clean up.
    package func claimForServing() throws {
        let lockPath = path + "-host.lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw ClaimRefused(description: "the lock file '\(lockPath)' cannot be opened: \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = read(descriptor, &buffer, buffer.count)
            closeDescriptor(descriptor)
            let holder = count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : ""
            throw ClaimRefused(
                description: "another Atrium host\(holder.isEmpty ? "" : " (process \(holder))") is serving this database (lock file '\(lockPath)')")
        }
        hostLock.withLock { $0 = descriptor }
        nameServingProcess()
    }

    /// The process serving the database at `path` (the one holding its lock file), or nil when no
    /// host serves it.
    package static func servingProcess(path: String) -> Int32? {
        let descriptor = open(path + "-host.lock", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { closeDescriptor(descriptor) }
        // Taking the lock means nobody held it.
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 { return nil }
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The lock file's descriptor while this process holds the claim: a host handing over passes
    /// it on, so the claim never lapses between the two processes.
    package var claimDescriptor: Int32? { hostLock.withLock { $0 } }

    /// Holds the claim through `descriptor`, the lock file as a host handing over holds it (the
    /// same open file, so the same lock): it stays held when that host exits.
    package func adoptClaim(_ descriptor: Int32) {
        if let previous = hostLock.withLock({ $0.take() }) { closeDescriptor(previous) }
        hostLock.withLock { $0 = descriptor }
    }

    /// Writes this process's id in the lock file: the process `atrium reload` and another host's
    /// refusal name (``servingProcess(path:)``).
    package func nameServingProcess() {
        guard let descriptor = claimDescriptor else { return }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pwrite(descriptor, pid, pid.count, 0)
    }

    /// Another process serves this file too, from now until ``serveAlone()`` (a hand-over): before
    /// every request, and every few milliseconds, this process looks whether it committed, and
    /// forgets what it kept when so (``OtherProcessWatch``).
    package func shareWithAnotherProcess() throws {
        changes.watchOtherProcess(try OtherProcessWatch(path: path, feed: changes))?.stop()
        // Kept before the watch began: read again too.
        changes.committed([.everything])
    }

    /// The other process has stopped: what it wrote last is forgotten, and this one serves alone.
    package func serveAlone() {
        guard let watch = changes.watchOtherProcess(nil) else { return }
        watch.stop()
        changes.committed([.everything])
    }

    package func close() throws {
        serveAlone()
        if let descriptor = hostLock.withLock({ $0.take() }) {
            closeDescriptor(descriptor)
        }
        database.close()
    }
}

extension SQLiteStorage {
    package func ageSessionRows(bySeconds seconds: Double) async throws {
        try await database.pool.write { db in
            try db.execute(sql: "UPDATE sessions SET expiresAt = expiresAt - ?", arguments: [seconds])
        }
    }

    package func storedBytes() async throws -> Data {
        var bytes = Data()
        for suffix in ["", "-wal"] { bytes += (try? Data(contentsOf: URL(fileURLWithPath: path + suffix))) ?? Data() }
        return bytes
    }
}
