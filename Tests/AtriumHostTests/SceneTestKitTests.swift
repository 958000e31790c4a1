import AtriumHost
import AtriumSDK
import AtriumTestKit
import Testing

@testable import AtriumFixtures

/// The test kit's scene tests: a scene run without HTTP answers with the host's statuses and
/// standard screens, and a scene that uses what its test did not give fails the test, naming it.
@Suite("Scene tests without HTTP")
struct SceneTestKitTests {
    /// A scene that greets the signed-in user, counts visits in its records and acts on a form.
    struct GreetingScene: Scene {
        enum Action: Sendable {
            case rename(Rename)
            case fail
        }
        struct Rename: Decodable, Sendable { var name: String? }

        static let id = "greeting"
        static let title: Wording = "Greeting"
        static let page = Route.page("/greeting")
        static let rename = Route.action("/greeting/rename")
        static let fail = Route.action("/greeting/fail")
        static var routes: [SceneRoute<Self>] { [.page(page), .action(rename, Action.rename), .action(fail, .fail)] }

        var view: TextView { TextView(title: "Greeting") }

        func load(_ context: SceneContext) async throws -> SceneState<String> {
            let visits = try await context.storage.update(Int.self, id: "visits", in: "counts") { count -> Int in
                count = (count ?? 0) + 1
                return count ?? 0
            }
            let name = try await context.currentUser()?.name ?? "visitor"
            return .loaded("Hello \(name), visit \(visits)")
        }

        func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<String> {
            switch action {
            case .rename(let rename):
                guard let name = rename.name, !name.isEmpty else { return .invalid("A name, please") }
                return .navigateBack(otherwise: Self.page())
            case .fail:
                struct Broken: Error {}
                throw Broken()
            }
        }
    }

    @Test func aSceneLoadsWithWhatTheTestGives() async throws {
        let storage = InMemoryRecordStore()
        let test = SceneTest(GreetingScene(), context: .testing(storage: storage, capabilities: [.currentUser: nil]))
        #expect(await test.load().screen?.shows("Hello visitor, visit 1") == true)
        #expect(await test.load().screen?.shows("Hello visitor, visit 2") == true)
        #expect(try await storage.record(Int.self, id: "visits", in: "counts") == 2)
    }

    @Test func outcomesMapToTheHostsStatuses() async throws {
        let test = SceneTest(GreetingScene(), context: .testing(returnTo: "/elsewhere"))
        let refused = await test.submit(GreetingScene.rename, form: ["name": ""])
        #expect(refused.status == 422 && refused.screen?.shows("A name, please") == true)
        let renamed = await test.submit(GreetingScene.rename, form: ["name": "Ada"])
        #expect(renamed.status == 303 && renamed.redirect == .path("/elsewhere"), "back where the visitor came from")
        let failed = await test.perform(.fail)
        #expect(failed.status == 500)
        #expect(failed.screen?.messages.first?.text == "Something went wrong while preparing this page. Please try again.")
        let unknown = await test.submit(Route.action("/greeting/nowhere"), form: [:])
        #expect(unknown.status == 404, "a route the scene does not perform")
    }

    @Test func storageTheTestDidNotGiveFailsTheTestNamingIt() async throws {
        await withKnownIssue {
            _ = await SceneTest(GreetingScene(), context: .testing(capabilities: [.currentUser: nil])).load()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("context.storage, which the test did not give") }
        }
    }

    @Test func aCapabilityTheTestDidNotGiveFailsTheTestNamingIt() async throws {
        let session = TestVisitorSession(userID: "ada")
        await withKnownIssue {
            _ = await SceneTest(GreetingScene(), context: .testing(session: session, storage: InMemoryRecordStore())).load()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("the capability 'current-user', which the test did not give") }
        }
    }
}
