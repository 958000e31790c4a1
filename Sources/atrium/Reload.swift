import ArgumentParser
import AtriumHost
import AtriumStorage
import Foundation

struct Reload: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload",
        abstract: "Check the configuration, then ask the host serving it to read it again (SIGHUP).",
        discussion: """
            The host keeps serving the old configuration when the new one has problems, and logs each.
            With storage.kind: sqlite the host is found by its database's lock file; with postgres,
            several hosts may serve: give each one's --pid.
            """
    )

    @OptionGroup var options: ConfigurationOptions

    @Option(help: "The process id of the host to reload (default: the host serving this configuration's SQLite database).")
    var pid: Int32?

    func run() async throws {
        // A configuration with problems is refused here, before any host is asked.
        let plan = try await options.plan(logger: Console.logger(level: .warning))
        let target: Int32
        if let pid {
            target = pid
        } else {
            guard plan.settings.storage.kind == .sqlite else {
                throw ValidationError("with storage.kind: postgres, give the host's --pid (reload each host that serves it)")
            }
            guard let serving = SQLiteStorage.servingProcess(path: plan.settings.storage.path) else {
                FileHandle.standardError.write(Data("No host is serving \(plan.settings.storage.path): start one with `atrium serve`.\n".utf8))
                throw ExitCode(1)
            }
            target = serving
        }
        guard kill(target, SIGHUP) == 0 else {
            FileHandle.standardError.write(Data("Process \(target) could not be signalled: \(String(cString: strerror(errno))).\n".utf8))
            throw ExitCode(1)
        }
        print("Asked process \(target) to reload \(plan.source); it logs whether it did.")
    }
}
