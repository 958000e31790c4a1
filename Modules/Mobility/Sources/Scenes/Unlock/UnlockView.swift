import AtriumSDK

struct UnlockView: SceneView {
    let tabs: MapTabs

    func screen(for state: UnlockScene.State) -> Screen {
        Screen(
            title: "Scan to unlock",
            content: [
                tabs.node(),
                .text(Text("Type the code printed on the vehicle, such as MIA-7Q2K.")),
                .form(
                    Form(
                        action: UnlockScene.unlock(),
                        content: [
                            .field(
                                Field(
                                    .text, name: "code", label: "Vehicle code", value: state.code, error: state.error, isRequired: true, maxLength: 32
                                )),
                            .button(Button("Unlock")),
                        ])),
                .link(Link("Back to the map", to: MapScene.page(MapAddress()))),
            ])
    }
}
