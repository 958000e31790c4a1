import AtriumConfiguration
import AtriumHTTP
import AtriumListener
import AtriumLive
import AtriumObservability
import AtriumRuntime
import AtriumSDK
import AtriumStorage
import Logging
import ServiceLifecycle
import UnixSignals

/// Reloads the configuration on SIGHUP (`atrium reload`, `kill -HUP`), and when an operator's
/// run-time switch changes (``SwitchBoard``, looked at every quarter second): reads and validates it again
/// and, when it is valid, serves it to new requests while requests in flight finish on the old one,
/// runs the migrations of modules it adds, then the shutdown handlers of the old configuration's
/// modules once its requests are done. Sessions live in the storage and stay. When the new
/// configuration has problems, or changes what only a restart can (the address, the storage, the
/// host key), the host keeps serving the old one and logs each problem at its key.
package struct ConfigurationReloader: Service {
    /// Reads and validates the configuration again, counting into the same metrics.
    package typealias PlanLoader = @Sendable (HostMetrics) async throws -> HostPlan

    let responder: ReloadableResponder
    let storage: any HostStorage
    /// The host's live streams, which the new configuration's pages go on feeding.
    let live: LiveScenes
    let loadPlan: PlanLoader
    let logger: Logger
    /// The host's way out: a host that is leaving reloads nothing.
    var drain: HostDrain? = nil
    /// Told once a plan with new switches serves (the fleet list then says so at once).
    var applied: @Sendable () async -> Void = {}

    /// Why a reload is asked for.
    enum Reason: Sendable { case hangup, switches }

    package func run() async throws {
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        // One reload at a time; asks that come while one runs make one more (each reads everything).
        let (asks, ask) = AsyncStream.makeStream(of: Reason.self, bufferingPolicy: .bufferingNewest(1))
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask {
                for await _ in hangups.cancelOnGracefulShutdown() { ask.yield(.hangup) }
                ask.finish()
            }
            group.addTask { await watchSwitches(ask) }
            for await reason in asks.cancelOnGracefulShutdown() {
                if drain?.isLeaving == true {
                    if reason == .hangup { logger.notice("SIGHUP ignored: the host is draining, and the next one reads the configuration") }
                    continue
                }
                if await reload(), reason == .switches { await applied() }
            }
            group.cancelAll()
        }
    }

    /// Asks for a reload each time the stored switches' generation is not the one served (once per
    /// generation: a configuration file with problems is not asked again and again).
    private func watchSwitches(_ ask: AsyncStream<Reason>.Continuation) async {
        let board = SwitchBoard(storage: storage)
        var asked = responder.generation?.plan.switches.generation ?? 0
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            try? await Task.sleep(for: .milliseconds(250))
            guard let generation = try? await board.current().generation else { continue }
            if generation != asked, generation != responder.generation?.plan.switches.generation {
                asked = generation
                logger.info("run-time switches changed: reloading", metadata: ["generation": "\(generation)"])
                ask.yield(.switches)
            }
        }
    }

    /// Reloads once; true when the new configuration is being served.
    @discardableResult
    func reload() async -> Bool {
        guard let current = responder.generation else { return false }
        logger.info("reloading the configuration", metadata: ["source": "\(current.plan.source)"])
        let next: HostPlan
        do {
            next = try await loadPlan(current.plan.metrics)
        } catch let error as ConfigurationError {
            refuse(error.problems)
            return false
        } catch {
            refuse([ConfigurationProblem(key: "", message: "the configuration could not be read: \(error)")])
            return false
        }
        let restartOnly = Self.restartOnlyChanges(from: current.plan.settings, to: next.settings)
        guard restartOnly.isEmpty else {
            refuse(restartOnly)
            await Self.shutDown(next.registry.modules, logger: logger, because: "its reloaded configuration was refused")
            return false
        }
        let generation: ServingGeneration
        do {
            // Their migrations run in the background (``ModuleMigrationService`` sees the new list).
            try ModuleMigrations.refuseOlderBuild(next.registry.modules, records: try await storage.migrationRecords())
            for module in next.registry.modules { module.connect(to: storage) }
            next.events.knowElsewhere(as: current.plan.events)
            var logger = self.logger
            logger.logLevel = next.settings.log.level
            generation = ServingGeneration(
                plan: next, router: try HostApplication(plan: next, storage: storage, live: live, logger: logger).makeRouter())
        } catch {
            refuse([ConfigurationProblem(key: "", message: "the new configuration could not start: \(StorageErrorText.describe(error))")])
            await Self.shutDown(next.registry.modules, logger: logger, because: "its reloaded configuration could not start")
            return false
        }
        guard let retired = responder.swap(to: generation) else {
            await Self.shutDown(next.registry.modules, logger: logger, because: "the host is not serving")
            return false
        }
        live.switchOff(Set(next.modulesOff.keys))
        let before = retired.plan.registry.modules.map(\.manifest.id)
        let after = next.registry.modules.map(\.manifest.id)
        logger.notice(
            "configuration reloaded",
            metadata: [
                "modules": "\(after.joined(separator: ","))",
                "added": "\(after.filter { !before.contains($0) }.joined(separator: ","))",
                "removed": "\(before.filter { !after.contains($0) }.joined(separator: ","))",
            ])
        // The old configuration's modules stop once the requests they are answering are done.
        if await !retired.finishRequests(within: .seconds(30)) {
            logger.warning("requests of the old configuration still running after 30 s; its modules stop anyway")
        }
        await Self.shutDown(retired.plan.registry.modules, logger: logger, because: "the reloaded configuration replaced it")
        return true
    }

    private func refuse(_ problems: [ConfigurationProblem]) {
        for problem in problems {
            logger.error(
                "configuration not reloaded: \(problem.description)", metadata: ["key": "\(problem.key.isEmpty ? "(file)" : problem.key)"])
        }
        logger.error("still serving the previous configuration", metadata: ["problems": "\(problems.count)"])
    }

    /// Settings a running host cannot take over: it would have to listen elsewhere, move its data,
    /// or could no longer open the sessions and secrets it sealed.
    static func restartOnlyChanges(from old: HostSettings, to new: HostSettings) -> [ConfigurationProblem] {
        var problems: [ConfigurationProblem] = []
        let fix = "restart the host to apply it (the previous value is still in use)"
        if old.http.host != new.http.host { problems.append(ConfigurationProblem(key: "http.host", message: "changed", fix: fix)) }
        if old.http.port != new.http.port { problems.append(ConfigurationProblem(key: "http.port", message: "changed", fix: fix)) }
        for (key, changed) in [
            ("http.headTimeoutSeconds", old.http.headTimeoutSeconds != new.http.headTimeoutSeconds),
            ("http.bodyTimeoutSeconds", old.http.bodyTimeoutSeconds != new.http.bodyTimeoutSeconds),
            ("http.idleTimeoutSeconds", old.http.idleTimeoutSeconds != new.http.idleTimeoutSeconds),
            ("http.maxConnections", old.http.maxConnections != new.http.maxConnections),
        ] where changed {
            problems.append(ConfigurationProblem(key: key, message: "changed", fix: fix))
        }
        if old.storage != new.storage { problems.append(ConfigurationProblem(key: "storage", message: "changed", fix: fix)) }
        if old.log.format != new.log.format { problems.append(ConfigurationProblem(key: "log.format", message: "changed", fix: fix)) }
        if old.secrets != new.secrets { problems.append(ConfigurationProblem(key: "secrets", message: "changed", fix: fix)) }
        return problems
    }

    /// Each module's shutdown handlers, in reverse boot order; `reason` says why when the host
    /// goes on serving (the modules of a configuration replaced or refused by a reload).
    static func shutDown(_ modules: [BootedModule], logger: Logger, because reason: String? = nil) async {
        for module in modules.reversed() {
            if let reason {
                logger.info("stopping a module instance", metadata: ["module": "\(module.manifest.id)", "reason": "\(reason)"])
            } else {
                logger.info("shutting down", metadata: ["module": "\(module.manifest.id)"])
            }
            module.watching.stop()
            for handler in module.shutdownHandlers.reversed() { await handler() }
        }
    }
}
