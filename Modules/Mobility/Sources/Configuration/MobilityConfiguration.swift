import AtriumContracts
import AtriumSDK
import Foundation

/// The `mobility` section.
public struct MobilityConfiguration: ModuleConfiguration {
    public struct Tiles: Codable, Sendable {
        /// A raster tile address with `{z}`, `{x}` and `{y}`; none: a plain background, offline.
        public var url: String?
        public var attribution: String?
    }

    /// `embedded` (the Miami sandbox, served by this host) or the URL of an operator's `gbfs.json`.
    public var feed = "embedded"
    /// For GBFS 3.0 localized names: this language, else English, else the first.
    public var language = "en"
    public var tiles = Tiles()
    /// How long one request to the feed may take.
    public var timeoutSeconds = 10
    /// The feed is fetched no more often than this, whatever its files' ttl says.
    public var minimumRefreshSeconds = 5
    /// Hosts besides the feed's own that its discovery file may name files on (a CDN, say).
    public var feedHosts: [String] = []
    /// The page the Profile tab leads to (Login binds "profile").
    public var profileRoute: RouteName = "profile"
    /// What rides in the sandbox city cost.
    public var sandbox = SandboxSettings()

    public static let settingDescriptions = [
        "feed": "embedded (the Miami sandbox, served by this host as a GBFS 3.0 feed) or the URL of an operator's gbfs.json",
        "language": "Which name of a GBFS 3.0 localized text to show (else English, else the first)",
        "tiles.url": "Raster tiles under the map ({z}/{x}/{y}); without them a plain background that works offline",
        "tiles.attribution": "The tiles' credit",
        "timeoutSeconds": "How long one feed request may take",
        "minimumRefreshSeconds": "The feed is fetched no more often than this, whatever its ttl says",
        "feedHosts": "Hosts besides the feed's own that its discovery file may name files on",
        "profileRoute": "The route name the Profile tab leads to",
        "sandbox.currency": "The sandbox city's currency (ISO 4217, such as USD or EUR): rides are priced and charged in it",
        "sandbox.unlock": "What unlocking a vehicle in the sandbox city costs",
        "sandbox.bikePerMinute": "What a minute on a sandbox bike costs",
        "sandbox.ebikePerMinute": "What a minute on a sandbox e-bike costs",
        "sandbox.scooterPerMinute": "What a minute on a sandbox scooter costs",
        "sandbox.riders": "Simulated riders taking and returning sandbox vehicles while the city is looked at (0: none)",
        "sandbox.everySeconds": "Seconds between two moves of the simulated riders",
        "sandbox.seed": "The seed of the simulated riders' moves: the same seed, the same moves",
    ]

    public init() {}

    public func problems() -> [SettingProblem] {
        var problems = sandbox.problems()
        if feed != "embedded" && !WebAddress.isValid(feed) {
            problems.append(
                SettingProblem(
                    key: "feed", message: "'\(feed)' is neither embedded nor an http(s) address", fix: "write embedded, or the URL of a gbfs.json"
                ))
        }
        if let url = tiles.url {
            if !WebAddress.isValid(url) || !url.contains("{z}") || !url.contains("{x}") || !url.contains("{y}") {
                problems.append(
                    SettingProblem(
                        key: "tiles.url", message: "'\(url)' is not a tile address", fix: "such as https://tile.openstreetmap.org/{z}/{x}/{y}.png"
                    ))
            }
            if (tiles.attribution ?? "").isEmpty {
                problems.append(
                    SettingProblem(
                        key: "tiles.attribution", message: "is missing", fix: "tiles need their credit, such as © OpenStreetMap contributors"))
            }
        }
        if !(1...60).contains(timeoutSeconds) {
            problems.append(SettingProblem(key: "timeoutSeconds", message: "must be from 1 to 60 seconds, not \(timeoutSeconds)"))
        }
        if !(1...3600).contains(minimumRefreshSeconds) {
            problems.append(
                SettingProblem(key: "minimumRefreshSeconds", message: "must be from 1 to 3600 seconds, not \(minimumRefreshSeconds)"))
        }
        for (index, host) in feedHosts.enumerated() where host.isEmpty || host.contains("/") || host.contains(":") {
            problems.append(
                SettingProblem(
                    key: "feedHosts[\(index)]", message: "'\(host)' is not a host name", fix: "write the host alone, such as cdn.example.com"))
        }
        return problems
    }
}
