@_spi(AtriumHost) import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import AtriumFixtures
@testable import AtriumHost
@testable import AtriumRuntime

@Suite("Route patterns")
struct RoutePatternTests {
    @Test func parsesLiteralsAndTypedParameters() throws {
        let pattern = try RoutePattern("/cookbook/recipes/{id:int}")
        #expect(pattern.segments == [.literal("cookbook"), .literal("recipes"), .parameter("id", .int)])
        #expect(pattern.description == "/cookbook/recipes/{id:int}")
        #expect(pattern.shape == "/cookbook/recipes/*")
    }

    struct Item: RouteParameters {
        var id: Int
        var slug: String
        var page: Int?
        var sort: String?
    }

    @Test func routesPrintTheirPathsFromTypedParameters() throws {
        let item = Route.page("/items/{id}/{slug}", parameters: Item.self)
        #expect(item.pattern.description == "/items/{id:int}/{slug}", "the types come from the parameters")
        #expect(item(Item(id: 42, slug: "a b/c?")) == .path("/items/42/a%20b%2Fc%3F"))
        #expect(item(Item(id: -1, slug: "x", page: 2, sort: "name & price")) == .path("/items/-1/x?page=2&sort=name%20%26%20price"))
        #expect(item(Item(id: 1, slug: "x"), returnTo: .path("/back")) == .returning(.path("/items/1/x"), to: .path("/back")))
        #expect(item.pattern.path(with: ["id": "42"]) == nil, "a missing segment prints nothing")
    }

    struct Mismatched: RouteParameters {
        var id: String
        var extra: Int
        var returnTo: String?
    }

    /// A scene whose route's pattern and parameters disagree.
    struct MismatchedScene: Scene {
        static let id = "mismatched"
        static let title: Wording = "Mismatched"
        static let page = Route.page("/items/{id:int}/{missing}", parameters: Mismatched.self)
        static var routes: [SceneRoute<Self>] { [.page(page)] }
        var view: NotesView { NotesView(settingsRoute: nil, hostileText: nil) }
        func load(_ context: SceneContext) async throws -> SceneState<NotesScene.State> { .empty("none") }
    }

    @Test func aPatternAndParametersThatDisagreeAreBootProblems() {
        let registrar = HostRegistrar.testing(ModuleManifest(id: "shop", title: "Shop", version: "1"))
        registrar.scene(MismatchedScene.self) { _ in MismatchedScene() }
        let problems = registrar.problems.joined(separator: "\n")
        #expect(problems.hasPrefix("module 'shop': route /items/{id:int}/{missing}: "))
        #expect(problems.contains("'id' is written as int but Mismatched.id is string"))
        #expect(problems.contains("Mismatched has no field 'missing'"))
        #expect(problems.contains("Mismatched.extra is not in the pattern; make it optional"))
        #expect(problems.contains("'returnTo' belongs to the host"))
    }

    @Test(arguments: ["items", "/items/{}", "/items/{id:float}", "/a/{id}/{id}", "/a/x{id}"])
    func rejectsInvalidPatterns(_ text: String) {
        #expect(throws: RoutePatternError.self) { try RoutePattern(text) }
    }

    @Test func parameterTypesAcceptOnlyTheirValues() {
        #expect(RouteParameterType.int.accepts("-12"))
        #expect(!RouteParameterType.int.accepts("12abc"))
        #expect(RouteParameterType.uuid.accepts("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(!RouteParameterType.uuid.accepts("nope"))
        #expect(!RouteParameterType.string.accepts(""))
    }

    @Test(
        arguments: [
            ("/profile", "/profile"), ("/a?b=c", "/a?b=c"), ("//evil.example", nil), ("https://evil.example", nil),
            ("/\\evil.example", nil), ("javascript:alert(1)", nil), ("", nil), ("/a b", nil), ("/a\nb", nil),
            ("/a\u{7F}b", nil), ("/a\u{85}b", nil), ("/caf\u{E9}?q=\u{1F600}", "/caf\u{E9}?q=\u{1F600}"), ("/a\u{A0}b", "/a\u{A0}b"),
        ] as [(String, String?)])
    func localPathsAreTheOnlyAcceptedReturnAddresses(_ candidate: String, _ expected: String?) {
        #expect(LocalPath.validated(candidate) == expected)
    }

    @Test func moneyIsFormattedTheWayPeopleReadIt() {
        #expect(Money(minorUnits: 1023, currency: "GBP").formatted == "£10.23")
        #expect(Money(minorUnits: 0, currency: "GBP").formatted == "£0.00")
        #expect(Money(minorUnits: -5, currency: "EUR").formatted == "-€0.05")
        #expect(Money(minorUnits: 1200, currency: "CHF").formatted == "CHF\u{00A0}12.00", "a no-break space keeps the code with the number")
        #expect(Money(Decimal(string: "5651.960000")!, currency: "GBP").formatted == "£5,651.96")
        #expect(Money(Decimal(string: "2693.8")!, currency: "GBP").formatted == "£2,693.80")
        #expect(Money(Decimal(string: "1234567.891")!, currency: "GBP").formatted == "£1,234,567.89")
        #expect(Money(Decimal(string: "2693.8")!, currency: "GBP").digits == "2693.8")
    }
}
