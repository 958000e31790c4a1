import AtriumPages
import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import Foundation
import Testing

/// A scene under test, without HTTP: built by the test with test doubles, loaded or acted on, and
/// answered as the host would (the same statuses, the same standard screens, a route's guard). In
/// the spirit of TCA's `TestStore`: what the test does not give the scene's context, the scene may
/// not use (see `SceneContext.testing(…)`); and with `exhaustive`, each thing the scene did
/// besides answering — a record written or deleted in a store of the test, an event published
/// through its ``TestEvents``, a sign-in or out, a redirect — fails the test unless it asserts it
/// with ``SceneOutcome/expect(_:sourceLocation:)``.
///
/// ```swift
/// let store = InMemoryRecordStore()
/// let test = SceneTest(RegistrationScene(registration: registration), context: .testing(storage: store), exhaustive: true)
/// let refused = await test.submit(RegistrationScene.register, form: ["name": ""])
/// #expect(refused.status == 422)
/// #expect(refused.screen?.field(named: "name")?.error == "Name is invalid")
/// let done = await test.submit(RegistrationScene.register, form: ["name": "Ada"])
/// done.expect(.wrote(collection: "registrations", id: "ada"), .redirected(to: .path("/pilot/done")))
/// ```
public struct SceneTest<S: Scene>: Sendable {
    /// The scene under test.
    public let scene: S
    /// The context it runs in.
    public let context: SceneContext
    /// Whether an effect the test does not assert fails it.
    public let exhaustive: Bool
    /// The stores whose writes are effects: the context's storage when it is an
    /// ``InMemoryRecordStore``, and `stores`.
    let stores: [InMemoryRecordStore]
    let events: TestEvents?

    /// Tests `scene` in `context` (by default one that gives nothing). The writes to `stores` (the
    /// use cases' shared records, say) and the context's own ``InMemoryRecordStore``, and the events
    /// published through `events`, are the scene's ``SceneOutcome/effects``.
    public init(
        _ scene: S, context: SceneContext = .testing(), exhaustive: Bool = false, stores: [InMemoryRecordStore] = [], events: TestEvents? = nil
    ) {
        self.scene = scene
        self.context = context
        self.exhaustive = exhaustive
        self.stores = ((context.storage as? InMemoryRecordStore).map { [$0] } ?? []) + stores.filter { $0 !== context.storage as AnyObject }
        self.events = events
    }

    /// The scene's page, as its route `route` opens it: a route with `guard: .signedIn` sends a
    /// visitor who is not signed in to sign in first (303), as the host does.
    public func open<Parameters>(_ route: Route<Parameters>, sourceLocation: SourceLocation = #_sourceLocation) async -> SceneOutcome {
        await recording("GET \(route.pattern)", sourceLocation) {
            if let refused = await guardRefusal(route) { return refused }
            return await SceneRunner.load(scene, context: context)
        }
    }

    /// The scene's page (no route's guard: see ``open(_:sourceLocation:)``).
    public func load(sourceLocation: SourceLocation = #_sourceLocation) async -> SceneOutcome {
        await recording("load", sourceLocation) { await SceneRunner.load(scene, context: context) }
    }

    /// One of the scene's actions.
    public func perform(_ action: S.Action, sourceLocation: SourceLocation = #_sourceLocation) async -> SceneOutcome {
        await recording("perform", sourceLocation) { await SceneRunner.perform(scene, action, context: context) }
    }

    /// What the scene's action route `route` does with a form post of `form`, decoded as the host
    /// decodes it, after the route's guard. A route the scene does not perform fails the test.
    public func submit<Parameters>(_ route: Route<Parameters>, form: [String: String], sourceLocation: SourceLocation = #_sourceLocation)
        async -> SceneOutcome
    {
        guard S.routes.contains(where: { $0.pattern == route.pattern && $0.method == route.method }) else {
            return SceneOutcome.unknownRoute(route.pattern.description)
        }
        SceneCoverage.note(method: route.method.rawValue, pattern: route.pattern.description)
        return await recording("POST \(route.pattern)", sourceLocation) {
            if let refused = await guardRefusal(route) { return refused }
            return await SceneRunner.submit(scene, route, form: form, context: context)
        }
    }

    /// The host's answer to a visitor its guard does not let through, if so.
    private func guardRefusal<Parameters>(_ route: Route<Parameters>) async -> SceneResponse? {
        guard route.routeGuard == .signedIn, (try? await context.session.userID) == nil else { return nil }
        return .redirect(.returning(.named(.signIn), to: .path(route.pattern.description)))
    }

    /// Runs `body`, and makes its answer an outcome with what the scene did meanwhile.
    private func recording(_ call: String, _ sourceLocation: SourceLocation, _ body: () async -> SceneResponse?) async -> SceneOutcome {
        let writes = stores.map(\.writeCount)
        let published = events?.count ?? 0
        let userBefore = try? await context.session.userID
        let rotationsBefore = (context.session as? TestVisitorSession)?.rotations
        guard let response = await body() else { return SceneOutcome.unknownRoute(call) }
        var effects = zip(stores, writes).flatMap { $0.effects(since: $1) } + (events?.effects(since: published) ?? [])
        let userAfter = try? await context.session.userID
        if let userAfter, userAfter != userBefore || (context.session as? TestVisitorSession)?.rotations != rotationsBefore {
            effects.append(.signedIn(userID: userAfter))
        } else if userAfter == nil, userBefore != nil {
            effects.append(.signedOut)
        }
        let ledger = exhaustive ? { EffectLedger(effects: $0, call: "\(S.self) \(call)", sourceLocation: sourceLocation) } : nil
        return SceneOutcome(response, effects: effects, ledger: ledger)
    }
}
