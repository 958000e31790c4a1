import AtriumSDK
import Foundation

/// "Map": the tabs, the ride (with "End ride"), the map with pan and zoom links, "Scan to unlock",
/// and "Nearby".
struct MapView: SceneView {
    let tabs: MapTabs
    let tiles: Map.TileLayer?

    func screen(for state: MapScene.State) -> Screen {
        var content: [UINode] = [tabs.node()]
        if let record = state.lastRide {
            let ended: Wording = "Ride ended: \(record.minutes) minutes, \(Describe.money(record.price, record.currency))."
            content.append(.message(Message(ended, kind: .success)))
        }
        if let ride = state.ride {
            content.append(
                .section(
                    Section(
                        title: "Your ride",
                        content: [
                            .text(
                                Text("\(ride.vehicleName) \(ride.vehicleID), since \(ride.startedAt, date: .omitted, time: .shortened) UTC")
                            ),
                            .text(
                                Text("\(state.rideMinutes) minutes so far: \(Describe.money(state.rideCost, ride.currency))")),
                            .button(Button("End ride", style: .destructive, action: MapScene.endRide())),
                        ])))
        }
        let inView = state.fleet.index.within(state.viewport.box)
        let hidden = max(inView.count - MapScene.markerLimit, 0)
        let markers = inView.prefix(MapScene.markerLimit).map { entry -> Map.Marker in
            let item = entry.item
            switch item {
            case .vehicle(let vehicle):
                return Map.Marker(
                    id: vehicle.id, coordinate: Map.Coordinate(latitude: vehicle.point.latitude, longitude: vehicle.point.longitude),
                    title: Describe.vehicle(vehicle, in: state.fleet), kind: "vehicle")
            case .station(let station):
                return Map.Marker(
                    id: station.id, coordinate: Map.Coordinate(latitude: station.point.latitude, longitude: station.point.longitude),
                    title: Describe.station(station), kind: "station")
            }
        }
        let viewport = state.viewport
        content.append(
            .map(
                Map(
                    title: hidden > 0
                        ? "\(state.fleet.systemName): \(markers.count) in view, \(hidden) more: zoom in to see them"
                        : "\(state.fleet.systemName): \(markers.count) in view",
                    center: Map.Coordinate(latitude: viewport.centre.latitude, longitude: viewport.centre.longitude), span: viewport.span,
                    markers: markers, tiles: tiles, locatesUser: true)))
        content.append(
            .row(
                Row(content: [
                    .link(Link("North", to: MapScene.page(MapAddress(viewport.moved(rows: 1, columns: 0))))),
                    .link(Link("South", to: MapScene.page(MapAddress(viewport.moved(rows: -1, columns: 0))))),
                    .link(Link("West", to: MapScene.page(MapAddress(viewport.moved(rows: 0, columns: -1))))),
                    .link(Link("East", to: MapScene.page(MapAddress(viewport.moved(rows: 0, columns: 1))))),
                    .link(Link("Zoom in", to: MapScene.page(MapAddress(MapViewport(centre: viewport.centre, zoom: viewport.zoom + 1))))),
                    .link(Link("Zoom out", to: MapScene.page(MapAddress(MapViewport(centre: viewport.centre, zoom: viewport.zoom - 1))))),
                ])))
        if state.fleet.ridesHere && state.ride == nil {
            content.append(.link(Link("Scan to unlock", to: UnlockScene.page(), style: .button)))
        }
        content.append(
            .list(
                ItemList(
                    title: "Nearby",
                    content: state.fleet.index.nearest(20, to: viewport.centre).map { entry in
                        switch entry.entry.item {
                        case .vehicle(let vehicle):
                            .link(
                                Link(
                                    "\(Describe.vehicle(vehicle, in: state.fleet)) · \(Describe.distance(entry.metres))",
                                    to: VehicleScene.page(ItemAddress(id: vehicle.id))))
                        case .station(let station):
                            .link(
                                Link(
                                    "\(Describe.station(station)) · \(Describe.distance(entry.metres))",
                                    to: StationScene.page(ItemAddress(id: station.id))))
                        }
                    })))
        return Screen(title: "Map", content: content)
    }
}
