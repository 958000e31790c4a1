/// A latitude/longitude rectangle (the part of the map in view).
public struct GeoBox: Sendable, Hashable {
    public var south: Double
    public var west: Double
    public var north: Double
    public var east: Double

    public init(south: Double, west: Double, north: Double, east: Double) {
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    public func contains(_ point: GeoPoint) -> Bool {
        (south...north).contains(point.latitude) && (west...east).contains(point.longitude)
    }

    /// The smallest box around `points`, or nil for none.
    public static func around(_ points: [GeoPoint]) -> GeoBox? {
        guard let first = points.first else { return nil }
        var box = GeoBox(south: first.latitude, west: first.longitude, north: first.latitude, east: first.longitude)
        for point in points.dropFirst() {
            box.south = min(box.south, point.latitude)
            box.north = max(box.north, point.latitude)
            box.west = min(box.west, point.longitude)
            box.east = max(box.east, point.longitude)
        }
        return box
    }
}
