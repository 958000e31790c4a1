@_spi(AtriumHost) import AtriumHost
import AtriumSDK
import AtriumTestKit
import Testing

// The module of README's "Adding a module", as written there: if this stops compiling or working,
// the README is wrong.

public struct GreetingModule: AtriumModule {
    public struct Configuration: ModuleConfiguration {
        /// What the page says (each default declared once, as the initial value).
        public var greeting = "Hello"
        public init() {}
        public func problems() -> [SettingProblem] {
            greeting.isEmpty ? [SettingProblem(key: "greeting", message: "is empty", fix: "write a greeting")] : []
        }
    }

    public static let manifest = ModuleManifest(id: "greeting", title: "Greeting", version: "1.0.0", binds: ["greeting"])
    public init() {}

    public func register(in registrar: ModuleRegistrar, configuration: Configuration) async throws {
        // Routes are values; views link to them with typed parameters.
        let page = registrar.page("/greeting", name: "greeting")
        let reply = registrar.action("/greeting/reply")
        registrar.scene(
            "hello", title: "Hello", isEntry: true,
            model: { _ in HelloModel(greeting: configuration.greeting, page: page()) },
            view: HelloView(reply: reply),
            routes: [.page(page), .action(reply, HelloModel.Action.reply)])
    }
}

struct HelloModel: SceneModel {
    enum Action: Sendable { case reply(Reply) }  // one action type per scene
    struct Reply: Decodable, Sendable { var name: String? }
    let greeting: String
    let page: LinkTarget

    func load(_ context: SceneContext) async throws -> SceneState<String> { .loaded(greeting) }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<String> {
        switch action {
        case .reply(let reply):
            guard let name = reply.name, !name.isEmpty else { return .invalid(greeting) }  // 422
            return .navigateBack(otherwise: page)  // 303
        }
    }
}

struct HelloView: SceneView {
    let reply: Route<NoParameters>

    func screen(for greeting: String) -> Screen {
        Screen(
            title: greeting,
            content: [.form(Form(action: reply(), content: [.field(Field(name: "name", label: "Your name")), .button(Button("Reply"))]))])
    }
}

@Suite("The README's example module")
struct ReadmeExampleTests {
    @Test func itBootsServesAndActsAsTheReadmeSays() async throws {
        let host = try await TestHost.boot(modules: [GreetingModule.self], configuration: "modules: [greeting]\ngreeting:\n  greeting: Howdy\n")
        defer { host.tearDown() }
        try await host.run { browser in
            let page = try await browser.get("/greeting")
            #expect(page.body.contains("<h1>Howdy</h1>"))
            #expect(try await browser.post("/greeting/reply", form: [:]).status == 422)
            let replied = try await browser.post("/greeting/reply?returnTo=/", form: ["name": "Ada"])
            #expect(replied.status == 303 && replied.location == "/")
        }
        await #expect(throws: ConfigurationError.self) {
            _ = try await TestHost.boot(modules: [GreetingModule.self], configuration: "modules: [greeting]\ngreeting:\n  greeting: ''\n")
        }
    }
}
