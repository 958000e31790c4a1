/// A map around a centre with markers (vehicles, stations, the user).
public struct Map: Sendable, Equatable, Codable {
    /// A point on the Earth, in degrees.
    public struct Coordinate: Sendable, Equatable, Codable {
        /// Degrees north (negative: south).
        public var latitude: Double
        /// Degrees east (negative: west).
        public var longitude: Double

        /// The point at `latitude`, `longitude`.
        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// One thing on the map.
    public struct Marker: Sendable, Equatable, Codable {
        /// What the marker stands for, unique on the map.
        public var id: String
        /// Where it is.
        public var coordinate: Coordinate
        /// What it is, for the list of markers and screen readers.
        public var title: Wording
        /// Its kind (`vehicle`, `station`), which sets how it is drawn.
        public var kind: String

        /// A marker for `id` at `coordinate`.
        public init(id: String, coordinate: Coordinate, title: Wording, kind: String) {
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

        /// Tiles from `template`, credited with `attribution`.
        public init(template: String, attribution: String) {
            self.template = template
            self.attribution = attribution
        }
    }

    /// What the map shows, as its caption.
    public var title: Wording
    /// The point at the middle of the map.
    public var center: Coordinate
    /// How many degrees of latitude and longitude the map spans around its centre.
    public var span: Double
    /// The things on it.
    public var markers: [Marker]
    /// The tiles drawn under the markers, if any.
    public var tiles: TileLayer?
    /// Offer "Use my location" (with JavaScript): the page again with `lat` and `lon` of the browser's position.
    public var locatesUser: Bool

    /// A map of `markers` around `center`, `span` degrees across.
    public init(title: Wording, center: Coordinate, span: Double = 0.02, markers: [Marker], tiles: TileLayer? = nil, locatesUser: Bool = false) {
        self.title = title
        self.center = center
        self.span = span
        self.markers = markers
        self.tiles = tiles
        self.locatesUser = locatesUser
    }
}
