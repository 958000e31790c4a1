import AtriumSDK

struct RecipeView: SceneView {
    func screen(for recipe: DiscoverRecipes.RecipeDetail) -> Screen {
        // After "I have …", back to this recipe.
        let here = RecipeScene.page(RecipeNumber(id: recipe.summary.number))
        let ingredients: [UINode] = recipe.ingredients.map { ingredient in
            let name = ingredient.name
            if ingredient.isAvailable { return .text(Text("✓ \(name) — available")) }
            return .section(
                Section(content: [
                    .text(Text("✗ \(name) — missing", style: .strong)),
                    .button(
                        Button(
                            "I have \(name)",
                            style: .secondary,
                            action: DiscoverScene.add(IngredientName(ingredient: name), returnTo: here)
                        )
                    ),
                ])
            )
        }
        let cookable = recipe.ingredients.allSatisfy(\.isAvailable)
        return Screen(
            title: .verbatim(recipe.summary.name),
            content: [
                .image(Image(source: recipe.summary.image, alt: .verbatim(recipe.summary.name))),
                .message(
                    Message(
                        cookable ? "You have everything for this recipe." : "You are missing some ingredients.", kind: cookable ? .success : .info)),
                .list(ItemList(title: "Ingredients", content: ingredients.isEmpty ? [.text(Text("No ingredients needed."))] : ingredients)),
                .link(Link("Back to Discover", to: DiscoverScene.page())),
            ]
        )
    }
}
