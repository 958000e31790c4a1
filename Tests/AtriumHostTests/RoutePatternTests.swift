import AtriumSDK
import Testing

@testable import AtriumFixtures

@Suite("Route patterns")
struct RoutePatternTests {
    @Test func parsesLiteralsAndTypedParameters() throws {
        let pattern = try RoutePattern("/cookbook/recipes/{id:int}")
        #expect(pattern.segments == [.literal("cookbook"), .literal("recipes"), .parameter("id", .int)])
        #expect(pattern.description == "/cookbook/recipes/{id:int}")
        #expect(pattern.shape == "/cookbook/recipes/*")
    }

    @Test func buildsPathsOnlyFromValuesThatFitTheirTypes() throws {
        let pattern = try RoutePattern("/items/{id:int}/{slug}")
        #expect(pattern.path(with: ["id": "42", "slug": "a b"]) == "/items/42/a%20b")
        #expect(pattern.path(with: ["id": "forty-two", "slug": "x"]) == nil)
        #expect(pattern.path(with: ["id": "42"]) == nil)
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
        ] as [(String, String?)])
    func localPathsAreTheOnlyAcceptedReturnAddresses(_ candidate: String, _ expected: String?) {
        #expect(LocalPath.validated(candidate) == expected)
    }

    @Test func moneyIsFormattedTheWayPeopleReadIt() {
        #expect(Money(minorUnits: 1023, currency: "GBP").formatted == "£10.23")
        #expect(Money(minorUnits: 0, currency: "GBP").formatted == "£0.00")
        #expect(Money(minorUnits: -5, currency: "EUR").formatted == "-€0.05")
        #expect(Money(minorUnits: 1200, currency: "CHF").formatted == "12.00 CHF")
    }
}
