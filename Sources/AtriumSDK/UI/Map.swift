/// A map around a centre with markers (vehicles, stations, the user).
public struct Map: Sendable, Equatable, Codable {
    public struct Coordinate: Sendable, Equatable, Codable {
        public var latitude: Double
        public var longitude: Double

        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    public struct Marker: Sendable, Equatable, Codable {
        public var id: String
        public var coordinate: Coordinate
        public var title: String
        public var kind: String

        public init(id: String, coordinate: Coordinate, title: String, kind: String) {
            self.id = id
            self.coordinate = coordinate
            self.title = title
            self.kind = kind
        }
    }

    public var title: String
    public var center: Coordinate
    /// How many degrees of latitude and longitude the map spans around its centre.
    public var span: Double
    public var markers: [Marker]

    public init(title: String, center: Coordinate, span: Double = 0.02, markers: [Marker]) {
        self.title = title
        self.center = center
        self.span = span
        self.markers = markers
    }
}
