import Foundation

/// The part of the map in view: a centre and a zoom level (10 to 18; each level halves the span).
public struct MapViewport: Sendable, Hashable {
    public static let zooms = 10...18

    public var centre: GeoPoint
    public var zoom: Int

    public init(centre: GeoPoint, zoom: Int) {
        self.centre = centre
        self.zoom = min(max(zoom, Self.zooms.lowerBound), Self.zooms.upperBound)
    }

    /// Degrees of latitude (and longitude) in view: 0.04° at zoom 14, about 4 km.
    public var span: Double { 0.04 * pow(2, Double(14 - zoom)) }

    public var box: GeoBox {
        GeoBox(
            south: centre.latitude - span / 2, west: centre.longitude - span / 2, north: centre.latitude + span / 2,
            east: centre.longitude + span / 2)
    }

    /// The closest view that shows all of `box`.
    public static func framing(_ box: GeoBox) -> MapViewport {
        let centre = GeoPoint(latitude: (box.south + box.north) / 2, longitude: (box.west + box.east) / 2)
        let needed = max(box.north - box.south, box.east - box.west) * 1.1
        var zoom = zooms.upperBound
        while zoom > zooms.lowerBound && MapViewport(centre: centre, zoom: zoom).span < needed { zoom -= 1 }
        return MapViewport(centre: centre, zoom: zoom)
    }

    /// The first view of a fleet: where its vehicles and stations are densest, not the middle of
    /// all of them. Real feeds carry outliers (a vehicle reported at 0,0, a station with latitude
    /// and longitude swapped) and some span continents; their mean is open sea. The points are
    /// counted in cells of about 2 km; the view frames what lies within about 10 km of the fullest
    /// cell (closer than zoom 16 only for a single point). Nil for no points.
    public static func firstView(of points: [GeoPoint]) -> MapViewport? {
        guard !points.isEmpty else { return nil }
        let cell = 0.02
        func key(_ point: GeoPoint) -> Int64 {
            Int64((point.latitude / cell).rounded(.down)) * 100_000 + Int64((point.longitude / cell).rounded(.down))
        }
        var counts: [Int64: (count: Int, first: GeoPoint)] = [:]
        var fullest: (count: Int, point: GeoPoint) = (0, points[0])
        for point in points {
            let entry = counts[key(point), default: (0, point)]
            counts[key(point)] = (entry.count + 1, entry.first)
            if entry.count + 1 > fullest.count { fullest = (entry.count + 1, entry.first) }
        }
        let reach = 0.1
        let near = points.filter { abs($0.latitude - fullest.point.latitude) <= reach && abs($0.longitude - fullest.point.longitude) <= reach }
        guard let box = GeoBox.around(near) else { return nil }
        let view = framing(box)
        return MapViewport(centre: view.centre, zoom: min(view.zoom, 16))
    }

    /// The view moved by half its span (north is +1 rows, east +1 columns).
    public func moved(rows: Int, columns: Int) -> MapViewport {
        let step = span / 2
        let latitude = min(max(centre.latitude + Double(rows) * step, -85), 85)
        var longitude = centre.longitude + Double(columns) * step
        if longitude > 180 { longitude -= 360 }
        if longitude < -180 { longitude += 360 }
        return MapViewport(centre: GeoPoint(latitude: latitude, longitude: longitude), zoom: zoom)
    }
}
