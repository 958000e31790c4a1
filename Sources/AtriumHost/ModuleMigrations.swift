import AtriumRuntime
import AtriumSDK
import AtriumStorage
import Foundation
import Logging

/// When each module migration may run (``StorageMigration/Kind``). Per module, in registration
/// order: an expand migration runs at once; a contract migration waits while a live host serving
/// its module lacks it (an older build, ``FleetMember/migrations``); a migration waits for the ones
/// before it. A host whose build lacks a contract migration the database has applied does not boot.
package enum ModuleMigrations {
    /// One migration as `atrium migrations` shows it.
    package struct Entry: Sendable {
        package enum Status: Sendable {
            case applied
            /// Begun: running now on some host, or stopped by a crash (it resumes).
            case running
            case failed(String)
            /// Runs at the next try.
            case ready
            /// A contract migration: these live hosts serve its module and lack it.
            case waitingForHosts([FleetMember])
            /// Waits for an earlier migration of its module.
            case waitingFor(String)
            /// Applied to the database, unknown to this build.
            case unknownToBuild
        }

        package let module: String
        package let id: String
        package let kind: StorageMigration.Kind
        package let status: Status
        package let progress: MigrationProgress

        /// The status in a word or two: `applied`, `running`, `failed`, `ready`, `waiting`, `unknown`.
        package var state: String {
            switch status {
            case .applied: "applied"
            case .running: "running"
            case .failed: "failed"
            case .ready: "ready"
            case .waitingForHosts, .waitingFor: "waiting"
            case .unknownToBuild: "unknown to this build"
            }
        }

        /// Why it is where it is, in a sentence (empty when there is nothing to say).
        package var reason: String {
            switch status {
            case .failed(let error): "failed: \(error)"
            case .waitingForHosts(let hosts):
                "waits for " + hosts.map { "\($0.id.prefix(8)) (\($0.address), build \($0.build))" }.joined(separator: ", ") + " to leave"
            case .waitingFor(let earlier): "waits for \(earlier)"
            case .unknownToBuild: "applied by a newer build"
            default: ""
            }
        }
    }

    /// Each module's migrations, in registration order.
    package typealias Declared = [(module: String, migrations: [StorageMigration])]

    /// The migrations `modules` declare.
    package static func declared(by modules: [BootedModule]) -> Declared {
        modules.map { ($0.manifest.id, $0.migrations) }
    }

    /// The migrations `modules` declare, as `module/id` (the fleet list's ``FleetMember/migrations``).
    package static func known(by modules: [BootedModule]) -> [String] { known(declared(by: modules)) }

    static func known(_ declared: Declared) -> [String] {
        declared.flatMap { module in module.migrations.map { "\(module.module)/\($0.id)" } }.sorted()
    }

    /// Throws, naming them, when the database has applied a contract migration of one of `modules`
    /// that the module does not declare: this build is older than the data.
    package static func refuseOlderBuild(_ modules: [BootedModule], records: [MigrationRecord]) throws {
        try refuseOlderBuild(declared(by: modules), records: records)
    }

    static func refuseOlderBuild(_ declared: Declared, records: [MigrationRecord]) throws {
        let served = Dictionary(declared.map { ($0.module, Set($0.migrations.map(\.id))) }, uniquingKeysWith: { first, _ in first })
        let unknown = records.filter { record in
            record.kind == .contract && record.state == .applied && served[record.module].map { !$0.contains(record.id) } == true
        }
        guard !unknown.isEmpty else { return }
        let names = unknown.map { "\($0.module)/\($0.id)" }.joined(separator: ", ")
        throw OlderThanData(
            description: "this build lacks the contract migration \(names), already applied to this database: deploy a build that has it")
    }

    package struct OlderThanData: Error, CustomStringConvertible {
        package let description: String
    }

    /// Each migration of `modules` with its state, in order, then those of the same modules the
    /// database has that the build does not know. `host` is this host's fleet id, left out of those waited for.
    package static func entries(
        of modules: [BootedModule], records: [MigrationRecord], live: [FleetMember], host: String?, retryingFailed: Bool = true
    ) -> [Entry] {
        entries(of: declared(by: modules), records: records, live: live, host: host, retryingFailed: retryingFailed)
    }

    static func entries(of declared: Declared, records: [MigrationRecord], live: [FleetMember], host: String?, retryingFailed: Bool) -> [Entry] {
        let byKey = Dictionary(records.map { ("\($0.module)/\($0.id)", $0) }, uniquingKeysWith: { first, _ in first })
        var entries: [Entry] = []
        for module in declared {
            let moduleID = module.module
            var blocker: String?
            for migration in module.migrations {
                let key = "\(moduleID)/\(migration.id)"
                let record = byKey[key]
                let progress = record?.progress ?? MigrationProgress()
                var status: Entry.Status
                switch record?.state {
                case .applied: status = .applied
                case .running: status = .running
                case .failed: status = retryingFailed ? .ready : .failed(record?.error ?? "")
                case nil: status = .ready
                }
                if case .applied = status {
                } else if let blocker {
                    status = .waitingFor(blocker)
                } else if migration.kind == .contract, case .ready = status {
                    let older = live.filter { $0.id != host && $0.modules[moduleID] != nil && !$0.migrations.contains(key) }
                    if !older.isEmpty { status = .waitingForHosts(older) }
                }
                if case .applied = status {} else { blocker = blocker ?? key }
                entries.append(Entry(module: moduleID, id: migration.id, kind: migration.kind, status: status, progress: progress))
            }
        }
        // Those of a module this configuration serves that its build does not declare (a newer one's).
        let (declaredKeys, modules) = (Set(known(declared)), Set(declared.map(\.module)))
        for record in records where modules.contains(record.module) && !declaredKeys.contains("\(record.module)/\(record.id)") {
            entries.append(Entry(module: record.module, id: record.id, kind: record.kind, status: .unknownToBuild, progress: record.progress))
        }
        return entries
    }

    /// Runs, in order, each migration of `modules` that may run now (a begun one resumes), and those
    /// that become ready meanwhile; returns whether none is left to run or waiting. A failure is
    /// logged and left for the next try: `retryingFailed` (a boot, `atrium migrate`) runs failed
    /// ones again, once.
    @discardableResult
    package static func runReady(
        _ modules: [BootedModule], on storage: any HostStorage, host: String?, retryingFailed: Bool, logger: Logger,
        beginning: @Sendable (Entry) -> Void = { _ in }
    ) async -> Bool {
        await runReady(declared(by: modules), on: storage, host: host, retryingFailed: retryingFailed, logger: logger, beginning: beginning)
    }

    @discardableResult
    static func runReady(
        _ modules: Declared, on storage: any HostStorage, host: String?, retryingFailed: Bool, logger: Logger,
        beginning: @Sendable (Entry) -> Void = { _ in }
    ) async -> Bool {
        var failedNow: Set<String> = []
        while !Task.isCancelled {
            let entries: [Entry]
            do {
                let live = try await HostFleet.live(on: storage)
                entries = Self.entries(
                    of: modules, records: try await storage.migrationRecords(), live: live, host: host, retryingFailed: retryingFailed)
            } catch {
                logger.warning("the module migrations could not be read; trying again", metadata: ["error": "\(StorageErrorText.describe(error))"])
                return false
            }
            let runnable = entries.filter { entry in
                switch entry.status {
                case .ready, .running: !failedNow.contains("\(entry.module)/\(entry.id)")
                default: false
                }
            }
            let waiting = entries.contains { entry in
                switch entry.status {
                case .applied, .unknownToBuild: false
                default: true
                }
            }
            guard let entry = runnable.first else { return !waiting }
            guard let migration = modules.first(where: { $0.module == entry.module })?.migrations.first(where: { $0.id == entry.id })
            else { return false }
            beginning(entry)
            let metadata: Logger.Metadata = ["module": "\(entry.module)", "migration": "\(entry.id)", "kind": "\(entry.kind.rawValue)"]
            logger.info("running a module migration", metadata: metadata)
            do {
                guard try await storage.run(migration, module: entry.module) else {
                    // Another host or process runs a module migration now: looked at again at the next try.
                    return false
                }
                logger.info("module migration applied", metadata: metadata)
            } catch is CancellationError {
                return false
            } catch {
                var failed = metadata
                failed["error"] = "\(MigrationRecord.errorText(error))"
                logger.error("module migration failed: it resumes at the next boot or `atrium migrate`", metadata: failed)
                failedNow.insert("\(entry.module)/\(entry.id)")
            }
        }
        return false
    }
}
