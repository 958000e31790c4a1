import ArgumentParser
import AtriumHost
import AtriumRuntime
import Foundation

/// `atrium hosts`: the hosts serving the configuration's database now.
struct Hosts: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hosts",
        abstract:
            "List the hosts serving the configuration's database: id, address, build, state, module versions, the switches each serves, when last seen."
    )

    @OptionGroup var options: ConfigurationOptions

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    func run() async throws {
        let now = Date().timeIntervalSince1970
        let (hosts, switches) = try await Events.withStorage(options) {
            (try await HostFleet.live(on: $0, now: now), try await SwitchBoard(storage: $0).current().generation)
        }
        if json {
            let objects: [[String: Any]] = hosts.map {
                [
                    "id": $0.id, "address": $0.address, "machine": $0.machine, "pid": $0.pid, "build": $0.build, "modules": $0.modules,
                    "state": $0.state, "startedAt": $0.startedAt, "lastSeen": $0.lastSeen, "switches": $0.switches,
                ]
            }
            try Console.printJSON(objects)
            return
        }
        guard !hosts.isEmpty else {
            print("No host is serving this database (none has been seen in the last \(HostFleet.timeout.components.seconds) s).")
            return
        }
        Console.table(
            ["HOST", "ADDRESS", "MACHINE", "PID", "BUILD", "STATE", "UP", "SEEN", "SWITCHES", "MODULES"],
            hosts.map { host in
                [
                    String(host.id.prefix(8)), host.address, host.machine, String(host.pid), host.build, host.state,
                    Self.duration(now - host.startedAt), "\(Int((now - host.lastSeen).rounded())) s ago",
                    host.switches == switches ? "\(host.switches) (current)" : "\(host.switches) (not yet \(switches))",
                    host.modules.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "),
                ]
            })
    }

    /// A time span as an operator reads it: 42 s, 7 min, 3 h 20 min, 2 d 4 h.
    static func duration(_ seconds: Double) -> String {
        let whole = max(0, Int(seconds))
        switch whole {
        case ..<60: return "\(whole) s"
        case ..<3600: return "\(whole / 60) min"
        case ..<86400: return "\(whole / 3600) h \(whole % 3600 / 60) min"
        default: return "\(whole / 86400) d \(whole % 86400 / 3600) h"
        }
    }
}
