import AtriumSDK

struct PantryView: SceneView {
    let choose: Route<NoParameters>
    let reset: Route<NoParameters>
    let discover: Route<NoParameters>

    func screen(for state: PantryModel.State) -> Screen {
        let count = state.choices.filter(\.isAvailable).count
        var content: [UINode] = [
            .text(
                Text(
                    state.usesPantry
                        ? "You have \(count) ingredient\(count == 1 ? "" : "s")."
                        : "These are the recipe service's ingredients. Switch off what you don't have.")),
            .form(
                Form(
                    action: choose(),
                    content: state.choices.map { .toggle(Toggle(name: "have[]", label: $0.name, isOn: $0.isAvailable, value: $0.name)) }
                        + [.button(Button("Save ingredients"))]
                )
            ),
        ]
        if state.usesPantry {
            content.append(.button(Button("Use the recipe service's list again", style: .secondary, action: reset())))
        }
        content.append(.link(Link("Back to Discover", to: discover())))
        return Screen(title: "Your ingredients", content: content)
    }
}
