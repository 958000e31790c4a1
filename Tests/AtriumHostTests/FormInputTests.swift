import Foundation
import Testing

@testable import AtriumPages

/// An action's body is read once, as forms write it, and decoded from what was read.
@Suite("Action bodies")
struct FormInputTests {
    struct Fields: Decodable, Equatable {
        var name: String
        var count: Int?
        var push: Bool?
        var have: [String]?
        var address: Address?
        struct Address: Decodable, Equatable {
            var city: String
        }
    }

    @Test func aFormIsReadOnceWithItsListsGroupsAndToken() throws {
        let input = try FormInput(
            body: "name=Ada+Lovelace&count=3&push=true&have%5B%5D=flour&have[]=eggs&address[city]=London&_csrf=t%2B1&=ignored&noequals",
            contentType: "application/x-www-form-urlencoded; charset=utf-8")
        #expect(input.formToken == "t+1")
        let fields = try input.decode(Fields.self, pathParameters: [:])
        #expect(fields == Fields(name: "Ada Lovelace", count: 3, push: true, have: ["flour", "eggs"], address: .init(city: "London")))
        #expect(try input.decode(Fields.self, pathParameters: ["name": "From the path"]).name == "From the path", "the path's value wins")
    }

    @Test(arguments: [
        ("a=1&a=2", "the field 'a' was sent more than once"),
        ("a=%E2%82", "'%E2%82' is not correctly percent-encoded"),
        ("a=%zz", "'%zz' is not correctly percent-encoded"),
        ("a[=1", "the field name 'a[' cannot be read"),
        ("[a]=1", "the field name '[a]' cannot be read"),
        ("a=1&a[]=2", "the field 'a' mixes a list and a single value"),
        ("a[]=1&a[b]=2", "the field 'a' mixes a list and a single value"),
        ("a[][b]=1", "the field name 'a[][b]' cannot be read"),
        ("a" + String(repeating: "[a]", count: 9) + "=1", "cannot be read"),
    ])
    func anUnreadableFormSaysWhyInAVisitorsWords(body: String, problem: String) {
        #expect(throws: FormInput.Unreadable.self) { try FormInput(body: body, contentType: nil) }
        do {
            _ = try FormInput(body: body, contentType: nil)
        } catch {
            #expect(error.problem.contains(problem), "\(body): \(error.problem)")
        }
    }

    @Test func jsonIsToldApartByItsMediaTypeAndMustBeAnObject() throws {
        let input = try FormInput(body: #"{"name": "Ada", "have": ["flour"]}"#, contentType: "Application/JSON; charset=utf-8")
        #expect(input.formToken == nil, "JSON carries its token in a header")
        #expect(try input.decode(Fields.self, pathParameters: [:]).have == ["flour"])
        #expect(throws: FormInput.Unreadable(problem: "the body is not a JSON object")) {
            try FormInput(body: "[1]", contentType: "application/json")
        }
        #expect(throws: FormInput.Unreadable(problem: "the body is not valid JSON")) { try FormInput(body: "{", contentType: "application/json") }
    }

    @Test func theMediaTypeIsReadInAnyCaseWithItsParametersAndSpacesLeftOut() throws {
        for json in ["application/json", "Application/JSON; charset=utf-8", " application/json ", "application/json\t;x=1", "APPLICATION/JSON;"] {
            #expect(FormInput.isJSON(json), "\(json)")
        }
        for other in [
            nil, "", "application/jsonx", "text/json", "application/json-patch+json", "application/x-www-form-urlencoded", "application\u{0F}json",
        ] {
            #expect(!FormInput.isJSON(other), "\(String(describing: other))")
        }
        #expect(try FormInput(body: "{}", contentType: "application/json").isJSON)
        #expect(try !FormInput(body: "a=1", contentType: nil).isJSON)
    }

    @Test func aTextThatDoesNotFitItsFieldNamesTheField() throws {
        let input = try FormInput(body: "name=Ada&count=three", contentType: nil)
        #expect {
            _ = try input.decode(Fields.self, pathParameters: [:])
        } throws: { error in
            guard case .typeMismatch(_, let context) = error as? DecodingError else { return false }
            return context.codingPath.map(\.stringValue) == ["count"]
        }
    }

    /// A quadratic reading (a list copied on each append) took minutes here: it never ends within the limit.
    @Test(.timeLimit(.minutes(1))) func aLongListIsReadWithoutStalling() throws {
        let body = String(repeating: "have[]=x&", count: 200_000) + "name=n"
        let fields = try FormInput(body: body, contentType: nil).decode(Fields.self, pathParameters: [:])
        #expect(fields.have?.count == 200_000)
    }
}
