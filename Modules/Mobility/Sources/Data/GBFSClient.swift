import AtriumSDK
import Foundation
import Logging
import Synchronization

/// A GBFS feed (2.3 or 3.0) as a fleet: `gbfs.json` discovers the files, each file is kept for its
/// `ttl`, and the fleet (with its spatial index) is built once per load, not per page. One load is
/// under way at a time, shared by every visitor waiting for it, and the feed is fetched no more
/// often than `minimumRefresh` whatever its ttl says (``SharedLoad``). The files' addresses come
/// from the discovery file, so they must stay on its origin (or a host the operator allows) and
/// reach nothing the configured address could not (``RemoteReach``).
final class GBFSClient: FleetSource {
    static let languageKey = CodingUserInfoKey(rawValue: "gbfs.language")!
    static let longestTTL: TimeInterval = 24 * 3600

    struct Loaded<Value: Sendable>: Sendable {
        var value: Value
        var until: Date
    }

    let feedURL: String
    let http: any RemoteHTTPClient
    let language: String
    let timeout: Duration
    let clock: any WallClock
    let logger: Logger
    /// The sandbox: rides are taken here and each vehicle's id is its code.
    let isSandbox: Bool
    /// Where the files the discovery file names may be.
    let reach: RemoteReach
    private let files = Mutex<[String: Loaded<Data>]>([:])
    private let loaded: SharedLoad<Fleet>
    private let loads = Mutex<UInt64>(0)

    init(
        feedURL: String, http: any RemoteHTTPClient, language: String, timeout: Duration, clock: any WallClock, logger: Logger, isSandbox: Bool,
        minimumRefresh: Duration = .seconds(5), otherHosts: [String] = []
    ) {
        self.feedURL = feedURL
        self.http = http
        self.language = language
        self.timeout = timeout
        self.clock = clock
        self.logger = logger
        self.isSandbox = isSandbox
        reach = RemoteReach(configured: feedURL, staysOnOrigin: true, otherHosts: otherHosts)
        loaded = SharedLoad(minimumInterval: minimumRefresh, clock: clock)
    }

    func refresh() async { forget() }

    /// Forgets the loaded feed's statuses (where vehicles are, what stations hold: what a ride
    /// changes): the next page loads those files again, and keeps the others (the discovery file,
    /// the system, the vehicle types, the stations, the pricing plans) for as long as their `ttl`.
    func forget() {
        files.withLock { files in files = files.filter { !Self.isStatus($0.key) } }
        loaded.invalidate()
    }

    /// Whether a file's address is one of the feed's statuses (GBFS names them `…_status`; 2.3's
    /// vehicles are `free_bike_status`).
    static func isStatus(_ url: String) -> Bool {
        let name = url.split(separator: "/").last.map { $0.split(separator: ".").first ?? $0 } ?? ""
        return name.hasSuffix("_status")
    }

    func fleet() async throws -> Fleet {
        try await loaded.value { try await self.load() }
    }

    private func load() async throws -> (value: Fleet, freshUntil: Date) {
        let now = clock.now
        var until = now.addingTimeInterval(Self.longestTTL)
        func load<Payload: Decodable>(_ url: String, as type: Payload.Type) async throws(FeedError) -> GBFSDocuments.File<Payload> {
            let (file, expires) = try await self.file(url, as: type, now: now)
            until = min(until, expires)
            return file
        }
        let discovery = try await load(feedURL, as: GBFSDocuments.Discovery.self)
        let urls = Dictionary(discovery.data.feeds.map { ($0.name, $0.url) }, uniquingKeysWith: { first, _ in first })
        let system = try await urls["system_information"].asyncMap { try await load($0, as: GBFSDocuments.SystemInformation.self) }
        let types = try await urls["vehicle_types"].asyncMap { try await load($0, as: GBFSDocuments.VehicleTypes.self) }
        let stations = try await urls["station_information"].asyncMap { try await load($0, as: GBFSDocuments.StationInformation.self) }
        let statuses = try await urls["station_status"].asyncMap { try await load($0, as: GBFSDocuments.StationStatus.self) }
        let vehicleURL = urls["vehicle_status"] ?? urls["free_bike_status"]
        let vehicles = try await vehicleURL.asyncMap { try await load($0, as: GBFSDocuments.VehicleStatus.self) }
        let plans = try await urls["system_pricing_plans"].asyncMap { try await load($0, as: GBFSDocuments.PricingPlans.self) }

        let fleet = build(
            system: system?.data, types: types?.data, stations: stations?.data, statuses: statuses?.data, vehicles: vehicles?.data,
            plans: plans?.data,
            lastUpdated: [vehicles?.lastUpdated, statuses?.lastUpdated, discovery.lastUpdated].compactMap { Self.plausible($0?.date, now: now) }
                .max(),
            now: now)
        guard !fleet.stations.isEmpty || !fleet.vehicles.isEmpty || stations != nil || vehicles != nil else { throw FeedError.noVehiclesOrStations }
        return (fleet, until)
    }

    /// A reported time, unless it lies in the future (beyond a day of clock difference): a time the
    /// feed cannot have seen is no time at all.
    static func plausible(_ date: Date?, now: Date) -> Date? {
        guard let date, date.timeIntervalSince(now) < 86_400 else { return nil }
        return date
    }

    private func file<Payload: Decodable>(_ url: String, as type: Payload.Type, now: Date) async throws(FeedError) -> (
        GBFSDocuments.File<Payload>, Date
    ) {
        let body: Data
        var until = now
        if let cached = files.withLock({ $0[url] }), cached.until > now {
            body = cached.value
            until = cached.until
        } else {
            let response: RemoteResponse
            do {
                response = try await http.send(
                    RemoteRequest(url: url, headers: ["Accept": "application/json"], timeout: timeout, reach: url == feedURL ? nil : reach))
            } catch {
                throw .unreachable("\(error)")
            }
            guard response.isSuccess else { throw .badStatus(url: url, status: response.status) }
            body = response.body
        }
        let decoder = JSONDecoder()
        decoder.userInfo[Self.languageKey] = language
        let file: GBFSDocuments.File<Payload>
        do {
            file = try decoder.decode(GBFSDocuments.File<Payload>.self, from: body)
        } catch {
            throw .undecodable(url: url, detail: Self.describe(error))
        }
        if until == now {
            let ttl = min(max(TimeInterval(file.ttl ?? 0), 0), Self.longestTTL)
            until = now.addingTimeInterval(ttl)
            if ttl > 0 { files.withLock { $0[url] = Loaded(value: body, until: until) } }
        }
        return (file, until)
    }

    private func build(
        system: GBFSDocuments.SystemInformation?, types: GBFSDocuments.VehicleTypes?, stations: GBFSDocuments.StationInformation?,
        statuses: GBFSDocuments.StationStatus?, vehicles: GBFSDocuments.VehicleStatus?, plans: GBFSDocuments.PricingPlans?,
        lastUpdated: Date?, now: Date
    ) -> Fleet {
        let typesByID = Dictionary(
            (types?.vehicleTypes ?? []).map { entry in
                (
                    entry.vehicleTypeID,
                    VehicleType(
                        id: entry.vehicleTypeID, formFactor: entry.formFactor ?? "other", propulsion: entry.propulsionType ?? "human",
                        name: entry.name?.resolved(language), pricingPlanID: entry.defaultPricingPlanID)
                )
            }, uniquingKeysWith: { first, _ in first })
        let plansByID = Dictionary(
            (plans?.plans ?? []).map { plan in
                (
                    plan.planID,
                    PricingPlan(
                        id: plan.planID, name: plan.name?.resolved(language) ?? plan.planID, currency: plan.currency,
                        unlockPrice: Decimal(string: String(plan.price.value)) ?? 0,
                        perMinute: plan.perMinPricing?.first.flatMap { Decimal(string: String($0.rate.value)) } ?? 0)
                )
            }, uniquingKeysWith: { first, _ in first })
        let statusByID = Dictionary((statuses?.stations ?? []).map { ($0.stationID, $0) }, uniquingKeysWith: { first, _ in first })
        let stationList: [Station] = (stations?.stations ?? []).compactMap { entry in
            let point = GeoPoint(latitude: entry.lat.value, longitude: entry.lon.value)
            guard point.isValid else { return nil }
            let status = statusByID[entry.stationID]
            return Station(
                id: entry.stationID, name: entry.name?.resolved(language) ?? entry.stationID, point: point, address: entry.address,
                capacity: entry.capacity, vehiclesAvailable: status?.vehiclesAvailable ?? status?.bikesAvailable ?? 0,
                docksAvailable: status?.docksAvailable,
                availableByType: Dictionary((status?.typesAvailable ?? []).map { ($0.vehicleTypeID, $0.count) }, uniquingKeysWith: +),
                lastReported: Self.plausible(status?.lastReported?.date, now: now), rentalURL: entry.rentalURIs?.web)
        }
        let stationPoints = Dictionary(stationList.map { ($0.id, $0.point) }, uniquingKeysWith: { first, _ in first })
        var atUnknownStations = 0
        let vehicleList: [Vehicle] = (vehicles?.vehicles ?? []).compactMap { entry in
            guard entry.isReserved?.value != true, entry.isDisabled?.value != true else { return nil }
            var point: GeoPoint?
            if let lat = entry.lat, let lon = entry.lon { point = GeoPoint(latitude: lat.value, longitude: lon.value) }
            if let stationID = entry.stationID {
                guard let stationPoint = stationPoints[stationID] else {
                    atUnknownStations += 1
                    return nil
                }
                point = point ?? stationPoint
            }
            guard let point, point.isValid else { return nil }
            return Vehicle(
                id: entry.id, point: point, typeID: entry.vehicleTypeID, stationID: entry.stationID,
                batteryPercent: entry.currentFuelPercent.flatMap { Self.percent($0.value) },
                rangeMetres: entry.currentRangeMeters.flatMap { (0...10_000_000).contains($0.value) ? $0.value : nil },
                rentalURL: entry.rentalURIs?.web, code: isSandbox ? entry.id : nil)
        }
        if atUnknownStations > 0 {
            logger.warning("vehicles at stations the feed does not list were skipped", metadata: ["count": "\(atUnknownStations)"])
        }
        return Fleet(
            systemName: system?.name?.resolved(language) ?? "Shared mobility", types: typesByID, plans: plansByID, stations: stationList,
            vehicles: vehicleList, lastUpdated: lastUpdated, ridesHere: isSandbox,
            loadID: loads.withLock { count in
                count += 1
                return count
            })
    }

    /// A battery level as a whole percentage: GBFS 3 writes 0…1, some feeds 0…100; anything else
    /// (negative, huge, not a number) is left out rather than trusted.
    static func percent(_ value: Double) -> Int? {
        guard value.isFinite, value >= 0, value <= 100 else { return nil }
        return Int((value <= 1 ? value * 100 : value).rounded())
    }

    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        switch error {
        case .keyNotFound(let key, let context): return "'\((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))' is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "not JSON" : "'\(path)' is not valid"
        @unknown default: return "not valid"
        }
    }
}

extension Optional {
    /// `map` with an async throwing transform.
    func asyncMap<Mapped, Failure: Error>(_ transform: (Wrapped) async throws(Failure) -> Mapped) async throws(Failure) -> Mapped? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
