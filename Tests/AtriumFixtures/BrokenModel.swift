import AtriumSDK
import Foundation

struct BrokenModel: SceneModel {
    struct Failure: Error {}

    func load(_ context: SceneContext) async throws -> SceneState<String> {
        throw Failure()
    }
}
