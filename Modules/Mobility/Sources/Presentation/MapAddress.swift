import AtriumSDK

/// `/map?lat=…&lon=…&zoom=…` (each optional: the first view frames the feed), and `ended` after a ride.
struct MapAddress: RouteParameters {
    var lat: Double?
    var lon: Double?
    var zoom: Int?
    var ended: Bool?
}
