import AtriumConfiguration
import AtriumHost
import AtriumSDK
import AtriumTestKit
import Foundation
import HTTPTypes
import Testing

@testable import Cookbook

@Suite("Cookbook served by the host")
struct CookbookHostTests {
    static let recipesJSON = """
        [{"name": "Tomato pasta", "ingredients": ["tomato", "pasta", "water"]},
         {"name": "Chicken tikka masala", "ingredients": ["chicken", "butter", "onion"]},
         {"name": "Cheesecake", "ingredients": ["biscuit", "butter", "sugar"]},
         {"name": "Chocolate brownie", "ingredients": ["chocolate", "butter", "sugar"]},
         {"name": "Meatball", "ingredients": ["Meat", "parmesan", "onion"]},
         {"name": "Meatloaf", "ingredients": ["Meat", "egg", "onion"]}]
        """
    static let ingredientsJSON = #"["Meat", "egg", "onion", "parmesan", "butter", "sugar", "chicken"]"#

    /// A host reading recipes from `stub`. The timeout is generous unless a test is about it: the
    /// tests run in parallel on two cores, and a busy second must not read as a slow service.
    static func remote(_ stub: StubHTTPServer, timeoutSeconds: Int = 10, extra: String = "", directory: URL? = nil) async throws -> TestHost {
        try await TestHost.boot(
            modules: [CookbookModule.self],
            configuration: """
                modules: [cookbook]
                cookbook:
                  source: remote
                  recipesURL: \(stub.baseURL)/recipes
                  ingredientsURL: \(stub.baseURL)/ingredients
                  timeoutSeconds: \(timeoutSeconds)
                \(extra)
                """,
            directory: directory
        )
    }

    /// The recipes a screen shows, by their cards' headings.
    static func names(in screen: Screen) -> [String] {
        screen.nodes.compactMap { if case .heading(let heading) = $0, heading.level == 3 { heading.text } else { nil } }
    }

    @Test func theMissingOneFlagOffHidesTheSection() async throws {
        let host = try await TestHost.boot(
            modules: [CookbookModule.self], configuration: "modules: [cookbook]\nflags:\n  cookbook.missingOne: false\n")
        defer { host.tearDown() }
        try await host.run { browser in
            let screen = try await browser.getScreen("/cookbook").screen
            #expect(screen.title == "Discover" && Self.names(in: screen).contains("Meatloaf"), "the rest of Discover is there")
            #expect(!screen.texts.contains("Missing: biscuit") && screen.button(titled: "I have biscuit") == nil)
        }
    }

    @Test func theEmbeddedDataShowsOnAFreshHost() async throws {
        let host = try await TestHost.boot(modules: [CookbookModule.self], configuration: "modules: [cookbook]\n")
        defer { host.tearDown() }
        let page = try await host.run { try await $0.getScreen("/cookbook") }
        #expect(page.status == 200)
        let screen = try page.screen
        #expect(screen.title == "Discover")
        #expect(screen.shows("Missing: biscuit"))
        let recipes = Self.names(in: screen)
        #expect(recipes.contains("Meatloaf") && recipes.contains("Chicken tikka masala"))
        let sources = screen.nodes.compactMap { if case .image(let image) = $0 { image.source } else { nil } }
        let art = try #require(sources.first { $0.hasPrefix("/assets/cookbook/art/") && $0.hasSuffix(".svg") })
        let image = try await host.run { try await $0.get(String(art)) }
        #expect(image.status == 200)
        #expect(image.headers[.contentType] == "image/svg+xml")
        #expect(image.headers[.cacheControl] == "public, max-age=86400")
        // Every asset is one route of the host: HEAD, another method and a missing file answer as
        // for any other page.
        let (head, post, missing, stylesheet) = try await host.run { browser in
            (
                try await browser.send(String(art), method: .head), try await browser.send(String(art), method: .post),
                try await browser.get("/assets/cookbook/art/no-such-dish.svg"), try await browser.get("/assets/atrium.css")
            )
        }
        #expect(head.status == 200 && head.body.isEmpty && head.headers[.contentLength] == String(image.body.utf8.count))
        #expect(post.status == 405 && post.headers[.allow] == "GET, HEAD")
        #expect(missing.status == 404 && missing.body.contains("Page not found"))
        #expect(stylesheet.status == 200 && stylesheet.headers[.contentType] == "text/css; charset=utf-8")
    }

    @Test func aRemoteServerSpeakingTheWireFormatIsShown() async throws {
        try await StubHTTPServer.with(["/recipes": .init(body: Self.recipesJSON), "/ingredients": .init(body: Self.ingredientsJSON)]) { stub in
            let host = try await Self.remote(stub)
            defer { host.tearDown() }
            let page = try await host.run { try await $0.getScreen("/cookbook") }
            #expect(page.status == 200)
            let screen = try page.screen
            #expect(Self.names(in: screen) == ["Chicken tikka masala", "Meatball", "Meatloaf", "Cheesecake", "Chocolate brownie"])
            #expect(screen.shows("Missing: biscuit") && screen.shows("Missing: chocolate"))
            let images = screen.nodes.compactMap { if case .image(let image) = $0 { image } else { nil } }
            #expect(!images.isEmpty && images.allSatisfy { $0.source == nil }, "no pictures for remote data without an image service")
        }
    }

    static let failures: [(String, [String: StubHTTPServer.Reply], String)] = [
        (
            "server error", ["/recipes": .init(status: 503, body: "down"), "/ingredients": .init(body: ingredientsJSON)],
            "answered with an error (status 503)"
        ),
        ("not found", ["/ingredients": .init(body: ingredientsJSON)], "answered with an error (status 404)"),
        ("undecodable", ["/recipes": .init(body: #"{"recipes": []}"#), "/ingredients": .init(body: ingredientsJSON)], "sent recipes in a form"),
        ("empty recipes", ["/recipes": .init(body: "[]"), "/ingredients": .init(body: ingredientsJSON)], "has no recipes to show yet"),
        ("empty ingredients", ["/recipes": .init(body: recipesJSON), "/ingredients": .init(body: "[]")], "has no ingredients to show yet"),
        (
            "timeout", ["/recipes": .init(body: recipesJSON, delay: .seconds(3)), "/ingredients": .init(body: ingredientsJSON)],
            "took too long to answer"
        ),
    ]

    @Test(arguments: 0..<failures.count)
    func eachRemoteFailureShowsAPlainMessageAndARetryLink(_ index: Int) async throws {
        let (_, replies, message) = Self.failures[index]
        let isAboutSlowness = replies.values.contains { $0.delay > .zero }
        try await StubHTTPServer.with(replies) { stub in
            let host = try await Self.remote(stub, timeoutSeconds: isAboutSlowness ? 1 : 10)
            defer { host.tearDown() }
            try await host.run { browser in
                let page = try await browser.getScreen("/cookbook")
                #expect(page.status == 503)
                let screen = try page.screen
                #expect(screen.messages.first?.text.text.contains(message) == true, "\(screen.messages)")
                #expect(screen.link(titled: "Try again")?.target == .path("/cookbook"))
                #expect(try await browser.get("/pilot").status == 404, "the host keeps serving")
            }
        }
    }

    @Test func badURLsAreConfigurationErrorsAtBoot() async throws {
        await #expect {
            _ = try await TestHost.boot(
                modules: [CookbookModule.self],
                configuration: "modules: [cookbook]\ncookbook:\n  source: remote\n  recipesURL: 'not a url'\n  ingredientsURL: 'ftp://x/y'\n")
        } throws: { error in
            let problems = (error as? ConfigurationError)?.problems ?? []
            return problems.map(\.key) == ["cookbook.recipesURL", "cookbook.ingredientsURL"]
                && problems.allSatisfy { $0.description.contains("is not an http(s) address") }
        }
    }

    @Test func anUnreachableServiceShowsTheFailedState() async throws {
        let host = try await TestHost.boot(
            modules: [CookbookModule.self],
            configuration:
                "modules: [cookbook]\ncookbook:\n  source: remote\n  recipesURL: http://127.0.0.1:9/r\n  ingredientsURL: http://127.0.0.1:9/i\n  timeoutSeconds: 1\n"
        )
        defer { host.tearDown() }
        let page = try await host.run { try await $0.getScreen("/cookbook") }
        #expect(page.status == 503)
        #expect(try page.screen.messages.first?.text.text.contains("can't be reached") == true)
    }

    @Test func remoteWithoutURLsIsAConfigurationError() async throws {
        await #expect {
            _ = try await TestHost.boot(modules: [CookbookModule.self], configuration: "modules: [cookbook]\ncookbook:\n  source: remote\n")
        } throws: { error in
            (error as? ConfigurationError)?.problems.map(\.key) == ["cookbook.recipesURL", "cookbook.ingredientsURL"]
        }
    }

    @Test func pixabayPicturesUseTheFirstHitAndFallBackToThePlaceholder() async throws {
        let hits = #"{"hits": [{"webformatURL": "https://cdn.example/meatloaf.jpg"}, {"webformatURL": "https://cdn.example/other.jpg"}]}"#
        try await StubHTTPServer.with([
            "/recipes": .init(body: #"[{"name": "Meatloaf", "ingredients": ["Meat"]}, {"name": "Toast", "ingredients": ["Meat"]}]"#),
            "/ingredients": .init(body: #"["Meat"]"#),
            "/api/": .init(body: hits),
        ]) { stub in
            let host = try await Self.remote(
                stub, extra: "  images:\n    provider: pixabay\n    key: SECRET-KEY\n    baseURL: \(stub.baseURL)/api/\n")
            defer { host.tearDown() }
            let screen = try await host.run { try await $0.getScreen("/cookbook").screen }
            #expect(screen.nodes.contains { if case .image(let image) = $0 { image.source == "https://cdn.example/meatloaf.jpg" } else { false } })
            let lookups = stub.requests.filter { $0.path == "/api/" }
            #expect(lookups.contains { $0.query.contains("q=Meatloaf") && $0.query.contains("key=SECRET-KEY") && $0.query.contains("category=food") })
        }
        try await StubHTTPServer.with([
            "/recipes": .init(body: #"[{"name": "Meatloaf", "ingredients": []}]"#), "/ingredients": .init(body: #"["Meat"]"#),
            "/api/": .init(body: #"{"hits": []}"#),
        ]) { stub in
            let host = try await Self.remote(stub, extra: "  images:\n    provider: pixabay\n    key: K\n    baseURL: \(stub.baseURL)/api/\n")
            defer { host.tearDown() }
            let page = try await host.run { try await $0.getScreen("/cookbook") }
            #expect(page.status == 200)
            // The placeholder is decorative beside the recipe's heading: the name is read once.
            let card = try #require(
                try page.screen.nodes.lazy.compactMap { if case .card(let card) = $0 { card } else { nil } }.first)
            #expect(card.content == [.image(Image(source: nil, alt: "", placeholder: "M")), .heading(Heading(verbatim: "Meatloaf", level: 3))])
        }
    }

    /// Relatives of a feed downloaded once per visitor: twenty visitors opening Discover together
    /// on a slow recipe and picture service cause one load of the recipes and one lookup per name,
    /// and a picture service that is down is not asked again by every visitor.
    @Test func visitorsTogetherShareOneLoadOfRecipesAndOneLookupPerPicture() async throws {
        try await StubHTTPServer.with([
            "/recipes": .init(
                body: #"[{"name": "Meatloaf", "ingredients": ["Meat"]}, {"name": "Toast", "ingredients": ["Meat"]}]"#, delay: .milliseconds(300)),
            "/ingredients": .init(body: #"["Meat"]"#, delay: .milliseconds(300)),
            "/api/": .init(status: 503, body: "down", delay: .milliseconds(300)),
        ]) { stub in
            let host = try await Self.remote(stub, extra: "  images:\n    provider: pixabay\n    key: K\n    baseURL: \(stub.baseURL)/api/\n")
            defer { host.tearDown() }
            let statuses = try await host.run { browser in
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<20 { group.addTask { try await browser.anotherVisitor().get("/cookbook").status } }
                    return try await group.reduce(into: [Int]()) { $0.append($1) }
                }
            }
            #expect(statuses == Array(repeating: 200, count: 20))
            #expect(stub.requests.filter { $0.path == "/recipes" }.count == 1)
            #expect(stub.requests.filter { $0.path == "/ingredients" }.count == 1)
            let lookups = stub.requests.filter { $0.path == "/api/" }.map(\.query)
            #expect(lookups.count == 3, "one per name (Meatloaf, Toast, Meat), a failure not asked again at once: \(lookups)")
        }
    }

    @Test func theRecipePageMarksEachIngredientAndUnknownIdsAreNotFound() async throws {
        try await StubHTTPServer.with(["/recipes": .init(body: Self.recipesJSON), "/ingredients": .init(body: Self.ingredientsJSON)]) { stub in
            let host = try await Self.remote(stub)
            defer { host.tearDown() }
            try await host.run { browser in
                let cheesecake = try await browser.getScreen("/cookbook/recipes/3").screen
                #expect(cheesecake.title == "Cheesecake")
                #expect(cheesecake.shows("✗ biscuit — missing"))
                #expect(cheesecake.shows("✓ butter — available"))
                #expect(try await browser.get("/cookbook/recipes/7").status == 404)
                #expect(try await browser.get("/cookbook/recipes/0").status == 404)
                #expect(try await browser.get("/cookbook/recipes/cheesecake").status == 404)
            }
        }
    }

    @Test func thePantryFiltersDiscoverAndSurvivesARestart() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "cookbook-\(UUID().uuidString)")
        try await StubHTTPServer.with(["/recipes": .init(body: Self.recipesJSON), "/ingredients": .init(body: Self.ingredientsJSON)]) { stub in
            let first = try await Self.remote(stub, directory: directory)
            let cookies = try await first.run { browser in
                let pantry = try await browser.getScreen("/cookbook/pantry").screen
                #expect(
                    pantry.nodes.contains { if case .toggle(let toggle) = $0 { toggle.name == "have[]" && toggle.value == "biscuit" } else { false } }
                )
                let saved = try await browser.post("/cookbook/pantry", form: [:], csrfToken: nil)
                #expect(saved.status == 303)
                #expect(Self.names(in: try await browser.getScreen("/cookbook").screen).isEmpty, "an empty pantry cooks nothing")
                _ = try await browser.get("/cookbook/pantry")
                let chosen = try await browser.post(
                    "/cookbook/pantry",
                    fields: [("have[]", "biscuit"), ("have[]", "butter"), ("have[]", "sugar"), ("have[]", "unknown")]
                )
                #expect(chosen.location == "/cookbook")
                let discover = try await browser.getScreen("/cookbook").screen
                #expect(Self.names(in: discover) == ["Cheesecake", "Chocolate brownie"])
                #expect(discover.shows("Missing: chocolate"))
                let added = try await browser.post("/cookbook/pantry/chocolate/add", form: [:])
                #expect(added.location == "/cookbook")
                #expect(Self.names(in: try await browser.getScreen("/cookbook").screen) == ["Cheesecake", "Chocolate brownie"])
                return browser.cookies
            }
            try first.storage.close()
            let second = try await Self.remote(stub, directory: directory)
            defer { second.tearDown() }
            try await second.run { browser in
                browser.setCookies(cookies)
                let discover = try await browser.getScreen("/cookbook").screen
                #expect(discover.shows("chocolate"), "the pantry survived the restart")
                #expect(Self.names(in: discover).prefix(2) == ["Cheesecake", "Chocolate brownie"])
                _ = try await browser.get("/cookbook/pantry")
                _ = try await browser.post("/cookbook/pantry/reset", form: [:])
                #expect(
                    Self.names(in: try await browser.getScreen("/cookbook").screen).prefix(3) == ["Chicken tikka masala", "Meatball", "Meatloaf"])
            }
        }
    }
}
