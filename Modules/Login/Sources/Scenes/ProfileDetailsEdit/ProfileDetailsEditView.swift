import AtriumSDK

/// Completing the profile: a field per detail, with its error.
struct ProfileDetailsEditView: SceneView {
    func screen(for state: ProfileDetailsEditScene.State) -> Screen {
        let completion = ProgressBar(value: state.account.completion, label: "Profile completion")
        return Screen(
            title: "Complete your profile",
            content: [
                .progress(completion),
                .form(
                    Form(
                        action: ProfileDetailsEditScene.save(),
                        content: [
                            .field(
                                Field(
                                    name: "givenName", label: "Given name", value: state.form.givenName ?? "",
                                    error: state.errors.givenName?.message,
                                    maxLength: TextLimit.name.characters)),
                            .field(
                                Field(
                                    name: "familyName", label: "Family name", value: state.form.familyName ?? "",
                                    error: state.errors.familyName?.message, maxLength: TextLimit.name.characters)),
                            .field(
                                Field(
                                    name: "nickname", label: "Nick name", value: state.form.nickname ?? "", error: state.errors.nickname?.message,
                                    maxLength: TextLimit.name.characters)),
                            .field(
                                Field(
                                    name: "picture",
                                    label: "Picture (https address)",
                                    value: state.form.picture ?? "",
                                    error: state.errors.picture?.message,
                                    placeholder: "https://…",
                                    maxLength: TextLimit.address.characters
                                )
                            ),
                            .button(Button("Save")),
                        ]
                    )
                ),
                .link(Link("Cancel", to: ProfileDetailsScene.page())),
            ]
        )
    }
}
