import AtriumSDK

struct EmptyModel: SceneModel {
    func load(_ context: SceneContext) async throws -> SceneState<String> { .loaded("empty") }
}
