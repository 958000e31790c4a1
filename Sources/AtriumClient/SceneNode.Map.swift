extension SceneNode {
    /// A map around `center` with `markers` (schema version 2; a version 1 client gets a list of
    /// the places instead).
    public struct Map: Sendable, Equatable, Decodable {
        public struct Coordinate: Sendable, Equatable, Decodable {
            public var latitude: Double
            public var longitude: Double
        }
        public struct Marker: Sendable, Equatable, Decodable {
            public var id: String
            public var coordinate: Coordinate
            public var title: String
            public var kind: String
        }
        /// Where map tiles come from (`{z}/{x}/{y}` in `template`) and whose they are.
        public struct TileLayer: Sendable, Equatable, Decodable {
            public var template: String
            public var attribution: String
        }
        public var title: String
        public var center: Coordinate
        /// How many degrees of latitude the map shows.
        public var span: Double
        public var markers: [Marker]
        public var tiles: TileLayer?
        /// Whether the map offers to show the person's own position.
        public var locatesUser: Bool
    }
}
