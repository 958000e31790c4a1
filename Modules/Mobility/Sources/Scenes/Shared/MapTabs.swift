import AtriumSDK

/// The tabs above every Mobility page, as the original app's tab bar: the map, and the profile
/// (whatever page the configuration names).
struct MapTabs: Sendable {
    let profile: RouteName

    func node(mapSelected: Bool = true) -> UINode {
        .tabs(
            Tabs([
                Tabs.Tab(title: "Map", target: MapScene.page(MapAddress()), isSelected: mapSelected),
                Tabs.Tab(title: "Profile", target: .named(profile)),
            ]))
    }
}
