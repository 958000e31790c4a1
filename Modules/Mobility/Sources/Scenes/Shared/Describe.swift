import AtriumSDK
import Foundation

/// How the pages word vehicles, stations, distances and prices.
enum Describe {
    static func distance(_ metres: Double) -> String {
        guard metres.isFinite, metres >= 0 else { return "unknown distance" }
        return metres < 1000 ? "\(Int((metres / 10).rounded()) * 10) m" : String(format: "%.1f km", metres / 1000)
    }

    static func vehicle(_ vehicle: Vehicle, in fleet: Fleet) -> String {
        var parts = [vehicle.typeID.flatMap { fleet.types[$0] }?.displayName ?? "Vehicle"]
        if let battery = vehicle.batteryPercent { parts.append("\(battery)% battery") }
        if let range = vehicle.rangeMetres { parts.append("\(distance(range)) range") }
        return parts.joined(separator: " · ")
    }

    static func station(_ station: Station) -> String {
        var parts = [station.name, "\(station.vehiclesAvailable) vehicle\(station.vehiclesAvailable == 1 ? "" : "s")"]
        if let docks = station.docksAvailable { parts.append("\(docks) dock\(docks == 1 ? "" : "s")") }
        return parts.joined(separator: " · ")
    }

    static func money(_ amount: Decimal, _ currency: String) -> Money { Money(amount, currency: currency) }
}
