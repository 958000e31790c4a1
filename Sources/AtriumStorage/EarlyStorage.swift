import Foundation
import Synchronization

/// The SQLite database, opened on the other core while the modules register (`atrium serve`).
/// Opening (the file, WAL, the host's schema) is about a tenth of a boot and needs only the storage
/// settings, which are read before the modules' sections. Only a database file that already exists
/// is opened early, so a configuration with problems creates no file; the host claims the database
/// for serving and runs the modules' migrations only once the whole configuration is valid. What the
/// host makes and reads on any database before it serves (its own tables, the run-time switches) is
/// done here too, once the file is open (``start(_:preparing:)``): in an existing file, the host's
/// tables this build knows (`CREATE TABLE IF NOT EXISTS`, nothing of the modules') may so be made
/// before a problem in the rest of the configuration is found, or another host's claim refuses this
/// one (a host of this build makes the same before it serves; they hold nothing until one does).
package final class EarlyStorage: Sendable {
    /// The database opened, and what `preparing` returned (nil when it threw: the host does it again).
    package typealias Opened = (storage: SQLiteStorage, prepared: (any Sendable)?)
    private let opening = Mutex<(path: String, task: Task<Opened, any Error>)?>(nil)

    package init() {}

    /// Starts opening the database `settings` name, when it is an SQLite file that exists, then
    /// has `preparing` work on it.
    package func start(_ settings: StorageSettings, preparing prepare: (@Sendable (SQLiteStorage) async throws -> any Sendable)? = nil) {
        guard settings.kind == .sqlite, FileManager.default.fileExists(atPath: settings.path) else { return }
        let path = settings.path
        // Opening blocks on the file, which a task must not (tasks' threads are promised to make
        // progress), so it is a Dispatch work item. On Linux
        // Dispatch's global queues share their threads with the tasks' (a boot trace by thread
        // showed the opening and the tasks taking turns on two), yet a POSIX thread of its own for
        // it made starts slower (boot A/B of 41: 1.055, 1.049): a third runnable thread on two cores.
        let task = Task<Opened, any Error> {
            let storage = try await withCheckedThrowingContinuation { opened in
                DispatchQueue.global().async { opened.resume(with: Result { try SQLiteStorage(path: path) }) }
            }
            return (storage, try? await prepare?(storage))
        }
        opening.withLock { $0 = (path, task) }
    }

    /// The database opened early at `path`, or nil when none was (or another file was); throws
    /// what opening it threw.
    package func take(path: String) async throws -> SQLiteStorage? {
        try await takePrepared(path: path)?.storage
    }

    /// ``take(path:)`` with what `preparing` returned.
    package func takePrepared(path: String) async throws -> Opened? {
        guard let started = opening.withLock({ $0.take() }) else { return nil }
        guard started.path == path else {
            try? await started.task.value.storage.close()
            return nil
        }
        return try await started.task.value
    }

    /// Closes a database opened early that will not be served (the configuration had problems).
    package func discard() async {
        guard let started = opening.withLock({ $0.take() }) else { return }
        try? await started.task.value.storage.close()
    }
}
