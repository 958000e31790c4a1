import AtriumSDK

/// `/map?lat=…&lon=…&zoom=…` (each optional: the first view frames the feed), and `ended` after a ride.
struct MapAddress: RouteParameters {
    var lat: Double?
    var lon: Double?
    var zoom: Int?
    var ended: Bool?
}

extension MapAddress {
    /// The map's address for a view: its centre (rounded to about a metre) and zoom.
    init(_ viewport: MapViewport) {
        self.init(
            lat: (viewport.centre.latitude * 1e5).rounded() / 1e5, lon: (viewport.centre.longitude * 1e5).rounded() / 1e5, zoom: viewport.zoom)
    }
}
