import AtriumSDK

struct ProfileDetailsView: SceneView {
    let details: Route<NoParameters>
    let edit: Route<NoParameters>
    let save: Route<NoParameters>
    let profile: Route<NoParameters>

    func screen(for state: ProfileDetailsModel.State) -> Screen {
        let account = state.account
        let completion = ProgressBar(value: account.completion, label: "Profile completion")
        guard state.isEditing else {
            func row(_ label: String, _ value: String) -> UINode {
                .section(Section(content: [.text(Text(label, style: .caption)), .text(Text(value.isEmpty ? "Not set" : value))]))
            }
            return Screen(
                title: "Profile details",
                content: [
                    .progress(completion),
                    .list(
                        ItemList(content: [
                            row("Given name", account.givenName), row("Family name", account.familyName), row("Nick name", account.nickname),
                            row("Email", account.email),
                        ])
                    ),
                    .link(Link("Complete your profile", to: edit(), style: .button)),
                    .link(Link("Back to profile", to: profile())),
                ]
            )
        }
        return Screen(
            title: "Complete your profile",
            content: [
                .progress(completion),
                .form(
                    Form(
                        action: save(),
                        content: [
                            .field(
                                Field(
                                    name: "givenName", label: "Given name", value: state.form.givenName ?? "",
                                    error: state.errors.givenName?.description,
                                    maxLength: TextLimit.name.characters)),
                            .field(
                                Field(
                                    name: "familyName", label: "Family name", value: state.form.familyName ?? "",
                                    error: state.errors.familyName?.description, maxLength: TextLimit.name.characters)),
                            .field(
                                Field(
                                    name: "nickname", label: "Nick name", value: state.form.nickname ?? "", error: state.errors.nickname?.description,
                                    maxLength: TextLimit.name.characters)),
                            .field(
                                Field(
                                    name: "picture",
                                    label: "Picture (https address)",
                                    value: state.form.picture ?? "",
                                    error: state.errors.picture?.description,
                                    placeholder: "https://…",
                                    maxLength: TextLimit.address.characters
                                )
                            ),
                            .button(Button("Save")),
                        ]
                    )
                ),
                .link(Link("Cancel", to: details())),
            ]
        )
    }
}
