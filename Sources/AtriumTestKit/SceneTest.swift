import AtriumPages
import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK

/// A scene under test, without HTTP: built by the test with test doubles, loaded or acted on, and
/// answered as the host would (the same statuses, the same standard screens). In the spirit of
/// TCA's `TestStore`: what the test does not give the scene's context, the scene may not use
/// (see `SceneContext.testing(…)`).
///
/// ```swift
/// let test = SceneTest(RegistrationScene(registration: registration), context: .testing(storage: InMemoryRecordStore()))
/// let refused = await test.submit(RegistrationScene.register, form: ["name": ""])
/// #expect(refused.status == 422)
/// #expect(refused.screen?.field(named: "name")?.error == "Name is invalid")
/// ```
public struct SceneTest<S: Scene>: Sendable {
    /// The scene under test.
    public let scene: S
    /// The context it runs in.
    public let context: SceneContext

    /// Tests `scene` in `context` (by default one that gives nothing).
    public init(_ scene: S, context: SceneContext = .testing()) {
        self.scene = scene
        self.context = context
    }

    /// The scene's page.
    public func load() async -> SceneOutcome { SceneOutcome(await SceneRunner.load(scene, context: context)) }

    /// One of the scene's actions.
    public func perform(_ action: S.Action) async -> SceneOutcome { SceneOutcome(await SceneRunner.perform(scene, action, context: context)) }

    /// What the scene's action route `route` does with a form post of `form`, decoded as the host
    /// decodes it. A route the scene does not perform fails the test.
    public func submit<Parameters>(_ route: Route<Parameters>, form: [String: String]) async -> SceneOutcome {
        if let response = await SceneRunner.submit(scene, route, form: form, context: context) { return SceneOutcome(response) }
        return SceneOutcome.unknownRoute(route.pattern.description)
    }
}
