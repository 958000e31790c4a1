import AtriumSDK

/// Discover's view model: what can be cooked with the visitor's ingredients; adding or removing
/// one ingredient from the page.
struct DiscoverModel: SceneModel {
    let discover: DiscoverRecipes
    let pantry: UpdatePantry

    func load(_ context: SceneContext) async throws -> SceneState<DiscoverRecipes.Discovery> {
        do {
            return .loaded(try await discover.discover())
        } catch let error as RecipeSourceError {
            return .failed(error.description)
        }
    }

    func add(_ ingredient: String, context: SceneContext) async throws -> ActionOutcome<DiscoverRecipes.Discovery> {
        try await update(context) { try await pantry.add(ingredient) }
    }

    func remove(_ ingredient: String, context: SceneContext) async throws -> ActionOutcome<DiscoverRecipes.Discovery> {
        try await update(context) { try await pantry.remove(ingredient) }
    }

    private func update(
        _ context: SceneContext,
        _ change: () async throws -> Void
    ) async throws -> ActionOutcome<DiscoverRecipes.Discovery> {
        do {
            try await change()
        } catch let error as RecipeSourceError {
            return .render(.failed(error.description), status: .serviceUnavailable)
        }
        let back = LocalPath.validated(context.query["returnTo"])
        return .navigate(back.map(LinkTarget.path) ?? .route("cookbook"))
    }
}
