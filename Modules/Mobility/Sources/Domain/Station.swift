import Foundation

/// A station of a feed with its availability.
public struct Station: Sendable, Hashable {
    public var id: String
    public var name: String
    public var point: GeoPoint
    public var address: String?
    public var capacity: Int?
    public var vehiclesAvailable: Int
    public var docksAvailable: Int?
    /// Vehicles available by vehicle type id, when the feed says.
    public var availableByType: [String: Int]
    public var lastReported: Date?
    public var rentalURL: String?

    public init(
        id: String, name: String, point: GeoPoint, address: String? = nil, capacity: Int? = nil, vehiclesAvailable: Int = 0,
        docksAvailable: Int? = nil, availableByType: [String: Int] = [:], lastReported: Date? = nil, rentalURL: String? = nil
    ) {
        self.id = id
        self.name = name
        self.point = point
        self.address = address
        self.capacity = capacity
        self.vehiclesAvailable = vehiclesAvailable
        self.docksAvailable = docksAvailable
        self.availableByType = availableByType
        self.lastReported = lastReported
        self.rentalURL = rentalURL
    }
}
