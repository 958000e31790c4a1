import Logging
import ServiceLifecycle

/// Deletes expired sessions when the host starts serving and every `interval` after (and stops at
/// shutdown), so the sessions table does not grow with every visitor who never comes back. The
/// first purge runs beside the first requests rather than before them: boot does not wait for it.
struct SessionPurgeService: Service {
    let sessions: SessionStore
    let interval: Duration
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    let purged = try await sessions.purgeExpired()
                    if purged > 0 { logger.info("expired sessions removed", metadata: ["count": "\(purged)"]) }
                } catch {
                    logger.error("expired sessions could not be removed", metadata: ["error": "\(String(describing: type(of: error)))"])
                }
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return
                }
            }
        }
    }
}
