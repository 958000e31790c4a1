import ArgumentParser
import AtriumHost
import Foundation

/// `atrium keys`: the host keys the configuration lists and what still needs each old one.
struct Keys: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "List the host keys (secrets.keys): which signs and seals, and what still needs each older one before it can be removed.")

    @OptionGroup var options: ConfigurationOptions

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    func run() async throws {
        let report = try await Events.withStorage(options) { storage in
            try await KeysReport.make(hostKey: try await options.plan(logger: Console.logger(level: .warning)).hostKey, storage: storage)
        }
        if json {
            try Console.printJSON(report.objects)
        } else {
            for line in report.lines { print(line) }
        }
    }
}
