import AtriumSDK
import Foundation

/// How the pages word vehicles, stations, distances and prices.
enum Describe {
    /// Metres to the nearest ten under a kilometre, else kilometres with one decimal, each written
    /// as the visitor's language writes numbers.
    static func distance(_ metres: Double) -> Wording {
        guard metres.isFinite, metres >= 0 else { return "unknown distance" }
        return metres < 1000 ? "\(Int((metres / 10).rounded()) * 10) m" : "\(metres / 1000, fractionDigits: 1) km"
    }

    /// The vehicle's type (the feed's name for it, as it is), battery and range.
    static func vehicle(_ vehicle: Vehicle, in fleet: Fleet) -> Wording {
        let type = vehicle.typeID.flatMap { fleet.types[$0] }?.displayWording ?? "Vehicle"
        switch (vehicle.batteryPercent, vehicle.rangeMetres) {
        case (let battery?, let range?): return "\(type) · \(battery)% battery · \(distance(range)) range"
        case (let battery?, nil): return "\(type) · \(battery)% battery"
        case (nil, let range?): return "\(type) · \(distance(range)) range"
        case (nil, nil): return type
        }
    }

    /// The station's name (as the feed has it), vehicles and docks, each counted in the
    /// language's plural.
    static func station(_ station: Station) -> Wording {
        let vehicles: Wording = "\(station.vehiclesAvailable) vehicles"
        guard let docks = station.docksAvailable else { return "\(station.name) · \(vehicles)" }
        let free: Wording = "\(docks) docks"
        return "\(station.name) · \(vehicles) · \(free)"
    }

    static func money(_ amount: Decimal, _ currency: String) -> Money { Money(amount, currency: currency) }
}
