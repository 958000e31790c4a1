import AtriumSDK

struct ProfileView: SceneView {
    func screen(for state: ProfileScene.State) -> Screen {
        let account = state.account
        var tabs: [UINode] = []
        if let map = state.mapPath {
            tabs = [
                .tabs(Tabs([Tabs.Tab(title: "Map", target: .path(map)), Tabs.Tab(title: "Profile", target: ProfileScene.page(), isSelected: true)]))
            ]
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
                .heading(Heading(verbatim: account.displayName)),
                .text(Text(verbatim: account.email, style: .caption)),
                .section(
                    Section(
                        title: "Balance",
                        content: [
                            .money(Money(minorUnits: account.balanceMinorUnits, currency: "GBP")),
                            .text(state.rides == 1 ? Text("1 Ride") : Text("\(state.rides) Rides")),
                        ]
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
