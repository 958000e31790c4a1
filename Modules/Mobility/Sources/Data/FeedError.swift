import AtriumSDK

/// Why a feed could not be loaded, for the failed state (with a retry) and the log.
enum FeedError: TemporarilyUnavailable, Sendable, Equatable {
    case unreachable(String)
    case badStatus(url: String, status: Int)
    case undecodable(url: String, detail: String)
    case noVehiclesOrStations

    var description: String {
        switch self {
        case .unreachable(let detail): "the feed could not be reached (\(detail))"
        case .badStatus(let url, let status): "\(url) answered \(status)"
        case .undecodable(let url, let detail): "\(url) is not a GBFS file the map can read (\(detail))"
        case .noVehiclesOrStations: "the feed lists neither vehicles nor stations"
        }
    }

    var visitorMessage: Wording { "The vehicles and stations could not be loaded just now. Please try again in a moment." }
}
