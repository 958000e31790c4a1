import ArgumentParser
import AtriumHost
import AtriumRuntime
import Foundation

/// `atrium switches`: what operators switched at run time (flags, modules), and every change made,
/// with when, who and why.
struct Switches: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switches",
        abstract: "List the run-time switches in force (atrium flags set, atrium modules disable…) and the changes made, with who and why.")

    @OptionGroup var options: ConfigurationOptions

    @Option(name: .long, help: "How many of the latest changes to list.")
    var last = 20

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    func run() async throws {
        let now = Date().timeIntervalSince1970
        let (switches, log) = try await Events.withStorage(options) { storage in
            let board = SwitchBoard(storage: storage)
            return (try await board.current(), try await board.log())
        }
        let changes = Array(log.suffix(max(0, last)))
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            struct Document: Encodable {
                let current: HostSwitches
                let changes: [HostSwitches.Change]
            }
            print(String(decoding: try encoder.encode(Document(current: switches, changes: changes)), as: UTF8.self))
            return
        }
        let inForce =
            switches.flags.sorted { $0.key < $1.key }.map { ["flag", $0.key, $0.value.value, SwitchCommand.origin(of: $0.value.change, now: now)] }
            + switches.modules.sorted { $0.key < $1.key }.map {
                ["module", $0.key, $0.value.isOn ? "on" : "off", SwitchCommand.origin(of: $0.value.change, now: now)]
            }
        if inForce.isEmpty {
            print("No switch is in force: every host serves the configuration file (generation \(switches.generation)).")
        } else {
            print("In force (generation \(switches.generation)):")
            Console.table(["KIND", "NAME", "VALUE", "FROM"], inForce)
        }
        guard !changes.isEmpty else { return }
        print("\nChanges, latest last:")
        Console.table(
            ["GENERATION", "WHEN", "BY", "CHANGE", "REASON"],
            changes.map { ["\($0.generation)", Hosts.duration(now - $0.at) + " ago", $0.by, $0.what, $0.reason] })
    }
}
