import AtriumSDK

struct PantryView: SceneView {
    func screen(for state: PantryScene.State) -> Screen {
        let count = state.choices.filter(\.isAvailable).count
        var content: [UINode] = [
            .text(
                state.usesPantry
                    ? Text("You have \(count) ingredients.")
                    : Text("These are the recipe service's ingredients. Switch off what you don't have.")),
            .form(
                Form(
                    action: PantryScene.choose(),
                    content: state.choices.map { .toggle(Toggle(name: "have[]", label: .verbatim($0.name), isOn: $0.isAvailable, value: $0.name)) }
                        + [.button(Button("Save ingredients"))]
                )
            ),
        ]
        if state.usesPantry {
            content.append(.button(Button("Use the recipe service's list again", style: .secondary, action: PantryScene.reset())))
        }
        content.append(.link(Link("Back to Discover", to: DiscoverScene.page())))
        return Screen(title: "Your ingredients", content: content)
    }
}
