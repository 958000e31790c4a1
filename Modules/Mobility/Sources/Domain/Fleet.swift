import Foundation

/// One load of a feed: the system, vehicle types, stations and available vehicles, with the spatial
/// index built once for every page until the next load.
public struct Fleet: Sendable {
    public enum Item: Sendable, Hashable {
        case vehicle(Vehicle)
        case station(Station)

        public var id: String {
            switch self {
            case .vehicle(let vehicle): "vehicle:\(vehicle.id)"
            case .station(let station): "station:\(station.id)"
            }
        }
    }

    public var systemName: String
    public var types: [String: VehicleType]
    public var plans: [String: PricingPlan]
    public var stations: [Station]
    public var vehicles: [Vehicle]
    public var lastUpdated: Date?
    /// Whether rides are taken here (the sandbox) rather than with the operator.
    public var ridesHere: Bool
    /// Which load this is: pages made from one load are the same until the next (the host keeps them).
    public let loadID: UInt64
    public let index: SpatialIndex<Item>
    /// The map's first view, worked out once per load (see ``MapViewport/firstView(of:)``).
    public let firstView: MapViewport?
    let stationsByID: [String: Station]
    let vehiclesByID: [String: Vehicle]

    public init(
        systemName: String, types: [String: VehicleType], plans: [String: PricingPlan], stations: [Station], vehicles: [Vehicle],
        lastUpdated: Date?, ridesHere: Bool, loadID: UInt64 = 0
    ) {
        self.loadID = loadID
        self.systemName = systemName
        self.types = types
        self.plans = plans
        self.stations = stations
        self.vehicles = vehicles
        self.lastUpdated = lastUpdated
        self.ridesHere = ridesHere
        // Docked vehicles are counted at their station, not drawn one by one.
        index = SpatialIndex(
            stations.map { .init(point: $0.point, item: .station($0)) }
                + vehicles.filter { $0.stationID == nil }.map { .init(point: $0.point, item: .vehicle($0)) })
        firstView = MapViewport.firstView(of: index.entries.map(\.point))
        stationsByID = Dictionary(stations.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        vehiclesByID = Dictionary(vehicles.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func station(id: String) -> Station? { stationsByID[id] }
    public func vehicle(id: String) -> Vehicle? { vehiclesByID[id] }
    public func vehicle(code: String) -> Vehicle? {
        let wanted = code.trimmingCharacters(in: .whitespaces).uppercased()
        return vehicles.first { $0.code == wanted }
    }
}
