import AtriumStorage
import Logging
import ServiceLifecycle

/// Deletes expired sessions, and the records modules let expire, when the host starts serving and
/// every `interval` after (and stops at shutdown), so the database does not grow with every visitor
/// who never comes back. The first purge runs beside the first requests rather than before them:
/// boot does not wait for it.
package struct SessionPurgeService: Service {
    let sessions: SessionStore
    let storage: any HostStorage
    /// The modules served now (a reload may change them).
    let modules: @Sendable () -> [BootedModule]
    let interval: Duration
    let logger: Logger

    package func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    let purged = try await sessions.purgeExpired()
                    if purged > 0 { logger.info("expired sessions removed", metadata: ["count": "\(purged)"]) }
                } catch let error where error is CancellationError || Task.isCancelled {
                    return
                } catch {
                    logger.error("expired sessions could not be removed", metadata: ["error": "\(StorageErrorText.kind(of: error))"])
                }
                await purgeExpiredRecords()
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return
                }
            }
        }
    }

    /// Deletes the records of the collections each module lets expire.
    func purgeExpiredRecords() async {
        let now = sessions.now().timeIntervalSince1970
        for module in modules() {
            for (collection, lifetime) in module.expirations.sorted(by: { $0.key < $1.key }) {
                do {
                    let removed = try await storage.deleteRecords(
                        module: module.manifest.id, collection: collection, changedBefore: now - Double(lifetime.components.seconds))
                    if removed > 0 {
                        logger.info(
                            "expired records removed",
                            metadata: ["module": "\(module.manifest.id)", "collection": "\(collection)", "count": "\(removed)"])
                    }
                } catch let error where error is CancellationError || Task.isCancelled {
                    // The host is stopping: what is left waits for its next start.
                    return
                } catch {
                    logger.error("expired records could not be removed", metadata: ["error": "\(StorageErrorText.kind(of: error))"])
                }
            }
        }
    }

    package init(
        sessions: SessionStore, storage: any HostStorage, modules: @escaping @Sendable () -> [BootedModule], interval: Duration, logger: Logger
    ) {
        self.sessions = sessions
        self.storage = storage
        self.modules = modules
        self.interval = interval
        self.logger = logger
    }
}
