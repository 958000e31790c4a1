import AtriumSDK

/// The vehicle's type, battery or range, position, and how to unlock it.
struct VehicleView: SceneView {
    let tabs: MapTabs

    func screen(for state: VehicleScene.State) -> Screen {
        let vehicle = state.vehicle
        let type = vehicle.typeID.flatMap { state.fleet.types[$0] }
        var content: [UINode] = [tabs.node()]
        if let error = state.error { content.append(.message(Message(error, kind: .error))) }
        content.append(.heading(Heading(type?.displayWording ?? "Vehicle")))
        if let code = vehicle.code { content.append(.text(Text("Code \(code)", style: .strong))) }
        if let battery = vehicle.batteryPercent { content.append(.progress(ProgressBar(value: Double(battery) / 100, label: "Battery"))) }
        if let range = vehicle.rangeMetres { content.append(.text(Text("Range: \(Describe.distance(range))"))) }
        if let station = vehicle.stationID.flatMap(state.fleet.station(id:)) {
            content.append(.link(Link("At \(station.name)", to: StationScene.page(ItemAddress(id: station.id)))))
        }
        content.append(
            .map(
                Map(
                    title: "Where it is", center: Map.Coordinate(latitude: vehicle.point.latitude, longitude: vehicle.point.longitude), span: 0.005,
                    markers: [
                        Map.Marker(
                            id: vehicle.id, coordinate: Map.Coordinate(latitude: vehicle.point.latitude, longitude: vehicle.point.longitude),
                            title: type?.displayWording ?? "Vehicle", kind: "vehicle")
                    ])))
        if state.fleet.ridesHere {
            if let plan = type?.pricingPlanID.flatMap({ state.fleet.plans[$0] }) {
                content.append(
                    .text(
                        Text(
                            "\(Describe.money(plan.unlockPrice, plan.currency)) to unlock, then \(Describe.money(plan.perMinute, plan.currency)) a minute"
                        )))
            }
            content.append(.button(Button("Unlock", action: VehicleScene.unlock(ItemAddress(id: vehicle.id)))))
        } else if let rental = vehicle.rentalURL {
            content.append(.link(Link("Rent it with the operator", to: .external(rental), style: .button)))
        } else {
            content.append(.text(Text("Rent it in the operator's app.")))
        }
        content.append(.link(Link("Back to the map", to: MapScene.page(MapAddress()))))
        return Screen(title: type?.displayWording ?? "Vehicle", content: content)
    }
}
