import AtriumSDK
import Foundation
import Synchronization

/// The sandbox city as a GBFS 3.0 feed, served by this host: `gbfs.json` and the files it lists. The
/// city is generated once and kept in storage; reservations (rides) show as `is_reserved`.
final class SandboxFeed: Sendable {
    static let path = "/mobility/gbfs/"
    /// Where the city (stations and vehicles) is kept once loaded.
    static let cityCollection = "sandbox-city"
    static let files = ["system_information", "vehicle_types", "station_information", "station_status", "vehicle_status", "system_pricing_plans"]

    let records: any RecordStore
    let clock: any WallClock
    /// Where people reach this host, for the feed's absolute URLs.
    let publicURL: String
    let localOrigin: String
    /// What rides cost (the pricing plans).
    let prices: SandboxSettings
    private let city = Mutex<SandboxCity?>(nil)

    init(records: any RecordStore, clock: any WallClock, publicURL: String, localOrigin: String, prices: SandboxSettings = SandboxSettings()) {
        self.records = records
        self.clock = clock
        self.publicURL = publicURL
        self.localOrigin = localOrigin
        self.prices = prices
    }

    /// The city: from storage, or generated and stored the first time.
    func load() async throws -> SandboxCity {
        if let city = city.withLock({ $0 }) { return city }
        let stored = try await records.record(SandboxCity.self, id: "v1", in: Self.cityCollection)
        let loaded = stored ?? SandboxCity.generate()
        if stored == nil { try await records.save(loaded, id: "v1", in: Self.cityCollection) }
        city.withLock { $0 = loaded }
        return loaded
    }

    func answer(_ name: String, request: EndpointRequest) async throws -> EndpointReply {
        // Addresses for whoever asks: this host in-process, or its public address.
        let base = (request.header("Host") == URL(string: localOrigin)?.host ? localOrigin : publicURL) + Self.path
        let data: Any
        var ttl = 3600
        switch name {
        case "gbfs": data = ["feeds": Self.files.map { ["name": $0, "url": "\(base)\($0).json"] }]
        case "system_information": data = systemInformation()
        case "vehicle_types": data = ["vehicle_types": Self.types.map(\.json)]
        case "station_information": data = ["stations": try await load().stations.map(Self.stationInformation)]
        case "station_status":
            // Rides refresh the map's copy at once; other changes (another host's rides) show within a minute.
            ttl = 60
            data = ["stations": try await stationStatus()]
        case "vehicle_status":
            // Rides refresh the map's copy at once; other changes (another host's rides) show within a minute.
            ttl = 60
            data = ["vehicles": try await vehicleStatus()]
        case "system_pricing_plans": data = ["plans": plans]
        default: return .json(["error": "There is no such feed file."], status: .notFound)
        }
        let document: [String: Any] = ["last_updated": Self.timestamp(clock.now), "ttl": ttl, "version": "3.0", "data": data]
        let body = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes])
        return EndpointReply(status: .ok, body: body, headers: ["Content-Type": "application/json; charset=utf-8"])
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "America/New_York")
        return formatter.string(from: date)
    }

    static func localized(_ text: String) -> [[String: String]] { [["text": text, "language": "en"]] }

    func systemInformation() -> [String: Any] {
        [
            "system_id": "atrium-miami-sandbox", "languages": ["en"], "name": Self.localized("Atrium Miami (sandbox)"),
            "opening_hours": "24/7", "feed_contact_email": "sandbox@atrium.invalid", "timezone": "America/New_York",
            "operator": Self.localized("Atrium"),
        ]
    }

    struct TypeInfo {
        var id: String
        var formFactor: String
        var propulsion: String
        var name: String
        var plan: String
        var maxRange: Int?

        var json: [String: Any] {
            var json: [String: Any] = [
                "vehicle_type_id": id, "form_factor": formFactor, "propulsion_type": propulsion, "name": SandboxFeed.localized(name),
                "default_pricing_plan_id": plan, "pricing_plan_ids": [plan],
            ]
            if let maxRange { json["max_range_meters"] = maxRange }
            return json
        }
    }

    static let types = [
        TypeInfo(id: "bike", formFactor: "bicycle", propulsion: "human", name: "Bike", plan: "bike-plan"),
        TypeInfo(id: "ebike", formFactor: "bicycle", propulsion: "electric_assist", name: "E-bike", plan: "ebike-plan", maxRange: 60000),
        TypeInfo(id: "scooter", formFactor: "scooter_standing", propulsion: "electric", name: "Scooter", plan: "scooter-plan", maxRange: 30000),
    ]

    /// One plan a type of vehicle: "Bike: $1.00 to unlock, then $0.15 a minute".
    var plans: [[String: Any]] {
        Self.types.map { type in
            let (unlock, perMinute) = (SandboxSettings.exact(prices.unlock), SandboxSettings.exact(prices.perMinute(type.id)))
            let description =
                "\(type.name): \(Money(unlock, currency: prices.currency).formatted) to unlock, then \(Money(perMinute, currency: prices.currency).formatted) a minute"
            return [
                "plan_id": type.plan, "name": Self.localized(type.name), "currency": prices.currency, "price": prices.unlock,
                "is_taxable": false, "description": Self.localized(description),
                "per_min_pricing": [["start": 0, "rate": prices.perMinute(type.id), "interval": 1]],
            ]
        }
    }

    static func stationInformation(_ station: SandboxCity.StationPlace) -> [String: Any] {
        [
            "station_id": station.id, "name": localized(station.name), "lat": station.latitude, "lon": station.longitude,
            "address": station.address, "capacity": station.capacity,
        ]
    }

    private func reserved() async throws -> Set<String> {
        Set(try await records.records(SandboxReservation.self, in: SandboxLocks.collection).map(\.vehicleID))
    }

    func stationStatus() async throws -> [[String: Any]] {
        let city = try await load()
        let taken = try await reserved()
        var docked: [String: [String: Int]] = [:]
        for vehicle in city.vehicles where !taken.contains(vehicle.id) {
            if let station = vehicle.stationID { docked[station, default: [:]][vehicle.typeID, default: 0] += 1 }
        }
        let now = Self.timestamp(clock.now)
        return city.stations.map { station in
            let counts = docked[station.id] ?? [:]
            let available = counts.values.reduce(0, +)
            return [
                "station_id": station.id, "num_vehicles_available": available,
                "vehicle_types_available": Self.types.map { ["vehicle_type_id": $0.id, "count": counts[$0.id] ?? 0] },
                "num_docks_available": max(station.capacity - available, 0), "is_installed": true, "is_renting": true, "is_returning": true,
                "last_reported": now,
            ]
        }
    }

    func vehicleStatus() async throws -> [[String: Any]] {
        let city = try await load()
        let taken = try await reserved()
        let now = Self.timestamp(clock.now)
        return city.vehicles.map { vehicle in
            var json: [String: Any] = [
                "vehicle_id": vehicle.id, "vehicle_type_id": vehicle.typeID, "is_reserved": taken.contains(vehicle.id), "is_disabled": false,
                "last_reported": now, "pricing_plan_id": "\(vehicle.typeID)-plan",
            ]
            if let station = vehicle.stationID {
                json["station_id"] = station
            } else {
                json["lat"] = vehicle.latitude
                json["lon"] = vehicle.longitude
            }
            if let battery = vehicle.batteryPercent, let range = Self.types.first(where: { $0.id == vehicle.typeID })?.maxRange {
                json["current_fuel_percent"] = Double(battery) / 100
                json["current_range_meters"] = range * battery / 100
            }
            return json
        }
    }
}
