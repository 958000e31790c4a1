import Foundation

/// The sandbox city: Miami (25.7617, -80.1918, the sign the original lost put back), with 36 stations
/// and 240 vehicles of three types, the same every time (a seeded generator), kept in storage.
struct SandboxCity: Codable, Sendable, Equatable {
    struct StationPlace: Codable, Sendable, Equatable {
        var id: String
        var name: String
        var address: String
        var latitude: Double
        var longitude: Double
        var capacity: Int
    }

    struct VehiclePlace: Codable, Sendable, Equatable {
        /// Also its code, printed on the vehicle and typed to unlock it.
        var id: String
        var typeID: String
        var latitude: Double
        var longitude: Double
        var stationID: String?
        var batteryPercent: Int?
    }

    static let centre = (latitude: 25.7617, longitude: -80.1918)
    static let stationCount = 36
    static let vehicleCount = 240

    var stations: [StationPlace]
    var vehicles: [VehiclePlace]

    static func generate() -> SandboxCity {
        // The same city on every host.
        var random = SeededGenerator(seed: 0x4D49_414D_4931_3736)
        let avenues = ["Biscayne Blvd", "Brickell Ave", "NE 2nd Ave", "SW 1st Ave", "N Miami Ave", "NW 3rd Ave"]
        let streets = ["NE 14th St", "NE 8th St", "Flagler St", "SE 1st St", "SW 8th St", "SE 15th Rd"]
        var stations: [StationPlace] = []
        for row in 0..<6 {
            for column in 0..<6 {
                let index = row * 6 + column
                let latitude = centre.latitude - 0.027 + Double(row) * 0.011 + (random.unit() - 0.5) * 0.003
                let longitude = centre.longitude - 0.027 + Double(column) * 0.011 + (random.unit() - 0.5) * 0.003
                let name = "\(avenues[column]) & \(streets[row])"
                stations.append(
                    StationPlace(
                        id: "mia-\(index + 1)", name: name, address: "\(100 + index * 7) \(avenues[column]), Miami, FL",
                        latitude: (latitude * 1e6).rounded() / 1e6, longitude: (longitude * 1e6).rounded() / 1e6, capacity: 10 + random.below(11)))
            }
        }
        let letters = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        var codes: Set<String> = []
        var vehicles: [VehiclePlace] = []
        while vehicles.count < vehicleCount {
            let code = "MIA-" + String((0..<4).map { _ in letters[random.below(letters.count)] })
            guard codes.insert(code).inserted else { continue }
            let index = vehicles.count
            let typeID = index % 10 < 4 ? "bike" : (index % 10 < 7 ? "ebike" : "scooter")
            var vehicle = VehiclePlace(id: code, typeID: typeID, latitude: 0, longitude: 0, stationID: nil, batteryPercent: nil)
            if typeID != "scooter" && index < 96 {
                // Docked: at a station, up to its capacity.
                let station = stations[index % stationCount]
                vehicle.stationID = station.id
                vehicle.latitude = station.latitude
                vehicle.longitude = station.longitude
            } else {
                vehicle.latitude = ((centre.latitude + (random.unit() - 0.5) * 0.07) * 1e6).rounded() / 1e6
                vehicle.longitude = ((centre.longitude + (random.unit() - 0.5) * 0.07) * 1e6).rounded() / 1e6
            }
            if typeID != "bike" { vehicle.batteryPercent = 20 + random.below(81) }
            vehicles.append(vehicle)
        }
        return SandboxCity(stations: stations, vehicles: vehicles)
    }
}
