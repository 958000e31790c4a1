import AtriumLocalization
import AtriumSDK

/// The words of an HTML page that no scene writes: the skip link, the landmarks' names, the map's
/// "Use my location", and what the script announces when a live page changes. Made once per
/// language at boot (``translated(by:)``), never per page.
package struct PageChrome: Sendable {
    /// The link that jumps past the navigation.
    package var skipLink: Wording = "Skip to content"
    /// The home link's text: the product's name, data in every language.
    package var productName = Wording.verbatim("Atrium")
    /// What the home link is called for those who cannot see its logo text.
    package var homeLink: Wording = "Atrium home"
    /// The landmark of a screen's toolbar.
    package var toolbar: Wording = "Toolbar"
    /// The landmark of the app's navigation.
    package var sections: Wording = "Sections"
    /// The landmark of a tab bar.
    package var tabs: Wording = "Tabs"
    /// The map's button that recentres it on the visitor.
    package var locate: Wording = "Use my location"
    /// The map's scale bar's units, abbreviated.
    package var metres: Wording = "m"
    package var kilometres: Wording = "km"
    /// The header's link to the language page, on a host offering more than one; nil on others.
    package var languageLink: Wording?
    /// What screen readers hear when a live page has changed.
    package var updated: Wording = "This page was updated."
    /// Whether these are the words as written (English): then the script's own are the same and
    /// the page does not repeat them.
    package private(set) var isSource = true

    /// The words as written.
    package static let source = PageChrome()

    /// The words in `translator`'s language.
    package func translated(by translator: Translator) -> PageChrome {
        var chrome = self
        for field in [\PageChrome.skipLink, \.productName, \.homeLink, \.toolbar, \.sections, \.tabs, \.locate, \.metres, \.kilometres, \.updated] {
            chrome[keyPath: field] = translator.translated(self[keyPath: field])
        }
        chrome.languageLink = translator.translated(languageLink)
        chrome.isSource = chrome.updated.text == updated.text && chrome.skipLink.text == skipLink.text
        return chrome
    }
}
