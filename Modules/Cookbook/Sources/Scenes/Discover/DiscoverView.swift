import AtriumSDK

/// Discover: the available ingredients in a row, the recipes that can be cooked, and those that
/// need one more ingredient (with a button to say you have it).
struct DiscoverView: SceneView {
    /// Another module's page for the toolbar's settings button, chosen in the configuration.
    let settingsRoute: RouteName?

    func screen(for page: DiscoverScene.State) -> Screen {
        let discovery = page.discovery
        let toolbar: [UINode] = settingsRoute.map { [.link(Link("Settings", to: .named($0), style: .icon))] } ?? []
        let ingredients: [UINode] = discovery.available.map { ingredient in
            .section(
                Section(content: [
                    .image(Image(source: ingredient.image, alt: "", placeholder: Self.initial(of: ingredient.name))),
                    .text(Text(verbatim: ingredient.name)),
                    .button(
                        Button(
                            "Remove", style: .secondary, action: DiscoverScene.remove(IngredientName(ingredient: ingredient.name)),
                            accessibilityLabel: "Remove \(ingredient.name)")),
                ])
            )
        }
        let recipes: [UINode] = discovery.cookable.map { recipe in
            .card(Card(target: RecipeScene.page(RecipeNumber(id: recipe.number)), content: Self.picture(of: recipe)))
        }
        let nearly: [UINode] = (page.showsMissingOne ? discovery.missingOne : []).map { nearly in
            .section(
                Section(content: [
                    .card(
                        Card(
                            target: RecipeScene.page(RecipeNumber(id: nearly.recipe.number)),
                            content: Self.picture(of: nearly.recipe) + [.text(Text("Missing: \(nearly.missing)", style: .caption))]
                        )
                    ),
                    .button(
                        Button("I have \(nearly.missing)", style: .secondary, action: DiscoverScene.add(IngredientName(ingredient: nearly.missing)))),
                ])
            )
        }
        var content: [UINode] = [
            .row(Row(title: "Available ingredients", content: ingredients.isEmpty ? [.text(Text("None yet."))] : ingredients)),
            .link(Link(discovery.usesPantry ? "Edit your ingredients" : "Choose your ingredients", to: PantryScene.page())),
        ]
        content.append(
            .list(
                ItemList(
                    title: "Recipes",
                    content: recipes.isEmpty ? [.message(Message("No recipe can be made with these ingredients yet."))] : recipes
                )
            )
        )
        if !nearly.isEmpty { content.append(.list(ItemList(title: "Missing one ingredient", content: nearly))) }
        return Screen(title: "Discover", toolbar: toolbar, content: content)
    }

    static func picture(of recipe: DiscoverRecipes.RecipeSummary) -> [UINode] {
        // The heading names the recipe: the picture is decorative (axe-core's image-redundant-alt).
        [.image(Image(source: recipe.image, alt: "", placeholder: initial(of: recipe.name))), .heading(Heading(verbatim: recipe.name, level: 3))]
    }

    static func initial(of name: String) -> String { String(name.prefix(1)).uppercased() }
}
