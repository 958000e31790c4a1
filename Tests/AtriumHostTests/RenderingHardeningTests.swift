import AtriumSDK
import Foundation
import Testing

@_spi(AtriumHost) @testable import AtriumHost
@testable import AtriumRendering

@Suite("Rendering hardening")
struct RenderingHardeningTests {
    @Test func theTextFormatShowsControlCharactersEscaped() {
        let screen = Screen(
            title: "Title\u{1B}[2J",
            content: [
                .text(Text("red \u{1B}[31mtext\u{1B}[0m")), .text(Text("line\nbreak")), .text(Text("\u{202E}reversed")),
                .text(Text("plain é 😀")),
            ])
        let text = TextRenderer().render(screen)
        #expect(!text.contains("\u{1B}") && !text.contains("\u{202E}"))
        #expect(text.contains(#"red \u{1B}[31mtext\u{1B}[0m"#))
        #expect(text.contains(#"line\u{A}break"#))
        #expect(text.contains(#"\u{202E}reversed"#))
        #expect(text.contains("plain é 😀"), "ordinary characters are left alone")
        #expect(text.hasPrefix(#"Title\u{1B}[2J"#))
    }

    @Test func aProgressOfNotANumberRendersAsEmpty() throws {
        let bar = ProgressBar(value: .nan, label: "Done")
        #expect(bar.value == 0 && bar.percentText == "0%")
        let screen = Screen(title: "P", content: [.progress(bar), .progress(ProgressBar(value: .infinity, label: "Full"))])
        #expect(TextRenderer().render(screen).contains("[####################] 100%"))
        #expect(HTMLRenderer().render(screen, csrfToken: nil).contains(#"value="0">0%</progress>"#))
        let decoded = try JSONDecoder().decode(ProgressBar.self, from: Data(#"{"value": -5, "label": "x"}"#.utf8))
        #expect(decoded.value == 0, "decoding clamps too")
    }

    @Test func aButtonCanSayMoreToAssistiveTechnology() throws {
        let screen = Screen(title: "B", content: [.button(Button("Remove", action: .path("/x"), accessibilityLabel: "Remove egg"))])
        let html = HTMLRenderer().render(screen, csrfToken: "t")
        #expect(html.contains(#"aria-label="Remove egg">Remove</button>"#))
    }
}
