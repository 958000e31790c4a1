import AtriumRuntime
import AtriumStorage
import Logging
import ServiceLifecycle

/// Runs the served modules' migrations in the background while the host serves (boot never waits
/// for them): at once, then every fleet beat while one waits (a contract migration for an older
/// host to leave, or another host running one), and again when a reload brings new migrations. A
/// host shutting down stops a migration between batches; it resumes at the next try.
package struct ModuleMigrationService: Service {
    let storage: any HostStorage
    /// This host's id in the fleet list.
    let host: String
    /// The modules served now (a reload may change them).
    let modules: @Sendable () -> [BootedModule]
    let logger: Logger

    package init(storage: any HostStorage, host: String, logger: Logger, modules: @escaping @Sendable () -> [BootedModule]) {
        self.storage = storage
        self.host = host
        self.modules = modules
        self.logger = logger
    }

    package func run() async throws {
        let migrating = Task { await migrate() }
        await withTaskCancellationHandler {
            await withGracefulShutdownHandler {
                await migrating.value
            } onGracefulShutdown: {
                migrating.cancel()
            }
        } onCancel: {
            migrating.cancel()
        }
    }

    private func migrate() async {
        var applied: [String]?
        var first = true
        while !Task.isCancelled {
            let served = modules()
            let known = ModuleMigrations.known(by: served)
            if known != applied {
                let done = await ModuleMigrations.runReady(served, on: storage, host: host, retryingFailed: first, logger: logger)
                first = false
                if done { applied = known }
            }
            try? await Task.sleep(for: HostFleet.beat)
        }
    }
}
