import AtriumSDK

struct ProfileView: SceneView {
    let saveNotifications: Route<NoParameters>
    let details: Route<NoParameters>
    let signOut: Route<NoParameters>
    let profile: Route<NoParameters>

    func screen(for state: ProfileModel.State) -> Screen {
        let account = state.account
        var tabs: [UINode] = []
        if let map = state.mapPath {
            tabs = [.tabs(Tabs([Tabs.Tab(title: "Map", target: .path(map)), Tabs.Tab(title: "Profile", target: profile(), isSelected: true)]))]
        }
        return Screen(
            title: "Profile",
            content: tabs + [
                .image(
                    Image(
                        source: account.pictureURL.isEmpty ? nil : account.pictureURL,
                        alt: "Picture of \(account.displayName)",
                        placeholder: account.initials,
                        shape: .circle
                    )
                ),
                .heading(Heading(account.displayName)),
                .text(Text(account.email, style: .caption)),
                .section(
                    Section(
                        title: "Balance",
                        content: [
                            .money(Money(minorUnits: account.balanceMinorUnits, currency: "GBP")),
                            .text(Text(state.rides == 1 ? "1 Ride" : "\(state.rides) Rides")),
                        ]
                    )
                ),
                .form(
                    Form(
                        action: saveNotifications(),
                        content: [
                            .toggle(Toggle(name: "push", label: "Push", isOn: account.pushNotifications)),
                            .toggle(Toggle(name: "news", label: "News", isOn: account.newsNotifications)),
                            .button(Button("Save notifications", style: .secondary)),
                        ]
                    )
                ),
                .link(Link("Profile details", to: details(), style: .button)),
                .button(Button("Logout", style: .destructive, action: signOut())),
            ]
        )
    }
}
