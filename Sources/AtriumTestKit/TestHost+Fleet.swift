import AtriumHost
import AtriumListener
import AtriumStorage
import Foundation

/// Two versions of a module side by side, as in a rolling deploy: boot a host of each on one
/// `directory` (one database), have both join the fleet list, and each sees the other as a
/// serving host would — its events are stored for the other's subscriptions, a contract migration
/// waits while a host lacking it is live.
///
/// ```swift
/// let old = try await TestHost.boot(modules: [LedgerV1.self], configuration: "modules: [ledger]", directory: folder)
/// try await old.joinFleet()
/// let new = try await TestHost.boot(modules: [LedgerV2.self], configuration: "modules: [ledger]", directory: folder)
/// try await new.joinFleet()
/// // … requests to each, old.deliverEvents(), new.runMigrations() …
/// try await old.leaveFleet()  // the last older host leaves: new.runMigrations() runs the contract
/// ```
extension TestHost {
    /// Puts this host in the fleet list as serving (its modules' versions, known migrations and
    /// subscriptions) and reads the other hosts' subscriptions (``beat()``). On SQLite the host now
    /// watches the file for the other host's commits, as two processes serving one file do.
    public func joinFleet() async throws {
        if let sqlite = storage as? SQLiteStorage { try sqlite.shareWithAnotherProcess() }
        try await HostFleet.record(HostRuntime.fleetMember(id: fleetID, serving: plan), on: storage)
        await beat()
        // Live until it leaves, as a serving host beats every few seconds (a slow test must not see
        // it drop out of the list).
        fleetBeats.start { await beat() }
    }

    /// One fleet beat now, as a serving host makes every few seconds (a host in the list beats by
    /// itself too): renews this host's place, learns
    /// the live hosts' subscriptions (the events its modules publish are stored for them) and counts
    /// the deliveries none of them reads (`atrium_events_unreadable`). Call it on a host after
    /// another joined or left.
    public func beat() async {
        await FleetHeartbeat(
            storage: storage, member: HostRuntime.fleetMember(id: fleetID, serving: plan), drain: HostDrain(), logger: Self.logger,
            serving: { plan }
        ).beat()
    }

    /// Leaves the fleet list, as a host that stops does.
    public func leaveFleet() async throws {
        fleetBeats.stop()
        try await HostFleet.leave(fleetID, on: storage)
    }

    /// Runs the migrations that may run now, as a serving host does at every beat: expand ones at
    /// once, a contract one once no live host serving its module lacks it. Returns false when one
    /// still waits or failed.
    @discardableResult
    public func runMigrations() async -> Bool {
        await ModuleMigrations.runReady(plan.registry.modules, on: storage, host: fleetID, retryingFailed: true, logger: Self.logger)
    }

    /// Each migration of this host's modules as `atrium migrations` lists it: `ledger/2-drop-memo:
    /// waiting` (`applied`, `running`, `failed`, `ready`, `waiting`, `unknown to this build`).
    public func migrationStates() async throws -> [String] {
        let entries = ModuleMigrations.entries(
            of: plan.registry.modules, records: try await storage.migrationRecords(), live: try await HostFleet.live(on: storage), host: fleetID)
        return entries.map { "\($0.module)/\($0.id): \($0.state)" }
    }
}
