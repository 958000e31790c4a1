import AtriumSDK
import AtriumTestKit
import Testing

/// The scene test kit's exhaustive mode and guards: what a scene did besides answering (a record
/// written or deleted, an event published, a sign-in, a redirect) is an effect of its outcome; an
/// exhaustive test fails on each one it did not assert, naming it; a route's guard runs as the
/// host's does.
@Suite("Exhaustive scene tests")
struct ExhaustiveSceneTestTests {
    struct Joined: ModuleEvent {
        static let name = "club.joined"
        static let version = 1
        var member: String
        var aggregateID: String { member }
    }

    /// Joins a club: writes the member (and the visit count on its page), publishes `club.joined`,
    /// signs the visitor in, and redirects to the page.
    struct ClubScene: Scene {
        enum Action: Sendable { case join(Join) }
        struct Join: Decodable, Sendable { var name: String }

        static let id = "club"
        static let title: Wording = "Club"
        static let page = Route.page("/club", guard: .signedIn)
        static let join = Route.action("/club/join")
        static let leave = Route.action("/club/leave", guard: .signedIn)
        static var routes: [SceneRoute<Self>] { [.page(page), .action(join, Action.join), .action(leave, Action.join)] }

        let members: InMemoryRecordStore
        let joined: EventPublisher<Joined>
        let sessions = UserSessions.testing()
        var view: ClubView { ClubView() }

        func load(_ context: SceneContext) async throws -> SceneState<String> { .loaded("Club") }

        func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<String> {
            guard case .join(let join) = action else { return .invalid("") }
            guard !join.name.isEmpty else { return .invalid("A name, please") }
            try await members.save(join.name, id: join.name, in: "members")
            try await joined.publish(Joined(member: join.name))
            try await sessions.signIn(userID: join.name, lifetime: .seconds(3600), in: context)
            return .navigate(Self.page())
        }
    }

    struct ClubView: SceneView {
        func screen(for state: String) -> Screen { Screen(title: .verbatim(state), content: []) }
    }

    func test(signedInAs user: String? = nil) -> (SceneTest<ClubScene>, TestEvents) {
        let members = InMemoryRecordStore()
        let events = TestEvents()
        let scene = ClubScene(members: members, joined: events.publisher(for: Joined.self))
        let context = SceneContext.testing(session: TestVisitorSession(userID: user))
        return (SceneTest(scene, context: context, exhaustive: true, stores: [members], events: events), events)
    }

    @Test func everyEffectOfAnActionIsItsOutcomes() async throws {
        let (test, events) = test()
        let joined = await test.submit(ClubScene.join, form: ["name": "ada"])
        #expect(
            joined.effects == [
                .wrote(collection: "members", id: "ada"), .published(event: "club.joined", aggregate: "ada"), .signedIn(userID: "ada"),
                .redirected(to: ClubScene.page()),
            ])
        joined.expect(
            .wrote(collection: "members", id: "ada"), .published(event: "club.joined", aggregate: "ada"), .signedIn(userID: "ada"),
            .redirected(to: ClubScene.page()))
        #expect(try events.published(Joined.self).map(\.member) == ["ada"])
        let refused = await test.submit(ClubScene.join, form: ["name": ""])
        #expect(refused.status == 422 && refused.effects.isEmpty, "an action refused did nothing")
    }

    @Test func anEffectTheTestDidNotAssertFailsItNamingIt() async throws {
        let (test, _) = test()
        await withKnownIssue {
            do {
                let joined = await test.submit(ClubScene.join, form: ["name": "ada"])
                joined.expect(.redirected(to: ClubScene.page()))
            }
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("wrote members/ada") && text.contains("published club.joined for ada") && text.contains("signed in as ada")
                && !text.contains("redirected")
        }
    }

    @Test func anEffectExpectedThatDidNotHappenFailsTheTest() async throws {
        let (test, _) = test()
        await withKnownIssue {
            let refused = await test.submit(ClubScene.join, form: ["name": ""])
            refused.expect(.wrote(collection: "members", id: ""))
        } matching: { issue in
            String(describing: issue).contains("it did: nothing")
        }
    }

    @Test func aRoutesGuardRunsAsTheHostsDoes() async throws {
        let (visitor, _) = test()
        let page = await visitor.open(ClubScene.page)
        #expect(page.status == 303 && page.redirect == .returning(.named(.signIn), to: .path("/club")))
        page.expect(.redirected(to: .returning(.named(.signIn), to: .path("/club"))))
        let left = await visitor.submit(ClubScene.leave, form: ["name": "ada"])
        #expect(left.status == 303 && left.effects == [.redirected(to: .returning(.named(.signIn), to: .path("/club/leave")))])
        left.expect(.redirected(to: .returning(.named(.signIn), to: .path("/club/leave"))))

        let (member, _) = test(signedInAs: "ada")
        #expect(await member.open(ClubScene.page).status == 200)
    }
}
