import Foundation

/// The GBFS files the map reads, for versions 2.3 and 3.0 (their differences handled here).
enum GBFSDocuments {
    /// Every file: `last_updated`, `ttl`, `version`, `data`.
    struct File<Payload: Decodable>: Decodable {
        var lastUpdated: GBFSValue.Timestamp?
        var ttl: Int?
        var version: String?
        var data: Payload

        enum CodingKeys: String, CodingKey {
            case lastUpdated = "last_updated"
            case ttl, version, data
        }
    }

    struct Feed: Decodable { var name: String; var url: String }

    /// `gbfs.json`: v3 lists `data.feeds`; v2 lists them per language, `data.<language>.feeds`.
    struct Discovery: Decodable {
        var feeds: [Feed]

        init(from decoder: any Decoder) throws {
            struct Feeds: Decodable { var feeds: [Feed] }
            if let direct = try? Feeds(from: decoder) {
                feeds = direct.feeds
                return
            }
            let byLanguage = try [String: Feeds](from: decoder)
            let language = (decoder.userInfo[GBFSClient.languageKey] as? String) ?? "en"
            feeds = (byLanguage[language] ?? byLanguage["en"] ?? byLanguage.sorted { $0.key < $1.key }.first?.value)?.feeds ?? []
        }
    }

    struct SystemInformation: Decodable {
        var name: GBFSValue.Localized?
    }

    struct VehicleTypes: Decodable {
        struct VehicleTypeEntry: Decodable {
            var vehicleTypeID: String
            var formFactor: String?
            var propulsionType: String?
            var name: GBFSValue.Localized?
            var defaultPricingPlanID: String?

            enum CodingKeys: String, CodingKey {
                case vehicleTypeID = "vehicle_type_id"
                case formFactor = "form_factor"
                case propulsionType = "propulsion_type"
                case name
                case defaultPricingPlanID = "default_pricing_plan_id"
            }
        }

        var vehicleTypes: [VehicleTypeEntry]

        enum CodingKeys: String, CodingKey { case vehicleTypes = "vehicle_types" }
    }

    struct RentalURIs: Decodable { var web: String? }

    struct StationInformation: Decodable {
        struct StationEntry: Decodable {
            var stationID: String
            var name: GBFSValue.Localized?
            var lat: GBFSValue.Number
            var lon: GBFSValue.Number
            var address: String?
            var capacity: Int?
            var rentalURIs: RentalURIs?

            enum CodingKeys: String, CodingKey {
                case stationID = "station_id"
                case name, lat, lon, address, capacity
                case rentalURIs = "rental_uris"
            }
        }

        var stations: [StationEntry]
    }

    struct StationStatus: Decodable {
        struct TypeCount: Decodable {
            var vehicleTypeID: String
            var count: Int

            enum CodingKeys: String, CodingKey {
                case vehicleTypeID = "vehicle_type_id"
                case count
            }
        }

        struct StatusEntry: Decodable {
            var stationID: String
            var vehiclesAvailable: Int?
            var bikesAvailable: Int?
            var docksAvailable: Int?
            var typesAvailable: [TypeCount]?
            var lastReported: GBFSValue.Timestamp?

            enum CodingKeys: String, CodingKey {
                case stationID = "station_id"
                case vehiclesAvailable = "num_vehicles_available"
                case bikesAvailable = "num_bikes_available"
                case docksAvailable = "num_docks_available"
                case typesAvailable = "vehicle_types_available"
                case lastReported = "last_reported"
            }
        }

        var stations: [StatusEntry]
    }

    /// v3 `vehicle_status` (`vehicles`, `vehicle_id`) or v2 `free_bike_status` (`bikes`, `bike_id`).
    struct VehicleStatus: Decodable {
        struct VehicleEntry: Decodable {
            var id: String
            var lat: GBFSValue.Number?
            var lon: GBFSValue.Number?
            var isReserved: GBFSValue.Flag?
            var isDisabled: GBFSValue.Flag?
            var vehicleTypeID: String?
            var stationID: String?
            var currentRangeMeters: GBFSValue.Number?
            var currentFuelPercent: GBFSValue.Number?
            var rentalURIs: RentalURIs?

            enum CodingKeys: String, CodingKey {
                case vehicleID = "vehicle_id"
                case bikeID = "bike_id"
                case lat, lon
                case isReserved = "is_reserved"
                case isDisabled = "is_disabled"
                case vehicleTypeID = "vehicle_type_id"
                case stationID = "station_id"
                case currentRangeMeters = "current_range_meters"
                case currentFuelPercent = "current_fuel_percent"
                case rentalURIs = "rental_uris"
            }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                id = try container.decodeIfPresent(String.self, forKey: .vehicleID) ?? container.decode(String.self, forKey: .bikeID)
                lat = try container.decodeIfPresent(GBFSValue.Number.self, forKey: .lat)
                lon = try container.decodeIfPresent(GBFSValue.Number.self, forKey: .lon)
                isReserved = try container.decodeIfPresent(GBFSValue.Flag.self, forKey: .isReserved)
                isDisabled = try container.decodeIfPresent(GBFSValue.Flag.self, forKey: .isDisabled)
                vehicleTypeID = try container.decodeIfPresent(String.self, forKey: .vehicleTypeID)
                stationID = try container.decodeIfPresent(String.self, forKey: .stationID)
                currentRangeMeters = try container.decodeIfPresent(GBFSValue.Number.self, forKey: .currentRangeMeters)
                currentFuelPercent = try container.decodeIfPresent(GBFSValue.Number.self, forKey: .currentFuelPercent)
                rentalURIs = try container.decodeIfPresent(RentalURIs.self, forKey: .rentalURIs)
            }
        }

        var vehicles: [VehicleEntry]

        enum CodingKeys: String, CodingKey { case vehicles, bikes }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            vehicles = try container.decodeIfPresent([VehicleEntry].self, forKey: .vehicles) ?? container.decode([VehicleEntry].self, forKey: .bikes)
        }
    }

    struct PricingPlans: Decodable {
        struct Rate: Decodable { var rate: GBFSValue.Number }

        struct Plan: Decodable {
            var planID: String
            var name: GBFSValue.Localized?
            var currency: String
            var price: GBFSValue.Number
            var perMinPricing: [Rate]?

            enum CodingKeys: String, CodingKey {
                case planID = "plan_id"
                case name, currency, price
                case perMinPricing = "per_min_pricing"
            }
        }

        var plans: [Plan]
    }
}
