import AtriumSDK
import Foundation

struct ItemModel: SceneModel {
    func load(_ context: SceneContext) async throws -> SceneState<String> {
        if let id = context.parameters["id"] { return .loaded("Item \(try context.parameters.int("id")) (\(id))") }
        if let tag = context.parameters["tag"] { return .loaded("Tag \(tag)") }
        return .loaded("Private page")
    }
}
