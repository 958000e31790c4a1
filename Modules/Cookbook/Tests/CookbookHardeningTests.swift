import AtriumConfiguration
import AtriumHost
import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import Cookbook

/// What trying to break Cookbook found: recipe numbers at the edges of Int, pantry changes that
/// raced, a pantry lost at sign-in, buttons that all said "Remove".
@Suite("Cookbook hardening")
struct CookbookHardeningTests {
    static func host() async throws -> TestHost {
        try await TestHost.boot(
            modules: [CookbookModule.self, TestSignInModule.self], configuration: "modules: [cookbook, test-sign-in]\n")
    }

    @Test(arguments: ["-9223372036854775808", "9223372036854775807", "0", "-1", "65", "99999999999999999999999", "+1", "%2B1"])
    func aRecipeNumberOutOfRangeIsNotFound(_ number: String) async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        let page = try await host.run { try await $0.getScreen("/cookbook/recipes/\(number)") }
        if number == "+1" || number == "%2B1" {
            #expect(page.status == 200, "Int reads +1 as 1")
        } else {
            #expect(page.status == 404)
            let screen = try page.screen
            #expect(screen.shows("There is no recipe with this number. Go back to Discover to see every recipe.") || screen.title == "Page not found")
        }
    }

    /// Picture file names keep Foundation's idea of letters and digits (what they were first made
    /// with), for the shipped names and hostile ones.
    @Test func pictureNamesKeepLettersMarksAndDigitsAndDashTheRest() throws {
        func reference(_ name: String) -> String {
            name.lowercased().unicodeScalars.split { !CharacterSet.alphanumerics.contains($0) }
                .map { String(String.UnicodeScalarView($0)) }.joined(separator: "-")
        }
        let shipped = try EmbeddedRecipeSource().book
        let names =
            shipped.recipes.map(\.name) + shipped.availableIngredients + [
                "Crème brûlée", "Pão de queijo", "Ｆｕｌｌｗｉｄｔｈ ２", "naïve—café", "x\u{0}y", "a/b\\c?d=e", "١٢٣ أرز", "ǅemal", "Ⅻ o'clock", "", "🍰 cake",
                "e\u{301}",
            ]
        for name in names {
            #expect(EmbeddedArtwork.slug(name) == reference(name), "\(name)")
        }
        #expect(EmbeddedArtwork.slug("Chicken tikka masala") == "chicken-tikka-masala")
    }

    @Test func tenParallelAddsKeepTen() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/cookbook/pantry")
            _ = try await browser.post("/cookbook/pantry", fields: [])
            let book = try EmbeddedRecipeSource().book
            let names = Array(book.allIngredients.prefix(10))
            try await withThrowingTaskGroup(of: Int.self) { group in
                for name in names {
                    let encoded = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
                    group.addTask { try await browser.post("/cookbook/pantry/\(encoded)/add", form: [:]).status }
                }
                for try await status in group { #expect(status == 303) }
            }
            #expect(try await browser.getScreen("/cookbook/pantry").screen.shows("You have 10 ingredients."))
        }
    }

    @Test func thePantryIsKeptAtSignInAndJoinsTheAccounts() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/cookbook/pantry")
            _ = try await browser.post("/cookbook/pantry", fields: [("have[]", "egg")])
            try await browser.signIn(as: "ada")
            #expect(try await browser.getScreen("/cookbook/pantry").screen.shows("You have 1 ingredient."), "carried over, and in the singular")
            try await browser.signOut()
            _ = try await browser.get("/cookbook/pantry")
            _ = try await browser.post("/cookbook/pantry", fields: [("have[]", "onion"), ("have[]", "egg")])
            try await browser.signIn(as: "ada")
            let merged = try await browser.getScreen("/cookbook/pantry").screen
            #expect(merged.shows("You have 2 ingredients."), "the account's egg, then the visitor's onion")
        }
    }

    @Test func eachRemoveButtonSaysWhichIngredient() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        let screen = try await host.run { try await $0.getScreen("/cookbook").screen }
        let removes = screen.nodes.compactMap { if case .button(let button) = $0, button.title == "Remove" { button } else { nil } }
        #expect(removes.count > 1)
        #expect(removes.allSatisfy { $0.accessibilityLabel?.text.hasPrefix("Remove ") == true })
        #expect(removes.contains { $0.accessibilityLabel == "Remove egg" && $0.action == DiscoverScene.remove(IngredientName(ingredient: "egg")) })
    }

    @Test(arguments: [
        ("recipesURL: ftp://example.com/recipes", "cookbook.recipesURL"),
        ("timeoutSeconds: 99999999999", "cookbook.timeoutSeconds"),
        ("refreshSeconds: -1", "cookbook.refreshSeconds"),
        ("images:\n    provider: none\n    baseURL: not an address", "cookbook.images.baseURL"),
    ])
    func addressesAndDurationsAreCheckedAtBoot(_ line: String, _ key: String) async throws {
        let yaml = """
            modules: [cookbook]
            cookbook:
              source: remote
              recipesURL: https://example.com/recipes
              ingredientsURL: https://example.com/ingredients
            """
        let lines = yaml.split(separator: "\n").filter { !$0.contains(line.split(separator: ":")[0] + ":") }.joined(separator: "\n")
        do {
            let host = try await TestHost.boot(modules: [CookbookModule.self], configuration: lines + "\n  " + line + "\n")
            host.tearDown()
            Issue.record("the configuration was accepted")
        } catch let error as ConfigurationError {
            #expect(error.problems.map(\.key) == [key], "\(error)")
        }
    }
}
