import ArgumentParser
import AtriumHost
import AtriumRuntime
import AtriumStorage
import Foundation

/// What every switch command shares: the configuration's plan and storage, who runs it, making the
/// change with its reason, and waiting for the live hosts to apply it.
enum SwitchCommand {
    /// The system user running the command (`alice via sudo` under sudo).
    static var user: String {
        let name = getpwuid(getuid()).flatMap { String(validatingCString: $0.pointee.pw_name) } ?? "uid \(getuid())"
        if let sudo = ProcessInfo.processInfo.environment["SUDO_USER"], !sudo.isEmpty, sudo != name { return "\(sudo) via sudo" }
        return name
    }

    /// The switches in force for `plan`'s database, for a listing; nil (quietly) when there is no
    /// database yet (an SQLite file not made: a listing makes none) or it cannot be read.
    static func inForce(for plan: HostPlan) async -> HostSwitches? {
        let storage = plan.settings.storage
        if storage.kind == .sqlite, !FileManager.default.fileExists(atPath: storage.path) { return nil }
        guard let opened = try? await HostRuntime(plan: plan, logger: Console.logger(level: .critical)).openStorage() else { return nil }
        defer { try? opened.close() }
        return try? await SwitchBoard(storage: opened).current()
    }

    /// Opens the configuration's storage with its plan, runs `body`, closes it.
    static func run(_ options: ConfigurationOptions, _ body: (HostPlan, any HostStorage) async throws -> Void) async throws {
        let (plan, storage) = try await options.openStorage(logger: Console.logger(level: .warning))
        defer { try? storage.close() }
        do {
            try await body(plan, storage)
        } catch let error as SwitchProblem {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            throw ExitCode(1)
        } catch let error as ExitCode {
            throw error
        } catch {
            throw DescribedStorageError(error)
        }
    }

    /// The longest reason a change keeps, in characters, and in UTF-8 bytes (a character can carry
    /// any number of combining marks: the characters alone bound nothing).
    static let maximumReason = 500
    static let maximumReasonBytes = 2_000

    /// Stores a change, then says which live hosts applied it (each does within a second).
    static func change(
        _ storage: any HostStorage, reason: String, what: String,
        _ change: @escaping @Sendable (inout HostSwitches, HostSwitches.Change) throws -> Void
    ) async throws {
        let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty else { throw SwitchProblem("--reason must say why (it is kept with the change)") }
        // Every host reads the switches four times a second and every listing shows the reason:
        // a sentence or two, not a document.
        guard reason.count <= maximumReason else {
            throw SwitchProblem(
                "--reason is \(reason.count) characters; say why in at most \(maximumReason) (a link to the incident can say the rest)")
        }
        guard reason.utf8.count <= maximumReasonBytes else {
            throw SwitchProblem(
                "--reason is \(reason.utf8.count) bytes of UTF-8; say why in at most \(maximumReasonBytes) (plain words, a link to the incident)")
        }
        let switches = try await SwitchBoard(storage: storage).change(by: user, reason: reason, what: what, change)
        Console.show("Switched: \(what) (generation \(switches.generation), by \(user): \(reason)).")
        try await reportApplied(generation: switches.generation, on: storage)
    }

    /// Gives `name` back to the configuration file: removes its switch (`clear`), or says there is
    /// none (`isSwitched` false) and changes nothing.
    static func reset(
        _ name: String, options: ConfigurationOptions, reason: String, isSwitched: @escaping @Sendable (HostSwitches) -> Bool,
        clear: @escaping @Sendable (inout HostSwitches) -> Void
    ) async throws {
        try await run(options) { _, storage in
            guard isSwitched(try await SwitchBoard(storage: storage).current()) else {
                print("No switch sets \(name): the configuration file does already.")
                return
            }
            try await change(storage, reason: reason, what: "reset \(name)") { switches, _ in clear(&switches) }
        }
    }

    /// Waits up to five seconds for every serving host to serve `generation`, then says which do.
    static func reportApplied(generation: Int, on storage: any HostStorage) async throws {
        let deadline = ContinuousClock.now + .seconds(5)
        var hosts = try await HostFleet.live(on: storage).filter { $0.state == "serving" }
        while hosts.contains(where: { $0.switches < generation }), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            hosts = try await HostFleet.live(on: storage).filter { $0.state == "serving" }
        }
        guard !hosts.isEmpty else {
            print("No host serves this database now: each applies the switches when it starts.")
            return
        }
        let behind = hosts.filter { $0.switches < generation }
        print("Applied by \(hosts.count - behind.count) of \(hosts.count) serving hosts.")
        for host in behind {
            print("  not yet: \(host.id.prefix(8)) at \(host.address) (serves generation \(host.switches); atrium hosts shows when it does)")
        }
    }

    /// `on`/`off` and who switched it when, for the tables.
    static func origin(of change: HostSwitches.Change, now: Double = Date().timeIntervalSince1970) -> String {
        "switch by \(change.by), \(Hosts.duration(now - change.at)) ago: \(change.reason)"
    }
}
