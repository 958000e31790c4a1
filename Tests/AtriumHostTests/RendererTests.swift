@_spi(AtriumHost) import AtriumSDK
import Foundation
import NIOCore
import Testing

@testable import AtriumHTTP
@_spi(AtriumHost) @testable import AtriumHost
@testable import AtriumPages
@testable import AtriumRendering
@testable import AtriumRuntime

/// The direct HTML and JSON writers: every kind of node, hostile text in every place a value can
/// go, and the JSON exactly as `JSONEncoder` would write the same tree.
@Suite("Renderers")
struct RendererTests {
    static let hostile = "<script>alert(\"x\")</script>' onmouseover='a' & \u{0}\u{7}\u{1B}[31m\t\n\\ é 😀 \u{202E}"

    /// One node of every kind, with `text` wherever a string goes.
    static func everyKind(_ text: String) -> [UINode] {
        let words = Wording(verbatim: text)
        let all: [UINode] = [
            .section(Section(title: words, content: [.text(Text(verbatim: text))])),
            .heading(Heading(verbatim: text, level: 3)),
            .text(Text(verbatim: text, style: .strong)),
            .image(Image(source: "/assets/\(text)", alt: words, placeholder: text, shape: .circle)),
            .image(Image(source: nil, alt: words)),
            .row(Row(title: words, content: [.text(Text(verbatim: text))])),
            .list(ItemList(title: nil, content: [.card(Card(target: .path("/a?b=\(text)"), content: [.text(Text(verbatim: text))]))])),
            .card(Card(content: [])),
            .tabs(Tabs([.init(title: words, target: .path("/map"), isSelected: true), .init(title: "B", target: .path("/b"))])),
            .form(
                Form(
                    action: .path("/f"), liveValidation: .path("/v"), basis: ActionBasis(digest: text),
                    content: [
                        .field(
                            Field(
                                .email, name: text, label: words, value: text, error: words, placeholder: words, isRequired: true, maxLength: 254,
                                autofill: .newPassword)),
                        .field(Field(.password, name: "p", label: "P", value: "secret")),
                        .field(Field(.number, name: "n", label: "N")),
                        .picker(
                            Picker(
                                name: text, label: words, options: [.init(value: text, label: words)], selected: text, placeholder: words,
                                error: words)),
                        .toggle(Toggle(name: text, label: words, isOn: true, value: text)),
                        .button(Button(words, isEnabled: false)),
                    ])),
            .button(Button(words, style: .destructive, action: .path("/x"), accessibilityLabel: words, basis: ActionBasis(digest: text))),
            .link(Link(words, to: .path("/l"), style: .button)),
            .money(Money(minorUnits: -1023, currency: "GBP")),
            .progress(ProgressBar(value: 0.7, label: words)),
            .progress(ProgressBar(value: 1, label: "Full")),
            .message(Message(words, kind: .error)),
            .message(Message(words)),
            .map(
                Map(
                    title: words, center: .init(latitude: 25.7617, longitude: -80.1918), span: 0.5,
                    markers: [.init(id: text, coordinate: .init(latitude: 25.8, longitude: -80.2), title: words, kind: text)])),
            .map(
                Map(
                    title: words, center: .init(latitude: 25.7617, longitude: -80.1918), markers: [],
                    tiles: .init(template: "https://tiles.example/{z}/{x}/{y}.png?\(text)", attribution: text), locatesUser: true)),
            .animation(Animation(name: text, label: words)),
        ]
        // Every kind is here: a new kind must be added to this list.
        func kinds(_ nodes: [UINode]) -> [UINode.Kind] { nodes.flatMap { [$0.kind] + kinds($0.children) } }
        #expect(Set(kinds(all)) == Set(UINode.Kind.allCases))
        return all
    }

    @Test func theJSONIsWhatJSONEncoderWritesForEveryKind() throws {
        for text in ["plain", Self.hostile, "", "1.5", "/path/with/slashes"] {
            let screen = Screen(
                title: .verbatim(text), toolbar: [.link(Link("S", to: .path("/s")))], content: Self.everyKind(text), refreshAfterSeconds: 5)
            struct Document: Encodable {
                var csrfToken: String?
                var locale = "en"
                var schema = SceneSchema.current
                var screen: Screen
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            for token in ["token-1", nil] as [String?] {
                let expected = String(decoding: try encoder.encode(Document(csrfToken: token, screen: screen)), as: UTF8.self)
                let written = String(decoding: JSONRenderer().render(screen, csrfToken: token), as: UTF8.self)
                #expect(written == expected, "text \(text.debugDescription), token \(token ?? "none")")
            }
        }
    }

    @Test func aFormSaysWhatItWasMadeOnFromVersionFourOnly() {
        let screen = Screen(title: "T", content: Self.everyKind("made-on"))
        let current = String(decoding: JSONRenderer().render(screen, csrfToken: nil), as: UTF8.self)
        #expect(current.components(separatedBy: #""basis":"made-on""#).count == 3, "the form's and the action button's")
        for version in SceneSchema.oldest..<4 {
            let older = String(decoding: JSONRenderer().render(screen, csrfToken: nil, schema: version), as: UTF8.self)
            #expect(!older.contains("basis"), "version \(version)")
        }
        // A button that sends its form has no action of its own to send a basis with.
        let submit = Screen(title: "T", content: [.form(Form(action: .path("/f"), content: [.button(Button("Go", basis: ActionBasis("x")))]))])
        #expect(!String(decoding: JSONRenderer().render(submit, csrfToken: nil), as: UTF8.self).contains("basis"))
        #expect(ActionBasis("a", "bc") != ActionBasis("ab", "c") && ActionBasis("a", "bc") == ActionBasis("a", "bc"))
        #expect(ActionBasis("moneybox", "30").digest.utf8.count == 16, "the same digest on every host: no seeded hash")
    }

    @Test func aNumberThatIsNotFiniteIsNullNotAnError() {
        let screen = Screen(title: "M", content: [.map(Map(title: "M", center: .init(latitude: .nan, longitude: .infinity), markers: []))])
        let text = String(decoding: JSONRenderer().render(screen, csrfToken: nil), as: UTF8.self)
        #expect(text.contains(#""center":{"latitude":null,"longitude":null}"#))
    }

    @Test func hostileTextIsEscapedEverywhereInHTML() {
        let html = HTMLRenderer().render(Screen(title: .verbatim(Self.hostile), content: Self.everyKind(Self.hostile)), csrfToken: "t")
        #expect(!html.contains("<script>"))
        #expect(!html.contains("' onmouseover"))
        #expect(!html.contains("\u{0}") && !html.contains("\u{7}") && !html.contains("\u{1B}"), "controls become U+FFFD")
        let escaped =
            "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39; onmouseover=&#39;a&#39; &amp; \u{FFFD}\u{FFFD}\u{FFFD}[31m\t\n\\ é 😀 \u{202E}"
        #expect(html.contains("<title>\(escaped) · Atrium</title>"))
        for place in [
            "<h1>\(escaped)</h1>", "alt=\"\(escaped)\"", "value=\"\(escaped)\"", "placeholder=\"\(escaped)\"", "aria-label=\"\(escaped)\"",
            "<option value=\"\(escaped)\" selected>\(escaped)</option>", "<title>\(escaped)</title></circle>", "<p class=\"field-error\" id=\"field-",
            "<input type=\"hidden\" name=\"_basis\" value=\"\(escaped)\">", "formaction=\"/x\" name=\"_basis\" value=\"\(escaped)\"",
        ] {
            #expect(html.contains(place), "\(place)")
        }
        #expect(!html.contains("value=\"secret\""), "a password is never written back")
    }

    @Test func everyFormAndActionButtonGetsTheToken() {
        let page = HTMLRenderer().render(Screen(title: "T", content: Self.everyKind("x")))
        #expect(page.tokenOffsets.count == 2, "the form's and the actions form's, which the button with an action sends")
        #expect(page.text(token: "TOKEN").components(separatedBy: #"name="_csrf" value="TOKEN""#).count == 3)
        let json = JSONRenderer().render(Screen(title: "T", content: Self.everyKind("x")), withToken: true)
        #expect(json.text(token: "TOKEN").hasPrefix(#"{"csrfToken":"TOKEN","locale":"en","schema":4,"screen":"#))
    }

    @Test func buttonsWithActionsShareThePagesOneActionsFormAndItsToken() {
        let buttons = (1...40).map { UINode.button(Button("Add \($0)", action: .path("/add/\($0)"))) }
        let screen = Screen(
            title: "T", toolbar: [.button(Button("Sign out", action: .path("/out")))],
            content: [.form(Form(action: .path("/f"), content: [.field(Field(.text, name: "n", label: "N"))]))] + buttons)
        let page = HTMLRenderer().render(screen)
        #expect(page.tokenOffsets.count == 2, "the form's token and the actions form's, not one per button")
        let html = page.text(token: "TOKEN")
        let actionsForm = #"<form id="atrium-actions" method="post" hidden><input type="hidden" name="_csrf" value="TOKEN"></form>"#
        #expect(html.components(separatedBy: actionsForm).count == 2)
        #expect(html.contains(#"form="atrium-actions" formaction="/add/40">Add 40</button>"#))
        #expect(html.contains(#"form="atrium-actions" formaction="/out">Sign out</button>"#), "a toolbar button too")
        let formStart = html.range(of: #"<form id="atrium-actions""#)?.lowerBound
        let mainEnd = html.range(of: "</main>")?.lowerBound
        #expect(formStart != nil && mainEnd != nil && formStart! < mainEnd!, "inside main, which a live update replaces")
        let plain = HTMLRenderer().render(Screen(title: "T", content: [.button(Button("Next"))])).text(token: "TOKEN")
        #expect(!plain.contains("atrium-actions"), "no actions form where no button posts on its own")
    }

    /// What Login's code screen relies on (moved here from its module tests, which assert trees).
    @Test func aCodeFieldIsDigitsOnlyOfItsLengthAndABusyButtonSaysSo() {
        let screen = Screen(
            title: "Code",
            content: [
                .form(
                    Form(
                        action: .path("/otp"), liveValidation: .path("/pilot/validate"),
                        content: [
                            .field(Field(.code, name: "code", label: "4 DIGIT CODE", placeholder: "Enter OTP", isRequired: true, maxLength: 4)),
                            .field(Field(.password, name: "p", label: "P", autofill: .newPassword)),
                            .button(Button("Submit OTP", busyTitle: "Logging you in ...")),
                        ]))
            ])
        let html = HTMLRenderer().render(screen).text(token: "")
        for attribute in [
            #"placeholder="Enter OTP""#, #"inputmode="numeric""#, #"maxlength="4""#, #"pattern="[0-9]{4}""#, #"minlength="4""#,
            #"autocomplete="one-time-code""#, #"data-busy-title="Logging you in ...""#, "data-requires-complete", "data-complete",
            #"autocomplete="new-password""#, #"data-validate="/pilot/validate""#, "data-requires-valid",
        ] {
            #expect(html.contains(attribute), "\(attribute)")
        }
        #expect(html.contains(">4 DIGIT CODE</label>") && html.contains(">Submit OTP</button>"))
        #expect(!html.contains(" disabled"), "without JavaScript the button works")
    }

    /// What Mobility's map relies on (moved here from its module tests, which assert trees).
    @Test func aMapIsAFigureWithItsMarkersAScaleAndTheLocateButton() {
        let map = Map(
            title: "Miami: 2 in view", center: .init(latitude: 25.77, longitude: -80.19),
            markers: [
                .init(id: "v1", coordinate: .init(latitude: 25.771, longitude: -80.191), title: "Scooter", kind: "vehicle"),
                .init(id: "s1", coordinate: .init(latitude: 25.769, longitude: -80.189), title: "Station", kind: "station"),
            ], locatesUser: true)
        let html = HTMLRenderer().render(Screen(title: "Map", content: [.map(map)])).text(token: "")
        for part in [#"<figure class="map"><svg class="map-canvas""#, #"class="map-scale""#, "data-locate", "Miami: 2 in view", "Scooter", "Station"]
        {
            #expect(html.contains(part), "\(part)")
        }
        let still = HTMLRenderer().render(Screen(title: "Map", content: [.map(Map(title: "M", center: map.center, markers: []))])).text(token: "")
        #expect(!still.contains("data-locate"), "no locate button unless asked")
    }

    @Test func anImageWithoutAltIsDecorativeInEveryForm() {
        let screen = Screen(
            title: "T",
            content: [
                .image(Image(source: "/assets/a.svg", alt: "")), .image(Image(source: nil, alt: "", placeholder: "M")),
                .image(Image(source: nil, alt: "Ada")),
            ])
        let html = HTMLRenderer().render(screen).text(token: "")
        #expect(html.contains(#"src="/assets/a.svg" alt="" loading="lazy">"#), "an empty alt, not a missing one")
        #expect(html.contains(#"image-placeholder" aria-hidden="true">M</span>"#))
        #expect(html.contains(#"image-placeholder" role="img" aria-label="Ada">A</span>"#), "a described image keeps its role")
        #expect(TextRenderer().render(screen).components(separatedBy: "[image:").count == 2, "only the described one in text")
    }

    @Test func aStateSeenBeforeIsRenderedOnce() {
        let cache = RenderCache(capacity: 4)
        var renders = 0
        func page(_ state: String) -> RenderedScreen {
            cache.page(for: .init(screen: ScreenKey(host: state), format: .html)) {
                renders += 1
                return HTMLRenderer().render(Screen(title: .verbatim(state), content: [.form(Form(action: .path("/f"), content: []))]))
            }.page
        }
        let first = page("a")
        let again = page("a")
        #expect(renders == 1)
        #expect(first.text(token: "one").contains(#"value="one""#) && again.text(token: "two").contains(#"value="two""#))
        for state in ["b", "c", "d", "e", "f"] { _ = page(state) }
        #expect(cache.count <= 4, "the least recently used fall out")
        _ = page("a")
        #expect(renders == 7, "a was dropped and rendered again")
    }

    @Test func aPageWithoutFormsIsAnsweredFromItsKeptBytesAndAFormGetsItsToken() {
        let plain = HTMLRenderer().render(Screen(title: "Plain", content: [.text(Text("<b>"))]))
        #expect(!plain.hasTokens)
        let kept = plain.buffer.withUnsafeReadableBytes { $0.baseAddress }
        #expect(plain.body(token: "ignored").withUnsafeReadableBytes { $0.baseAddress } == kept, "no copy per request")
        #expect(plain.text(token: "ignored") == String(buffer: plain.buffer))
        let form = HTMLRenderer().render(Screen(title: "Form", content: [.form(Form(action: .path("/f"), content: []))]))
        #expect(form.body(token: "abc").readableBytes == form.count + 3)
        #expect(form.text(token: "abc").contains(#"value="abc""#))
    }

    @Test func aKeptPageWithATokenIsWrittenOnceForAVisitorWhoAsksAgain() {
        let cache = RenderCache(capacity: 4)
        func kept() -> RenderCache.Entry {
            cache.page(for: .init(screen: ScreenKey(host: "form"), format: .html)) {
                HTMLRenderer().render(Screen(title: "Form", content: [.form(Form(action: .path("/f"), content: []))]))
            }
        }
        func address(_ body: ByteBuffer) -> UnsafeRawPointer? { body.withUnsafeReadableBytes { $0.baseAddress } }
        let first = kept().body(token: "one")
        let again = kept().body(token: "one")
        #expect(address(first.body) == address(again.body), "the same visitor again: the same bytes, not a copy")
        #expect(String(buffer: again.body).contains(#"value="one""#) && first.tag == again.tag)
        let other = kept().body(token: "two")
        #expect(String(buffer: other.body).contains(#"value="two""#) && !String(buffer: other.body).contains(#"value="one""#))
        #expect(other.tag != first.tag, "each visitor's bytes have their own tag")
        let back = kept().body(token: "one")
        #expect(String(buffer: back.body).contains(#"value="one""#) && back.tag == first.tag, "the first visitor again, written again")
        #expect(kept().body(token: nil).tag == kept().tag, "no token: the page's own tag")
        let page = kept().page
        #expect(kept().cost == page.count * 2, "the kept writing counts against the byte limit")
    }

    @Test func thePageCacheIsBoundedInBytes() {
        let cache = RenderCache(capacity: 100, byteLimit: 40_000)
        for index in 0..<50 {
            _ = cache.page(for: .init(screen: ScreenKey(host: "\(index)"), format: .json)) {
                RenderedScreen(bytes: Array(repeating: UInt8(ascii: "x"), count: 5_000))
            }
        }
        #expect(cache.count <= 8)
    }
}
