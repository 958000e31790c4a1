import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import Foundation

/// Runs a scene as the host does for a request (the same statuses and standard screens), without
/// HTTP: for the test kit's scene tests.
package enum SceneRun {
    package static func load<S: Scene>(_ scene: S, context: SceneContext) async -> SceneResponse {
        await SceneRunner(sceneID: S.id, title: S.title, make: { _ in scene }).render(request(context, input: nil))
    }

    package static func perform<S: Scene>(_ scene: S, _ action: S.Action, context: SceneContext) async -> SceneResponse {
        let runner = SceneRunner(sceneID: S.id, title: S.title, make: { _ in scene })
        return await runner.perform({ _, _ in action }, request(context, input: FormActionInput(body: "", contentType: nil)))
    }

    /// Performs what `route` performs with a form post of `form` (decoded as the host decodes it),
    /// or nil when the scene has no such action route.
    package static func submit<S: Scene, Parameters>(
        _ scene: S, _ route: Route<Parameters>, form: [String: String], context: SceneContext
    ) async -> SceneResponse? {
        guard let match = S.routes.first(where: { $0.method == route.method && $0.pattern == route.pattern }),
            case .action(let decode) = match.role
        else { return nil }
        let body = form.sorted { $0.key < $1.key }.map { "\(encoded($0.key))=\(encoded($0.value))" }.joined(separator: "&")
        let runner = SceneRunner(sceneID: S.id, title: S.title, make: { _ in scene })
        return await runner.perform(decode, request(context, input: FormActionInput(body: body, contentType: nil)))
    }

    private static func request(_ context: SceneContext, input: (any ActionInput)?) -> SceneRequest {
        SceneRequest(context: context, input: input, retryPath: "/")
    }

    private static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }
}
