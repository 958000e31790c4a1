import Foundation

/// One host of the fleet as it records itself in storage (``HostFleet``): what `atrium hosts` lists.
package struct FleetMember: Sendable, Equatable {
    /// The host's id: made when it starts, its own for as long as it runs.
    package var id: String
    /// Where it serves (`http.publicURL`, else its address and port), and the machine it runs on.
    package var address: String
    package var machine: String
    package var pid: Int
    /// Its build (``BuildID``): two versions side by side are told apart by it.
    package var build: String
    /// Each module it serves, by id, with its version.
    package var modules: [String: String]
    /// `serving`, or `draining` once it is on its way out.
    package var state: String
    /// The module migrations its build knows, as `module/id`: a contract migration waits for every
    /// live host to know it (``ModuleMigrations``). A host of a build from before kinds knows none.
    package var migrations: [String]
    /// The events its modules subscribe to, with their versions (``EventReader/text``): a host
    /// publishing an event stores it for every live host's subscribers, so a subscription a newer
    /// version adds gets what older hosts publish.
    package var subscriptions: [String]
    /// The generation of run-time switches it serves (``HostSwitches/generation``).
    package var switches: Int
    package var startedAt: Double
    package var lastSeen: Double

    package init(
        id: String, address: String, machine: String, pid: Int, build: String, modules: [String: String], state: String, startedAt: Double,
        lastSeen: Double, migrations: [String] = [], subscriptions: [String] = [], switches: Int = 0
    ) {
        self.switches = switches
        self.id = id
        self.address = address
        self.machine = machine
        self.pid = pid
        self.build = build
        self.modules = modules
        self.state = state
        self.startedAt = startedAt
        self.lastSeen = lastSeen
        self.migrations = migrations
        self.subscriptions = subscriptions
    }

    /// The modules as stored: JSON, sorted by id. Codable rather than JSONSerialization, whose
    /// bridging through NSDictionary looked up conformances for about 3 ms of a start's first beat.
    var modulesJSON: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(modules)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// A list as stored: a JSON array, sorted.
    static func json(_ list: [String]) -> String {
        (try? JSONEncoder().encode(list.sorted())).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    static func list(fromJSON text: String) -> [String] {
        (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
    }

    static func modules(fromJSON text: String) -> [String: String] {
        (try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))) ?? [:]
    }
}
