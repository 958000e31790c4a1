import AtriumConfiguration
import AtriumHost
import AtriumSDK
import AtriumTestKit
import Testing

// The module of the README's "A first page in a new module", as written there: if this stops compiling or working,
// the README is wrong.

public struct GreetingModule: AtriumModule {
    public typealias Configuration = GreetingConfiguration

    public static let manifest = ModuleManifest(id: "greeting", title: "Greeting", version: "1.0.0", binds: ["greeting"])
    public init() {}

    public func register(in registrar: any ModuleRegistrar, configuration: Configuration) async throws {
        registrar.scene(HelloScene.self) { _ in HelloScene(greeting: configuration.greeting) }
    }
}

/// Configuration/GreetingConfiguration.swift: the `greeting` section.
public struct GreetingConfiguration: ModuleConfiguration {
    /// What the page says (each default declared once, as the initial value).
    public var greeting = "Hello"
    public init() {}
    public func problems() -> [SettingProblem] {
        greeting.isEmpty ? [SettingProblem(key: "greeting", message: "is empty", fix: "write a greeting")] : []
    }
}

/// Scenes/Hello/HelloScene.swift: the scene, its state, its routes (values views link to) and its actions.
struct HelloScene: Scene {
    typealias State = String  // what the page shows
    enum Action: Sendable { case reply(Reply) }  // one action type per scene
    struct Reply: Decodable, Sendable { var name: String? }

    static let id = "hello"
    static let title: Wording = "Hello"
    static let isEntry = true
    static let page = Route.page("/greeting", name: "greeting")
    static let reply = Route.action("/greeting/reply")
    static var routes: [SceneRoute<Self>] { [.page(page), .action(reply, Action.reply)] }

    let greeting: String  // what it needs, given when it is built
    var view: HelloView { HelloView() }

    func load(_ context: SceneContext) async throws -> SceneState<State> { .loaded(greeting) }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<State> {
        switch action {
        case .reply(let reply):
            guard let name = reply.name, !name.isEmpty else { return .invalid(greeting) }  // 422
            return .navigateBack(otherwise: Self.page())  // 303
        }
    }
}

/// Scenes/Hello/HelloView.swift: the state as a UI tree.
struct HelloView: SceneView {
    func screen(for greeting: String) -> Screen {
        Screen(
            title: .verbatim(greeting),
            content: [
                .form(Form(action: HelloScene.reply(), content: [.field(Field(name: "name", label: "Your name")), .button(Button("Reply"))]))
            ])
    }
}

@Suite("The README's example module")
struct ReadmeExampleTests {
    @Test func itBootsServesAndActsAsTheReadmeSays() async throws {
        let host = try await TestHost.boot(modules: [GreetingModule.self], configuration: "modules: [greeting]\ngreeting:\n  greeting: Howdy\n")
        defer { host.tearDown() }
        try await host.run { browser in
            #expect(try await browser.getScreen("/greeting").screen.title == "Howdy")
            #expect(try await browser.post("/greeting/reply", form: [:]).status == 422)
            let replied = try await browser.post("/greeting/reply?returnTo=/", form: ["name": "Ada"])
            #expect(replied.status == 303 && replied.location == "/")
        }
        await #expect(throws: ConfigurationError.self) {
            _ = try await TestHost.boot(modules: [GreetingModule.self], configuration: "modules: [greeting]\ngreeting:\n  greeting: ''\n")
        }
    }

    @Test func itsSceneIsTestedWithoutHTTP() async throws {
        let test = SceneTest(HelloScene(greeting: "Howdy"))
        #expect(await test.load().screen?.form(posting: HelloScene.reply()) != nil)
        #expect(await test.submit(HelloScene.reply, form: [:]).status == 422)
        #expect(await test.submit(HelloScene.reply, form: ["name": "Ada"]).redirect == HelloScene.page())
    }
}
