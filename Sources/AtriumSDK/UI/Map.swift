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

    /// Raster tiles drawn under the markers, for people online.
    public struct TileLayer: Sendable, Equatable, Codable {
        /// An address with `{z}`, `{x}` and `{y}`, such as `https://tile.openstreetmap.org/{z}/{x}/{y}.png`.
        public var template: String
        /// The tiles' credit, shown under the map.
        public var attribution: String

        public init(template: String, attribution: String) {
            self.template = template
            self.attribution = attribution
        }
    }

    public var title: String
    public var center: Coordinate
    /// How many degrees of latitude and longitude the map spans around its centre.
    public var span: Double
    public var markers: [Marker]
    public var tiles: TileLayer?
    /// Offer "Use my location" (with JavaScript): the page again with `lat` and `lon` of the browser's position.
    public var locatesUser: Bool

    public init(title: String, center: Coordinate, span: Double = 0.02, markers: [Marker], tiles: TileLayer? = nil, locatesUser: Bool = false) {
        self.title = title
        self.center = center
        self.span = span
        self.markers = markers
        self.tiles = tiles
        self.locatesUser = locatesUser
    }
}
