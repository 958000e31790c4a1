import AtriumLocalization
import AtriumRendering

/// What an HTML page carries besides its screen, in each offered language: the navigation (its
/// scene titles translated) and the page's own words (``PageChrome``). Made once at boot.
final class LanguageShells: Sendable {
    private let shells: [String: AppShell]
    private let chromes: [String: PageChrome]
    private let fallback: (shell: AppShell, chrome: PageChrome)

    init(shell: AppShell, translations: Translations) {
        var shells: [String: AppShell] = [:]
        var chromes: [String: PageChrome] = [:]
        var chrome = PageChrome.source
        // Every page links to the language page where there is a choice to make.
        if translations.isMultilingual { chrome.languageLink = "Language" }
        for language in translations.offered {
            let translator = translations.translator(module: nil, language: language)
            shells[language] = translator.map { shell.translated(by: $0) } ?? shell
            chromes[language] = translator.map { chrome.translated(by: $0) } ?? chrome
        }
        self.shells = shells
        self.chromes = chromes
        fallback = (shell, .source)
    }

    /// The navigation in `language`.
    func shell(_ language: String) -> AppShell { shells[language] ?? fallback.shell }

    /// The page's own words in `language`.
    func chrome(_ language: String) -> PageChrome { chromes[language] ?? fallback.chrome }
}
