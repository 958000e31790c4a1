import AtriumLocalization
@_spi(AtriumHost) import AtriumSDK
import Foundation
import Testing

@testable import AtriumRendering

/// Catalogs, plural rules and the translator: a module's wording in another language.
@Suite struct TranslatorTests {
    static let catalogJSON = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Welcome %@!" : {
              "localizations" : {
                "es" : { "stringUnit" : { "state" : "translated", "value" : "¡Hola, %@!" } }
              }
            },
            "%lld vehicles near %@" : {
              "localizations" : {
                "en" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld vehicle near %@" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld vehicles near %@" } }
                } } },
                "es" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%2$@: %1$lld vehículo" } },
                  "many" : { "stringUnit" : { "state" : "translated", "value" : "%2$@: %1$lld de vehículos" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%2$@: %1$lld vehículos" } }
                } } }
              }
            },
            "Gone" : { "extractionState" : "stale", "localizations" : { "es" : { "stringUnit" : { "state" : "translated", "value" : "Ido" } } } },
            "100%% sure" : { "localizations" : { "es" : { "stringUnit" : { "state" : "translated", "value" : "100 %% seguro" } } } }
          },
          "version" : "1.0"
        }
        """#

    static func catalog() throws -> StringCatalog {
        try StringCatalog(data: Data(catalogJSON.utf8), name: "Localizable.xcstrings")
    }

    @Test func readsAStringCatalogLeavingStaleKeysOut() throws {
        let catalog = try Self.catalog()
        #expect(catalog.sourceLanguage == "en")
        #expect(CatalogCheck.languages(of: catalog) == ["en", "es"])
        #expect(catalog.entries["Gone"] == nil)
        #expect(catalog.entries["Welcome %@!"]?["es"] == .single("¡Hola, %@!"))
    }

    @Test func readsOnlyTheLanguagesAskedForAndTheSourceLanguage() throws {
        let english = try StringCatalog(data: Data(Self.catalogJSON.utf8), name: "Localizable.xcstrings", languages: ["en"])
        #expect(english.entries["Welcome %@!"] == [:], "its Spanish is not read")
        #expect(english.entries["%lld vehicles near %@"]?.keys.sorted() == ["en"])
        #expect(english.entries["Gone"] == nil)
        let french = try StringCatalog(data: Data(Self.catalogJSON.utf8), name: "Localizable.xcstrings", languages: ["fr"])
        #expect(french.entries["%lld vehicles near %@"]?.keys.sorted() == ["en"], "the source language's forms are always read")
        #expect(try StringCatalog(data: Data(Self.catalogJSON.utf8), name: "Localizable.xcstrings", languages: ["es"]) == Self.catalog())
        // A form of a language not read is not checked either; one that is read still is.
        let brokenSpanish =
            #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"es":{"variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"x"}}}}}}}}}"#
        #expect(try StringCatalog(data: Data(brokenSpanish.utf8), name: "L.xcstrings", languages: ["en"]).entries["k"] == [:])
        #expect(throws: LocalizationError.self) { try StringCatalog(data: Data(brokenSpanish.utf8), name: "L.xcstrings", languages: ["es"]) }
    }

    @Test func keysKeepWordsAndDataApart() {
        let name = "Ada"
        let count = 3
        let wording: Wording = "\(count) vehicles near \(name)"
        #expect(wording.key == "%lld vehicles near %@")
        #expect(wording.arguments == ["3", "Ada"])
        #expect(wording.numbers == [3, nil])
        #expect(wording.text == "3 vehicles near Ada")
        let percent: Wording = "100% sure"
        #expect(percent.key == "100%% sure" && percent.text == "100% sure")
    }

    @Test func translatesWithPluralsPositionsAndTheLanguagesDigits() throws {
        let spanish = Translator(language: "es", catalog: try Self.catalog())
        let english = Translator(language: "en", catalog: try Self.catalog())
        let place = "Sol"
        func vehicles(_ count: Int) -> Wording { "\(count) vehicles near \(place)" }
        #expect(spanish.text("Welcome \(place)!") == "¡Hola, Sol!")
        #expect(spanish.text(vehicles(1)) == "Sol: 1 vehículo")
        #expect(spanish.text(vehicles(2)) == "Sol: 2 vehículos")
        #expect(spanish.text(vehicles(0)) == "Sol: 0 vehículos")
        #expect(spanish.text(vehicles(1234)) == "Sol: 1234 vehículos")
        #expect(spanish.text(vehicles(12345)) == "Sol: 12.345 vehículos")
        #expect(spanish.text(vehicles(2_000_000)) == "Sol: 2.000.000 de vehículos")
        #expect(english.text(vehicles(1)) == "1 vehicle near Sol")
        #expect(english.text(vehicles(1234)) == "1,234 vehicles near Sol")
        #expect(spanish.text("100% sure") == "100 % seguro")
        // Not in the catalog: the source words, never an empty screen.
        #expect(spanish.text("Not translated \(place)") == "Not translated Sol")
    }

    @Test func pluralCategoriesFollowCLDR() {
        #expect(PluralCategory(1, language: "en") == .one)
        #expect(PluralCategory(0, language: "en") == .other)
        #expect(PluralCategory(1_000_000, language: "es-MX") == .many)
        #expect(PluralCategory(0, language: "fr") == .one)
        #expect(PluralCategory(22, language: "pl") == .few)
        #expect(PluralCategory(12, language: "pl") == .many)
        #expect(PluralCategory(21, language: "ru") == .one)
        #expect(PluralCategory(1, language: "ja") == .other)
    }

    @Test func thePseudoLanguageAccentsAndLengthensWordsButNotData() throws {
        let pseudo = Translator(language: "en-XA", catalog: try Self.catalog())
        let name = "Ada"
        let text = pseudo.text("Welcome \(name)!")
        #expect(text.hasPrefix("[Ŵéļçöɱé Ada!") && text.hasSuffix("]"))
        #expect(text.count >= Int(Double("Welcome Ada!".count) * 1.3))
        let count = 2
        #expect(pseudo.text("\(count) vehicles near \(name)").hasPrefix("[2 véĥíçļéš ñéáŕ Ada·"))
    }

    @Test func placeholderSignaturesTellDisagreeingForms() {
        #expect(Placeholders.signature(of: "%lld vehicles near %@") == Placeholders.signature(of: "%2$@: %1$lld vehículos"))
        #expect(Placeholders.signature(of: "%@ and %@") != Placeholders.signature(of: "%@"))
        #expect(Placeholders.signature(of: "%lld") != Placeholders.signature(of: "%@"))
    }

    @Test func translatesTheWordingOfATreeAndLeavesDataAlone() throws {
        let spanish = Translator(language: "es", catalog: try Self.catalog())
        let name = "Ada"
        let screen = Screen(
            title: "Home",
            content: [.section(Section(title: nil, content: [.text(Text("Welcome \(name)!")), .text(Text(verbatim: "Welcome Ada!"))]))])
        let translated = spanish.translated(screen)
        guard case .section(let section) = translated.content[0], case .text(let wording) = section.content[0],
            case .text(let data) = section.content[1]
        else {
            Issue.record("the tree changed shape")
            return
        }
        #expect(wording.text == "¡Hola, Ada!")
        #expect(data.text == "Welcome Ada!")
    }

    /// Every node kind of the renderers' test, its wording fields all the catalog's key and its
    /// data fields the same words as data: each wording is translated, no data is.
    @Test func translatesEveryWordingFieldOfEveryKindAndNoData() throws {
        let pseudo = Translator(language: "en-XA", catalog: try Self.catalog())
        let words: Wording = "Gone"
        let data = Wording.verbatim("Gone")
        let tree: [UINode] = [
            .section(Section(title: words, content: [.row(Row(title: words, content: [])), .list(ItemList(title: data, content: []))])),
            .image(Image(source: nil, alt: words, placeholder: "G")),
            .tabs(Tabs([.init(title: words, target: .path("/a")), .init(title: data, target: .path("/b"))])),
            .form(
                Form(
                    action: .path("/f"),
                    content: [
                        .field(Field(name: "f", label: words, value: "Gone", error: words, placeholder: words)),
                        .picker(Picker(name: "p", label: words, options: [.init(value: "Gone", label: words), .init(value: "g", label: data)])),
                        .toggle(Toggle(name: "t", label: words, isOn: true, value: "Gone")),
                        .button(Button(words, accessibilityLabel: words, busyTitle: words)),
                    ])),
            .link(Link(words, to: .path("/l"))), .link(Link(data, to: .path("/l"))),
            .progress(ProgressBar(value: 0.5, label: words)), .message(Message(words)), .message(Message(data)),
            .map(
                Map(
                    title: words, center: .init(latitude: 0, longitude: 0),
                    markers: [.init(id: "m", coordinate: .init(latitude: 0, longitude: 0), title: "Gone", kind: "k")])),
            .animation(Animation(name: "reward", label: words)),
        ]
        let translated = pseudo.translated(Screen(title: words, toolbar: [.link(Link(data, to: .path("/t")))], content: tree))
        let document = String(decoding: try JSONEncoder().encode(translated), as: UTF8.self)
        let pseudoGone = pseudo.text(words)
        #expect(pseudoGone != "Gone" && pseudoGone.contains("Ĝ"))
        // 20 wording fields above, each now the pseudo-language's; the data shown as words, 6 times,
        // marked as data ("⟦Gone⟧"); the data no node shows as words (a value), 3 times, as it is.
        #expect(document.components(separatedBy: "\"\(pseudoGone)\"").count - 1 == 20, "\(document)")
        #expect(document.components(separatedBy: "\"⟦Gone⟧\"").count - 1 == 6, "\(document)")
        #expect(document.components(separatedBy: "\"Gone\"").count - 1 == 3, "\(document)")
    }

    /// Amounts, decimals, dates and words of their own inside wording, each as the language
    /// writes it; in English as the view wrote them, with English's own plural forms.
    @Test func partsAreWrittenAsEachLanguageWritesThem() throws {
        let catalog = StringCatalog(
            sourceLanguage: "en",
            entries: [
                "%lld vehicles": [
                    "en": .plural([.one: "%lld vehicle", .other: "%lld vehicles"]),
                    "es": .plural([.one: "%lld vehículo", .many: "%lld de vehículos", .other: "%lld vehículos"]),
                ],
                "Added %@ at %@, %@ km away": ["es": .single("%1$@ añadidos a las %2$@, a %3$@ km")],
            ])
        let (english, spanish) = (Translator(language: "en", catalog: catalog), Translator(language: "es", catalog: catalog))
        let one: Wording = "\(1) vehicles"
        let station: Wording = "\("Bayfront") · \(one)"
        #expect(station.key == "%@ · %@" && station.text == "Bayfront · 1 vehicles")
        #expect(english.text(station) == "Bayfront · 1 vehicle", "English's singular, from the catalog")
        #expect(spanish.text(station) == "Bayfront · 1 vehículo", "a key without a translation still translates its parts")
        let moment = Date(timeIntervalSince1970: 1_800_000_000)
        let added: Wording =
            "Added \(Money(Decimal(string: "5651.96")!, currency: "GBP")) at \(moment, date: .omitted, time: .shortened), \(1.25, fractionDigits: 1) km away"
        // CLDR's spaces: a narrow no-break one before AM, a no-break one before the pound sign.
        #expect(added.text == "Added £5,651.96 at 8:00\u{202F}AM, 1.2 km away")
        #expect(english.text(added) == added.text)
        #expect(spanish.text(added) == "5651,96\u{A0}£ añadidos a las 8:00, a 1,2 km")
        let amount = Screen(title: "Gone", content: [.money(Money(Decimal(string: "5651.96")!, currency: "GBP"))])
        guard case .money(let inSpanish) = spanish.translated(amount).content[0], case .money(let inEnglish) = english.translated(amount).content[0]
        else {
            Issue.record("the tree changed shape")
            return
        }
        #expect(inSpanish.display == "5651,96\u{A0}£" && inEnglish.display == "£5,651.96")
    }

    @Test func refusesACatalogItCannotUseWithWhatIsWrong() {
        #expect(throws: LocalizationError.self) { try StringCatalog(data: Data("{}".utf8), name: "Broken.xcstrings") }
        let noOther =
            #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"es":{"variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"x"}}}}}}}}}"#
        #expect(throws: LocalizationError("Localizable.xcstrings: \"k\" in es has plural forms but no 'other'")) {
            try StringCatalog(data: Data(noOther.utf8), name: "Localizable.xcstrings")
        }
        let unknown =
            #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"es":{"variations":{"plural":{"lots":{"stringUnit":{"state":"translated","value":"x"}},"other":{"stringUnit":{"state":"translated","value":"y"}}}}}}}}}"#
        #expect(throws: LocalizationError.self) { try StringCatalog(data: Data(unknown.utf8), name: "Localizable.xcstrings") }
    }
}
