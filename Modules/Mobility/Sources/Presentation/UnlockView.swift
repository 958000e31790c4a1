import AtriumSDK

struct UnlockView: SceneView {
    let routes: MobilityRoutes

    func screen(for state: UnlockModel.State) -> Screen {
        Screen(
            title: "Scan to unlock",
            content: [
                routes.tabs(mapSelected: true),
                .text(Text("Type the code printed on the vehicle, such as MIA-7Q2K.")),
                .form(
                    Form(
                        action: routes.unlockCode(),
                        content: [
                            .field(
                                Field(
                                    .text, name: "code", label: "Vehicle code", value: state.code, error: state.error, isRequired: true, maxLength: 32
                                )),
                            .button(Button("Unlock")),
                        ])),
                .link(Link("Back to the map", to: routes.map(MapAddress()))),
            ])
    }
}
