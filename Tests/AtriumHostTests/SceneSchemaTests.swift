@_spi(AtriumHost) import AtriumSDK
import AtriumTestKit
import Foundation
import HTTPTypes
import Testing

@testable import AtriumRendering

/// The scene document says which version of the schema it follows; a client that declares an
/// older one gets every newer node as its fallback, and nothing else changes.
@Suite("Scene schema versions")
struct SceneSchemaTests {
    static let map = Map(
        title: "Stations nearby", center: .init(latitude: 25.77, longitude: -80.19),
        markers: [
            .init(id: "a", coordinate: .init(latitude: 25.771, longitude: -80.191), title: "Bayfront Park", kind: "station"),
            .init(id: "b", coordinate: .init(latitude: 25.772, longitude: -80.192), title: "<Brickell> & Co", kind: "vehicle"),
        ])

    static func document(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func aFirstVersionClientGetsAMapAsTheListOfItsPlacesEvenInsideContainers() throws {
        let screen = Screen(
            title: "Map", toolbar: [.link(Link("Rides", to: .path("/rides")))],
            content: [.section(Section(title: "Around you", content: [.map(Self.map), .text(Text(verbatim: "2 places"))]))])
        let old = try Self.document(JSONRenderer().render(screen, csrfToken: nil, schema: 1))
        #expect(old["schema"] as? Int == 1)
        let expected = Screen(
            title: "Map", toolbar: screen.toolbar,
            content: [
                .section(
                    Section(
                        title: "Around you",
                        content: [
                            .list(
                                ItemList(
                                    title: "Stations nearby",
                                    content: [.text(Text(verbatim: "Bayfront Park")), .text(Text(verbatim: "<Brickell> & Co"))])),
                            .text(Text(verbatim: "2 places")),
                        ]))
            ])
        let decoded = try JSONDecoder().decode(Screen.self, from: JSONSerialization.data(withJSONObject: try #require(old["screen"])))
        #expect(decoded == expected)
        // Nothing in the old document is a kind its version does not know.
        func kinds(_ nodes: [UINode]) -> [UINode.Kind] { nodes.flatMap { [$0.kind] + kinds($0.children) } }
        #expect(kinds(decoded.content + decoded.toolbar).allSatisfy { SceneSchema.version(of: $0) <= 1 })

        let current = try Self.document(JSONRenderer().render(screen, csrfToken: nil))
        #expect(current["schema"] as? Int == SceneSchema.current)
        let currentScreen = try JSONDecoder().decode(Screen.self, from: JSONSerialization.data(withJSONObject: try #require(current["screen"])))
        #expect(currentScreen == screen, "without a declaration: everything, as before")
    }

    @Test func fromVersion3TheDocumentSaysTheLanguageOfItsWords() throws {
        let screen = Screen(title: "Mapa", content: [.text(Text(verbatim: "Bayfront Park"))])
        for version in SceneSchema.oldest...SceneSchema.current {
            let document = try Self.document(JSONRenderer().render(screen, csrfToken: nil, schema: version, locale: "es"))
            #expect(document["schema"] as? Int == version)
            #expect(document["locale"] as? String == (version >= 3 ? "es" : nil), "version \(version): \(document.keys.sorted())")
        }
    }

    @Test func everyKindHasAVersionAndOnlyNewerKindsFallBack() {
        for kind in UINode.Kind.allCases {
            #expect((SceneSchema.oldest...SceneSchema.current).contains(SceneSchema.version(of: kind)), "\(kind)")
        }
        #expect(UINode.Kind.allCases.contains { SceneSchema.version(of: $0) > SceneSchema.oldest }, "some kind is newer than the first version")
        let text = UINode.text(Text(verbatim: "x"))
        #expect(SceneSchema.fallback(of: text) == [text])
        #expect(SceneSchema.answered(to: nil) == SceneSchema.current)
        #expect(SceneSchema.answered(to: 1) == 1)
        #expect(SceneSchema.answered(to: 99) == SceneSchema.current, "a client newer than the host gets the host's newest")
    }

    @Test func theHostAnswersTheDeclaredVersionWithItsOwnTag() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let current = try await browser.getScreen("/notes")
            let old = try await browser.get("/notes", accept: "application/json; schema=1")
            let odd = try await browser.get("/notes", accept: "application/json; schema=abc")
            #expect(try Self.document(Data(current.body.utf8))["schema"] as? Int == SceneSchema.current)
            #expect(try Self.document(Data(old.body.utf8))["schema"] as? Int == 1)
            #expect(try Self.document(Data(odd.body.utf8))["schema"] as? Int == SceneSchema.current, "an unreadable version is no declaration")
            #expect(old.headers[.eTag] != current.headers[.eTag], "each version is its own representation")
            #expect(old.headers[.vary] == "Accept, Cookie", "the declaration travels in Accept")
            let tag = try #require(old.headers[.eTag])
            let again = try await browser.send("/notes", method: .get, headers: [.accept: "application/json; schema=1", .ifNoneMatch: tag])
            #expect(again.status == 304)
            let other = try await browser.send("/notes", method: .get, headers: [.accept: "application/json", .ifNoneMatch: tag])
            #expect(other.status == 200)
        }
    }
}
