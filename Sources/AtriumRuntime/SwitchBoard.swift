import AtriumObservability
import AtriumSDK
import AtriumStorage
import Foundation

/// Where the run-time switches (``HostSwitches``) are kept: one record every host reads, changed in
/// one transaction with an entry of its log, so each change is kept with when, who and why. Host
/// records, under a name no module can have (a module id has no dot).
package struct SwitchBoard: Sendable {
    static let module = "host.switches"
    static let collection = "switches"
    static let logCollection = "switch-log"
    static let recordID = "current"

    let storage: any HostStorage

    package init(storage: any HostStorage) {
        self.storage = storage
        // Read from the database each time: a command in another process changes them.
        storage.changes.records.neverCache(module: Self.module, collections: [Self.collection])
    }

    private var records: any RecordStore { storage.records(module: Self.module, owner: .shared) }

    /// The switches as stored now (none when nothing was ever switched): read in a transaction,
    /// which reads the database itself (the cache does not hear of another process's SQLite commits).
    /// Untraced: hosts read it four times a second and at each boot, and a trace each time would be
    /// noise of its own.
    package func current() async throws -> HostSwitches {
        let records = self.records
        return try await HostTracing.untraced {
            try await records.transaction {
                try await records.record(HostSwitches.self, id: Self.recordID, in: Self.collection) ?? HostSwitches()
            }
        }
    }

    /// Changes the switches with `change` (given the change's record, to keep beside what it
    /// switches), raising the generation and logging who did what and why, as one transaction.
    /// Returns the switches as stored; throws what `change` throws, changing nothing.
    package func change(
        by user: String, reason: String, what: String, at now: Double = Date().timeIntervalSince1970,
        _ change: @escaping @Sendable (inout HostSwitches, HostSwitches.Change) throws -> Void
    ) async throws -> HostSwitches {
        let records = self.records
        return try await records.transaction {
            let switches = try await records.update(HostSwitches.self, id: Self.recordID, in: Self.collection) { stored in
                var switches = stored ?? HostSwitches()
                switches.generation += 1
                try change(&switches, HostSwitches.Change(at: now, by: user, reason: reason, what: what, generation: switches.generation))
                stored = switches
                return switches
            }
            let entry = HostSwitches.Change(at: now, by: user, reason: reason, what: what, generation: switches.generation)
            try await records.save(entry, id: String(format: "%012d", switches.generation), in: Self.logCollection)
            return switches
        }
    }

    /// Every change ever made, oldest first.
    package func log() async throws -> [HostSwitches.Change] {
        try await records.records(HostSwitches.Change.self, in: Self.logCollection)
    }
}
