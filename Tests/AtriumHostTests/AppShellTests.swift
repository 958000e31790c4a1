import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@_spi(AtriumHost) @testable import AtriumHost
@testable import AtriumRendering

/// The app shell: a navigation landmark on every HTML page with every module's entry scene, the
/// current one marked with `aria-current`, plain links that work without a script.
@Suite("App shell")
struct AppShellTests {
    static let shell = AppShell(entries: [
        HomeEntry(moduleID: "notes", moduleTitle: "Notes", sceneTitle: "Notes", path: "/notes"),
        HomeEntry(moduleID: "maps", moduleTitle: "Maps", sceneTitle: "Map", path: "/maps"),
        HomeEntry(moduleID: "maps", moduleTitle: "Maps", sceneTitle: "Saved places", path: "/maps/saved"),
    ])

    @Test func aModuleWithOneEntryIsLabelledByItsTitleOneWithSeveralByEachScene() {
        #expect(Self.shell.sections.map(\.label) == ["Notes", "Map", "Saved places"])
    }

    @Test func thePageOfALinkIsThePageAPageBelowItIsInItsSection() {
        #expect(Self.shell.mark(moduleID: "notes", path: "/notes") == AppShell.Mark(index: 0, isPage: true))
        #expect(Self.shell.mark(moduleID: "notes", path: "/notes/items/3") == AppShell.Mark(index: 0, isPage: false))
        // The longest matching path wins; a path that only starts with the same letters does not match.
        #expect(Self.shell.mark(moduleID: "maps", path: "/maps/saved/2") == AppShell.Mark(index: 2, isPage: false))
        #expect(Self.shell.mark(moduleID: "maps", path: "/maps/savedx") == AppShell.Mark(index: 1, isPage: false))
        #expect(Self.shell.mark(moduleID: "maps", path: "/maps") == AppShell.Mark(index: 1, isPage: true))
        // The host's own pages and modules without an entry mark nothing.
        #expect(Self.shell.mark(moduleID: nil, path: "/notes") == nil)
        #expect(Self.shell.mark(moduleID: "accounts", path: "/accounts/sign-in") == nil)
    }

    @Test func theNavigationIsEscapedAndMarksTheCurrentLink() {
        let hostile = AppShell(entries: [
            HomeEntry(moduleID: "x", moduleTitle: RendererTests.hostile, sceneTitle: "X", path: "/x?a=\"b\"&c=<d>")
        ])
        let html = HTMLRenderer().render(Screen(title: "T", content: []), shell: hostile, current: AppShell.Mark(index: 0, isPage: true))
            .text(token: "")
        #expect(
            html.contains(#"<nav class="app-nav" aria-label="Sections"><ul><li><a href="/x?a=&quot;b&quot;&amp;c=&lt;d&gt;" aria-current="page">"#))
        #expect(!html.contains("<script>alert"))
        let inside = HTMLRenderer().render(Screen(title: "T", content: []), shell: hostile, current: AppShell.Mark(index: 0, isPage: false))
            .text(token: "")
        #expect(inside.contains(#"aria-current="true""#))
        #expect(!HTMLRenderer().render(Screen(title: "T", content: []), csrfToken: nil).contains("app-nav"), "no entries, no navigation")
    }

    @Test func everyHTMLPageOfTheHostCarriesItAndJSONStaysTheScreensTree() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let navigation = #"<nav class="app-nav" aria-label="Sections"><ul><li><a href="/notes""#
            let entry = try await browser.get("/notes")
            #expect(entry.body.contains(navigation + #" aria-current="page">Notes</a></li></ul></nav>"#))
            let item = try await browser.get("/notes/items/7")
            #expect(item.body.contains(navigation + #" aria-current="true">Notes</a>"#))
            // Pages answered from the page cache keep their own mark.
            #expect(try await browser.get("/notes").body.contains(#"aria-current="page""#))
            for path in ["/", "/no/such/page", "/accounts/sign-in"] {
                let page = try await browser.get(path)
                #expect(page.body.contains(navigation + ">Notes</a>"), "\(path)")
                #expect(!page.body.contains("aria-current"), "\(path)")
            }
            let json = try await browser.get("/notes", accept: "application/json")
            #expect(!json.body.contains("app-nav") && !json.body.contains("Sections"))
        }
    }
}
