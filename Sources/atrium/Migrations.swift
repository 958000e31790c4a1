import ArgumentParser
import AtriumHost
import AtriumStorage
import Foundation

/// `atrium migrations`: each module migration of the configuration's modules, with its kind, state
/// and progress.
struct Migrations: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrations",
        abstract: "List the modules' storage migrations: kind (expand or contract), state, progress, and what a waiting one waits for.")

    @OptionGroup var options: ConfigurationOptions

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    func run() async throws {
        let (plan, storage) = try await options.openStorage(logger: Console.logger(level: .warning))
        defer { try? storage.close() }
        let entries: [ModuleMigrations.Entry]
        do {
            entries = ModuleMigrations.entries(
                of: plan.registry.modules, records: try await storage.migrationRecords(), live: try await HostFleet.live(on: storage),
                host: nil, retryingFailed: false)
        } catch {
            throw DescribedStorageError(error)
        }
        if json {
            try Console.printJSON(
                entries.map {
                    [
                        "module": $0.module, "id": $0.id, "kind": $0.kind.rawValue, "state": $0.state, "reason": $0.reason,
                        "done": $0.progress.done, "total": $0.progress.total,
                    ] as [String: Any]
                })
            return
        }
        guard !entries.isEmpty else {
            print("The configuration's modules declare no storage migration.")
            return
        }
        Console.table(
            ["MODULE", "MIGRATION", "KIND", "STATE", "PROGRESS", "NOTE"],
            entries.map { [$0.module, $0.id, $0.kind.rawValue, $0.state, Self.progress($0.progress), $0.reason] })
    }

    /// `1,200 of 5,000 records (24 %)`, or a dash before any record was reached.
    static func progress(_ progress: MigrationProgress) -> String {
        guard progress.total > 0 || progress.done > 0 else { return "-" }
        let percent = progress.total == 0 ? 100 : min(100, progress.done * 100 / progress.total)
        return "\(progress.done) of \(progress.total) records (\(percent) %)"
    }
}

/// `atrium migrate`: runs now, in the foreground, every module migration that may run (a failed one
/// again; a contract migration only once no live host serving its module lacks it), with progress.
struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Run the modules' storage migrations that may run now; a contract migration waits while an older host serves.",
        discussion: "Exits 0 once every migration is applied, 1 when one failed, and 3 when one still waits (each named).")

    @OptionGroup var options: ConfigurationOptions

    func run() async throws {
        let logger = Console.logger(level: .warning)
        let (plan, storage) = try await options.openStorage(logger: logger)
        defer { try? storage.close() }
        let modules = plan.registry.modules
        let done = await ModuleMigrations.runReady(modules, on: storage, host: nil, retryingFailed: true, logger: logger) { entry in
            let resuming = entry.progress.done > 0 ? ", resuming after \(entry.progress.done) records" : ""
            print("Running \(entry.module)/\(entry.id) (\(entry.kind.rawValue)\(resuming))…")
        }
        let entries: [ModuleMigrations.Entry]
        do {
            entries = ModuleMigrations.entries(
                of: modules, records: try await storage.migrationRecords(), live: try await HostFleet.live(on: storage), host: nil,
                retryingFailed: false)
        } catch {
            throw DescribedStorageError(error)
        }
        let left = entries.filter { $0.state != "applied" && $0.state != "unknown to this build" }
        for entry in left {
            Console.show("\(entry.module)/\(entry.id) (\(entry.kind.rawValue)): \(entry.state)\(entry.reason.isEmpty ? "" : ", \(entry.reason)")")
        }
        if done || left.isEmpty {
            print("Every module migration is applied.")
            return
        }
        throw ExitCode(left.contains { $0.state == "failed" } ? 1 : 3)
    }
}
