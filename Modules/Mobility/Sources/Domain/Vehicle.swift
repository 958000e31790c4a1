/// A vehicle of a feed, available to ride (reserved and disabled ones are left out when loading).
public struct Vehicle: Sendable, Hashable {
    public var id: String
    public var point: GeoPoint
    public var typeID: String?
    public var stationID: String?
    /// 0 to 100, when the feed says.
    public var batteryPercent: Int?
    public var rangeMetres: Double?
    /// The operator's page for renting it (`rental_uris.web`).
    public var rentalURL: String?
    /// The sandbox's code printed on the vehicle, typed to unlock it.
    public var code: String?

    public init(
        id: String, point: GeoPoint, typeID: String? = nil, stationID: String? = nil, batteryPercent: Int? = nil, rangeMetres: Double? = nil,
        rentalURL: String? = nil, code: String? = nil
    ) {
        self.id = id
        self.point = point
        self.typeID = typeID
        self.stationID = stationID
        self.batteryPercent = batteryPercent
        self.rangeMetres = rangeMetres
        self.rentalURL = rentalURL
        self.code = code
    }
}
