import AtriumSDK
import Foundation
import Hummingbird
import Logging

/// Runs a prepared host: opens storage, runs the modules' migrations in boot order, serves until
/// SIGTERM or SIGINT (finishing requests in flight), then shuts the modules down in reverse order.
public struct HostRuntime: Sendable {
    public let plan: HostPlan
    public let logger: Logger

    public init(plan: HostPlan, logger: Logger) {
        self.plan = plan
        self.logger = logger
    }

    /// Opens the storage and runs every module's pending migrations. A database that cannot be
    /// opened is a ``ConfigurationError`` at `storage.path`.
    public func openStorage() async throws -> SQLiteStorage {
        let path = plan.settings.storage.path
        let storage: SQLiteStorage
        do {
            storage = try SQLiteStorage(path: path)
        } catch {
            throw ConfigurationError(
                source: plan.source,
                problems: [
                    ConfigurationProblem(
                        key: "storage.path", message: "the database '\(path)' cannot be opened: \(error)",
                        fix: "name a database file this user can read and write")
                ]
            )
        }
        for module in plan.registry.modules {
            try await storage.migrate(module: module.manifest.id, migrations: module.migrations)
            module.sharedRecords.connect(to: storage.records(module: module.manifest.id, owner: .shared))
        }
        return storage
    }

    public func serve() async throws {
        let storage = try await openStorage()
        let purged = try await SessionStore(storage: storage).purgeExpired()  // then hourly, while serving
        let application = try HostApplication(plan: plan, storage: storage, logger: logger)
        let ids = plan.registry.modules.map(\.manifest.id)
        logger.info(
            "serving",
            metadata: [
                "address": "http://\(plan.settings.http.host):\(plan.settings.http.port)",
                "modules": "\(ids.joined(separator: ","))",
                "storage": "\(storage.path)",
                "expiredSessionsRemoved": "\(purged)",
            ]
        )
        do {
            try await application.makeApplication().runService()
        } catch {
            await shutDown(storage: storage)
            throw error
        }
        await shutDown(storage: storage)
    }

    func shutDown(storage: SQLiteStorage) async {
        for module in plan.registry.modules.reversed() {
            logger.info("shutting down", metadata: ["module": "\(module.manifest.id)"])
            for handler in module.shutdownHandlers.reversed() { await handler() }
        }
        try? storage.close()
        logger.info("stopped")
    }
}
