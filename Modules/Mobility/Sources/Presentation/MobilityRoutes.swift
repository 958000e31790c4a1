import AtriumSDK

/// The module's routes, as the views link to them.
struct MobilityRoutes: Sendable {
    let map: Route<MapAddress>
    let vehicle: Route<ItemAddress>
    let station: Route<ItemAddress>
    let unlockPage: Route<NoParameters>
    let unlockCode: Route<NoParameters>
    let unlockVehicle: Route<ItemAddress>
    let endRide: Route<NoParameters>
    /// Where the Profile tab leads.
    let profile: RouteName

    /// The map at a viewport.
    func map(_ viewport: MapViewport) -> LinkTarget {
        map(
            MapAddress(
                lat: (viewport.centre.latitude * 1e5).rounded() / 1e5, lon: (viewport.centre.longitude * 1e5).rounded() / 1e5, zoom: viewport.zoom))
    }

    /// The app's two tabs, as the original had them.
    func tabs(mapSelected: Bool) -> UINode {
        .tabs(
            Tabs([Tabs.Tab(title: "Map", target: map(MapAddress()), isSelected: mapSelected), Tabs.Tab(title: "Profile", target: .named(profile))]))
    }
}
