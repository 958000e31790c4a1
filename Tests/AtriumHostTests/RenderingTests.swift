import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import AtriumFixtures
@testable import AtriumHTTP
@_spi(AtriumHost) @testable import AtriumHost
@testable import AtriumPages
@testable import AtriumRendering

@Suite("Rendering")
struct RenderingTests {
    static let hostile = #"<script>alert("x")</script>' onmouseover='alert(1)"&amp;"#

    @Test func hostileStringsAreEscapedInTextAndAttributes() async throws {
        let yaml = Fixture.notesAndAccounts + "\n  hostileText: '\(Self.hostile.replacingOccurrences(of: "'", with: "''"))'\n"
        let host = try await Fixture.host(yaml)
        defer { host.tearDown() }
        let page = try await host.run { try await $0.get("/notes") }
        #expect(!page.body.contains("<script>"))
        #expect(!page.body.contains("' onmouseover='"))
        #expect(!page.body.contains(#"" onmouseover"#))
        let escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39; onmouseover=&#39;alert(1)&quot;&amp;amp;"
        #expect(page.body.contains("<h2 class=\"heading\">\(escaped)</h2>"), "text")
        #expect(page.body.contains("alt=\"\(escaped)\""), "image alt attribute")
        #expect(page.body.contains(#"src="https://img.example/a.png?q=&quot;&gt;&lt;b&gt;""#), "image source attribute")
        #expect(page.body.contains("role=\"img\" aria-label=\"\(escaped)\""), "an unsafe source becomes the placeholder")
        #expect(page.body.contains("value=\"\(escaped)\""), "field value attribute")
        #expect(page.body.contains("placeholder=\"\(escaped)\""), "placeholder attribute")
        #expect(page.body.contains("<label for=\"field-hostile-"), "the hostile field still has its label")
    }

    @Test func htmlAndJSONCarryTheSameContent() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        let (html, json) = try await host.run { browser in
            _ = try await browser.get("/notes")
            _ = try await browser.post("/notes", form: ["text": "Fish & chips"])
            return (try await browser.get("/notes"), try await browser.get("/notes", accept: "application/json"))
        }
        struct Document: Decodable {
            var screen: Screen
            var csrfToken: String?
        }
        let document = try JSONDecoder().decode(Document.self, from: Data(json.body.utf8))
        #expect(document.screen.title == "Notes")
        var texts: [String] = [document.screen.title.text]
        func collect(_ node: UINode) {
            switch node {
            case .text(let text): texts.append(text.text)
            case .field(let field): texts.append(field.label.text)
            case .toggle(let toggle): texts.append(toggle.label.text)
            case .button(let button): texts.append(button.title.text)
            case .list(let list): texts += list.title.map { [$0.text] } ?? []
            default: break
            }
            node.children.forEach(collect)
        }
        document.screen.content.forEach(collect)
        #expect(texts.contains("Fish & chips"))
        #expect(texts.count >= 6)
        for text in texts {
            #expect(html.body.contains(text.replacingOccurrences(of: "&", with: "&amp;")), "HTML shows \(text)")
        }
        #expect(html.body.contains(try #require(document.csrfToken)))
    }

    @Test func everyFieldHasABoundLabel() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        let page = try await host.run { try await $0.get("/notes") }
        let ids = page.body.matches(of: /<input id="([^"]+)"/).map { String($0.1) }
        #expect(!ids.isEmpty)
        for id in ids {
            #expect(page.body.contains(#"<label for="\#(id)">"#))
        }
        #expect(page.body.contains("<main id=\"main\">"))
        #expect(page.body.contains("<html lang=\"en\">"))
    }

    @Test func linksANameTheModuleDidNotDeclareAreLeftOutAndLogged() async throws {
        let host = try await Fixture.host(Fixture.notesAndAccounts + "\n  settingsRoute: sign-in\n")
        defer { host.tearDown() }
        let log = TestLog()
        let resolved = LinkResolver(registry: host.plan.registry).resolve(
            Screen(
                title: "T",
                toolbar: [.link(Link("Settings", to: .named("sign-in"))), .link(Link("Undeclared", to: .named("sign-out")))],
                content: [
                    .link(Link("Off site", to: .path("https://evil.example"))), .image(Image(source: "javascript:x", alt: "a")),
                    .link(Link("Round trip", to: .returning(.path("/notes/items/3"), to: .named("sign-in")))),
                ]
            ),
            for: "notes", logger: log.logger
        )
        #expect(resolved.toolbar == [.link(Link("Settings", to: .path("/accounts/sign-in")))], "a name the configuration chose")
        #expect(
            resolved.content == [
                .image(Image(source: nil, alt: "a")), .link(Link("Round trip", to: .path("/notes/items/3?returnTo=/accounts/sign-in"))),
            ])
        #expect(log.lines.contains { $0.text.contains("link left out") && $0.text.contains("sign-out") }, "\(log.lines.map(\.text))")
    }

    @Test func linksAreResolvedInsideEveryContainerAtAnyDepth() async throws {
        let host = try await Fixture.host(Fixture.notesAndAccounts + "\n  settingsRoute: sign-in\n")
        defer { host.tearDown() }
        let log = TestLog()
        let links: [UINode] = [.link(Link("Settings", to: .named("sign-in"))), .link(Link("Undeclared", to: .named("sign-out")))]
        let resolved = LinkResolver(registry: host.plan.registry).resolve(
            Screen(
                title: "T",
                content: [
                    .section(
                        Section(content: [.row(Row(content: [.list(ItemList(content: [.card(Card(target: .named("sign-in"), content: links))]))]))])),
                    .form(Form(action: .named("sign-out"), content: links)),
                    .form(Form(action: .named("sign-in"), content: links)),
                ]
            ),
            for: "notes", logger: log.logger
        )
        let kept: [UINode] = [.link(Link("Settings", to: .path("/accounts/sign-in")))]
        #expect(
            resolved.content == [
                .section(
                    Section(content: [
                        .row(Row(content: [.list(ItemList(content: [.card(Card(target: .path("/accounts/sign-in"), content: kept))]))]))
                    ])),
                .form(Form(action: .path("/accounts/sign-in"), content: kept)),
            ], "four levels down the undeclared link is left out; a form whose action is left out goes with it")
    }

    @Test func linkTargetsAreReadableJSON() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(LinkTarget.path("/pilot/register")), as: UTF8.self) == #"{"path":"\/pilot\/register"}"#)
        let named = LinkTarget.named("sign-in")
        #expect(String(decoding: try encoder.encode(named), as: UTF8.self) == #"{"route":"sign-in"}"#)
        let returning = LinkTarget.returning(.path("/a"), to: named)
        #expect(try JSONDecoder().decode(LinkTarget.self, from: encoder.encode(returning)) == returning)
    }

    @Test func theTextRendererShowsTheTree() {
        let screen = Screen(
            title: "Profile",
            content: [
                .money(Money(minorUnits: 1023, currency: "GBP")), .toggle(Toggle(name: "push", label: "Push", isOn: true)),
                .progress(ProgressBar(value: 0.7, label: "Profile complete")),
            ]
        )
        let text = TextRenderer().render(screen)
        #expect(text.contains("Profile\n======="))
        #expect(text.contains("£10.23"))
        #expect(text.contains("[x] Push"))
        #expect(text.contains("70%"))
    }

    @Test func everyNodeRoundTripsThroughJSON() throws {
        let nodes: [UINode] = [
            .section(Section(title: "S", content: [.text(Text(verbatim: "t"))])), .text(Text(verbatim: "c", style: .caption)),
            .heading(Heading(verbatim: "h")),
            .image(Image(source: "/a.png", alt: "a")),
            .row(Row(content: [])), .list(ItemList(content: [])), .card(Card(target: .named("x"), content: [])),
            .tabs(Tabs([.init(title: "Map", target: .path("/map"), isSelected: true)])), .form(Form(action: .path("/f"), content: [])),
            .field(Field(.email, name: "e", label: "E")), .picker(Picker(name: "p", label: "P", options: [.init(value: "a", label: "A")])),
            .toggle(Toggle(name: "t", label: "T", isOn: true)), .button(Button("B", isEnabled: false)), .link(Link("L", to: .path("/"))),
            .money(Money(minorUnits: 1, currency: "GBP")), .progress(ProgressBar(value: 0.5, label: "P")), .message(Message("m", kind: .error)),
            .map(Map(title: "M", center: .init(latitude: 25.7617, longitude: -80.1918), markers: [])), .animation(Animation(name: "a", label: "A")),
        ]
        let data = try JSONEncoder().encode(nodes)
        #expect(try JSONDecoder().decode([UINode].self, from: data) == nodes)
        // The JSON carries text as shown: wording and data render the same, and read back as data.
        let worded: [UINode] = [.text(Text("Welcome \("Ada")!", style: .strong)), .heading(Heading("Hello"))]
        let shown = try JSONDecoder().decode([UINode].self, from: try JSONEncoder().encode(worded))
        #expect(shown == [.text(Text(verbatim: "Welcome Ada!", style: .strong)), .heading(Heading(verbatim: "Hello"))])
    }
}
