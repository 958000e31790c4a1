import GRDB
import Synchronization

/// While another process serves the same SQLite file (a host handing over to a new one, for the
/// seconds both serve), what this process keeps in memory could hide the other's writes: the watch
/// asks SQLite whether anyone else committed (`PRAGMA data_version` on a connection of its own,
/// which changes when any other connection, this process's own writer or another process's,
/// commits) before every request and every few milliseconds, and when so makes the change feed
/// forget everything, so caches read the file again and live pages look again. A write by either
/// process is seen by the other's next request. It costs a lookup per request only while it runs.
package final class OtherProcessWatch: Sendable {
    /// How often it looks when no request asks (for live pages: a change the other process makes
    /// reaches them within this).
    static let interval: Duration = .milliseconds(20)

    private let connection: DatabaseQueue
    private let feed: ChangeFeed
    private let version: Mutex<Int?>
    private let looking: Mutex<Task<Void, Never>?> = Mutex(nil)

    init(path: String, feed: ChangeFeed) throws {
        var configuration = GRDB.Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        connection = try DatabaseQueue(path: path, configuration: configuration)
        self.feed = feed
        version = Mutex(try connection.inDatabase { db in try Int.fetchOne(db, sql: "PRAGMA data_version") })
        let looking = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.interval)
                self?.look()
            }
        }
        self.looking.withLock { $0 = looking }
    }

    /// Makes the feed forget everything when another connection committed since the last look.
    /// Every request in the meantime looks; so does this watch every ``interval``.
    func look() {
        guard let now = try? connection.inDatabase({ db in try Int.fetchOne(db, sql: "PRAGMA data_version") }) else {
            // The file cannot be asked: nothing kept can be vouched for.
            feed.committed([.everything])
            return
        }
        let changed = version.withLock { version in
            defer { version = now }
            return version != now
        }
        if changed { feed.committed([.everything]) }
    }

    /// Stops looking.
    func stop() {
        looking.withLock { $0?.cancel() }
    }
}
