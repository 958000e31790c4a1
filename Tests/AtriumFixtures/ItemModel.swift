import AtriumSDK
import Foundation

/// An item by number.
struct ItemNumber: RouteParameters {
    var id: Int
}

/// A tag by name.
struct TagName: RouteParameters {
    var tag: String
}

/// Shows what its route's parameters say.
struct ItemModel: SceneModel {
    enum Kind: Sendable { case item, tag, plain }

    let kind: Kind

    func load(_ context: SceneContext) async throws -> SceneState<String> {
        switch kind {
        case .item: .loaded("Item \(try context.parameters(ItemNumber.self).id)")
        case .tag: .loaded("Tag \(try context.parameters(TagName.self).tag)")
        case .plain: .loaded("Private page")
        }
    }
}
