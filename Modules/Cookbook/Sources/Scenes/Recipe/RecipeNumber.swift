import AtriumSDK

/// A recipe's number in the data, from 1: `/cookbook/recipes/{id}`.
struct RecipeNumber: RouteParameters {
    var id: Int
}
