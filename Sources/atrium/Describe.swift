import ArgumentParser
import AtriumHost
import AtriumSDK
import Foundation

struct Describe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "describe",
        abstract:
            "Describe the host under the configuration in one JSON document: each enabled module (manifest, flags, settings, events published and subscribed), the boot order, every route, every route name bound, and every event with its publishers and subscribers."
    )

    @OptionGroup var options: ConfigurationOptions

    @Flag(name: .long, help: "Print JSON (the only format; the flag says so in scripts).")
    var json = false

    func run() async throws {
        let plan = try await options.plan(logger: Console.logger(level: .warning))
        try Console.printJSON(HostDescription.document(of: plan, catalog: options.catalog))
    }
}
