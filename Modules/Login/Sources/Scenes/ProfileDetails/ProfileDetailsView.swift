import AtriumSDK

/// The profile's details, each row "Not set" until filled in.
struct ProfileDetailsView: SceneView {
    func screen(for account: Account) -> Screen {
        func row(_ label: Wording, _ value: String) -> UINode {
            .section(Section(content: [.text(Text(label, style: .caption)), .text(value.isEmpty ? Text("Not set") : Text(verbatim: value))]))
        }
        return Screen(
            title: "Profile details",
            content: [
                .progress(ProgressBar(value: account.completion, label: "Profile completion")),
                .list(
                    ItemList(content: [
                        row("Given name", account.givenName), row("Family name", account.familyName), row("Nick name", account.nickname),
                        row("Email", account.email),
                    ])
                ),
                .link(Link("Complete your profile", to: ProfileDetailsEditScene.page(), style: .button)),
                .link(Link("Back to profile", to: ProfileScene.page())),
            ]
        )
    }
}
