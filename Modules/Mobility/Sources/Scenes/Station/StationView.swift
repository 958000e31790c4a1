import AtriumSDK

/// The station's name, address, vehicles available by type, docks and when the data was reported.
struct StationView: SceneView {
    let tabs: MapTabs

    func screen(for state: StationScene.State) -> Screen {
        let station = state.station
        var content: [UINode] = [tabs.node()]
        if let address = station.address { content.append(.text(Text(verbatim: address, style: .caption))) }
        content.append(.text(Text("\(station.vehiclesAvailable) vehicles available", style: .strong)))
        let byType = station.availableByType.filter { $0.value > 0 }.sorted { $0.key < $1.key }
        if !byType.isEmpty {
            content.append(
                .list(
                    ItemList(
                        title: "By type",
                        content: byType.map { typeID, count in
                            .text(Text("\(state.fleet.types[typeID]?.displayWording ?? .verbatim(typeID)): \(count)"))
                        })))
        }
        if let docks = station.docksAvailable { content.append(.text(Text("\(docks) docks available"))) }
        if let reported = station.lastReported ?? state.fleet.lastUpdated {
            content.append(.text(Text("Updated \(reported, date: .abbreviated, time: .shortened) UTC", style: .caption)))
        }
        if !state.fleet.ridesHere, let rental = station.rentalURL {
            content.append(.link(Link("Rent with the operator", to: .external(rental), style: .button)))
        }
        content.append(.link(Link("Back to the map", to: MapScene.page(MapAddress()))))
        return Screen(title: .verbatim(station.name), content: content)
    }
}
