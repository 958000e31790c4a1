import AtriumSDK

/// A vehicle's or a station's page: `/map/vehicles/{id}`, `/map/stations/{id}`.
struct ItemAddress: RouteParameters {
    var id: String
}
