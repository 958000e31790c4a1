import AtriumSDK
import AtriumTestKit
import Testing

@testable import AtriumRuntime

/// A scene's page is kept under a name its registration picks from the state's type, where the
/// module calls `scene(_:make:)`: nothing is asked of the state's type at run time.
@Suite("Page names")
struct PageKeyTests {
    struct Plain: Sendable { var text: String }
    struct Counted: Hashable, Sendable { var count: Int }
    struct Identified: Hashable, IdentifiedState {
        var id: Int
        var noise: Int
        var pageIdentity: Int { id }
    }

    struct ProbeView<State: Sendable>: SceneView {
        func screen(for state: State) -> Screen { Screen(title: "Probe", content: []) }
    }

    /// A scene that loads the state it was made with.
    struct Probe<State: Sendable>: Scene {
        static var id: String { "probe-\(String(describing: State.self).lowercased())" }
        static var title: Wording { "Probe" }
        static var routes: [SceneRoute<Self>] { [.page(Route.page("/\(id)"))] }
        let state: State
        var view: ProbeView<State> { ProbeView() }
        func load(_ context: SceneContext) async throws -> SceneState<State> { .loaded(state) }
    }

    /// The page key a registered scene's page gets, as the host would render it.
    static func key(of path: String, in registrar: HostRegistrar) async throws -> ScreenKey? {
        let route = try #require(registrar.routes.first { $0.pattern.description == path })
        guard case .scene(let respond, _) = route.handler else { throw NotAScene() }
        let response = await respond(SceneRequest(context: .testing(moduleID: "keys"), input: nil, retryPath: "/"))
        guard case .screen(let screen, _) = response else { throw NotAScene() }
        return screen.key
    }

    struct NotAScene: Error {}

    @Test func aHashableStateIsItsOwnNameAnIdentifiedOneItsIdentityAndAnyOtherHasNone() async throws {
        let registrar = HostRegistrar.testing(ModuleManifest(id: "keys", title: "Keys", version: "1"))
        // The calls a module makes: the compiler picks the overload from the state's type.
        registrar.scene(Probe<Counted>.self) { _ in Probe(state: Counted(count: 3)) }
        registrar.scene(Probe<Identified>.self) { _ in Probe(state: Identified(id: 7, noise: Int.random(in: 0..<1000))) }
        registrar.scene(Probe<Plain>.self) { _ in Probe(state: Plain(text: "x")) }
        #expect(registrar.problems.isEmpty, "\(registrar.problems)")

        let counted = try await Self.key(of: "/probe-counted", in: registrar)
        #expect(counted == ScreenKey(sceneID: "keys.probe-counted", state: Counted(count: 3)))
        let identified = try await Self.key(of: "/probe-identified", in: registrar)
        #expect(identified == ScreenKey(sceneID: "keys.probe-identified", state: 7), "the identity wins over the Hashable state")
        #expect(try await Self.key(of: "/probe-plain", in: registrar) == nil, "a state that cannot name its page is never kept")
    }

    @Test func namesOfDifferentTypesAreNeverEqualAndEqualNamesHashAlike() {
        #expect(ScreenKey(sceneID: "a", state: 1) == ScreenKey(sceneID: "a", state: 1))
        #expect(ScreenKey(sceneID: "a", state: 1) != ScreenKey(sceneID: "a", state: 2))
        #expect(ScreenKey(sceneID: "a", state: 1) != ScreenKey(sceneID: "a", state: "1"))
        #expect(ScreenKey(sceneID: "a", state: 1) != ScreenKey(sceneID: "b", state: 1))
        #expect(ScreenKey(sceneID: "a", state: Counted(count: 1)) != ScreenKey(sceneID: "a", state: 1))
        #expect(ScreenKey(sceneID: "a", state: Counted(count: 4)).hashValue == ScreenKey(sceneID: "a", state: Counted(count: 4)).hashValue)
        #expect(Set([ScreenKey(host: "home"), ScreenKey(host: "home"), ScreenKey(host: "not-found")]).count == 2)
    }
}
