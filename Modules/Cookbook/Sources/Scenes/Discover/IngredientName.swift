import AtriumSDK

/// The ingredient an add or remove action is about: `/cookbook/pantry/{ingredient}/add`.
struct IngredientName: RouteParameters {
    var ingredient: String
}
