import AtriumSDK

struct ProfileView: SceneView {
    /// The Map tab's target (`login.mapRoute`); none: no tabs.
    var mapTab: LinkTarget?

    func screen(for state: ProfileScene.State) -> Screen {
        let account = state.account
        var tabs: [UINode] = []
        if let mapTab {
            tabs = [.tabs(Tabs([Tabs.Tab(title: "Map", target: mapTab), Tabs.Tab(title: "Profile", target: ProfileScene.page(), isSelected: true)]))]
        }
        let rides = state.charges.rides
        // Nothing charged yet: the app's balance, nought.
        let balances = state.charges.balanceList.isEmpty ? [Money(0, currency: "GBP")] : state.charges.balanceList
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
                .heading(Heading(verbatim: account.displayName)),
                .text(Text(verbatim: account.email, style: .caption)),
                .section(
                    Section(
                        title: "Balance",
                        content: balances.map { UINode.money($0) } + [.text(Text("\(rides) Rides"))]
                    )
                ),
                .form(
                    Form(
                        action: ProfileScene.saveNotifications(),
                        content: [
                            .toggle(Toggle(name: "push", label: "Push", isOn: account.pushNotifications)),
                            .toggle(Toggle(name: "news", label: "News", isOn: account.newsNotifications)),
                            .button(Button("Save notifications", style: .secondary)),
                        ]
                    )
                ),
                .link(Link("Profile details", to: ProfileDetailsScene.page(), style: .button)),
                .button(Button("Logout", style: .destructive, action: SignInScene.signOut())),
            ]
        )
    }
}
