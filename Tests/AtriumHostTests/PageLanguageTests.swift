import AtriumTestKit
import HTTPTypes
import Testing

@testable import AtriumFixtures

/// The HTML says the language each page is answered in, as the host chose it; a host offering one
/// language says that one and varies with nothing more.
@Suite("Page language")
struct PageLanguageTests {
    @Test func theHTMLSaysTheLanguageTheHostChose() async throws {
        let host = try await Fixture.host(Fixture.notesAndAccounts + "\nlocalization:\n  languages: [en, es, en-XA]\n  default: es\n")
        defer { host.tearDown() }
        try await host.run { browser in
            func lang(_ acceptLanguage: String?) async throws -> String? {
                var headers: HTTPFields = [.accept: "text/html"]
                if let acceptLanguage { headers[.acceptLanguage] = acceptLanguage }
                let page = try await browser.send("/notes", method: .get, headers: headers)
                #expect(page.status == 200 && page.headers[.vary] == "Accept, Accept-Language, Cookie")
                return page.body.firstMatch(of: /<html lang="([^"]*)">/).map { String($0.1) }
            }
            let none = try await lang(nil)
            #expect(none == "es", "no header: the default")
            let english = try await lang("en-GB,en;q=0.9")
            #expect(english == "en")
            let pseudo = try await lang("en-XA")
            #expect(pseudo == "en-XA", "the pseudo-language when it is asked for by name")
            let anything = try await lang("de, *;q=0.1")
            #expect(anything == "es", "anything: the default")
            browser.setCookie("atrium_language", "en\"><script>")
            let forged = try await lang("en")
            #expect(forged == "en", "a forged choice is not taken, and never written")
        }
    }

    @Test func aHostOfferingOneLanguageSaysItAndVariesAsBefore() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let page = try await browser.send("/notes", method: .get, headers: [.accept: "text/html", .acceptLanguage: "es"])
            #expect(page.body.contains(#"<html lang="en">"#))
            #expect(page.headers[.vary] == "Accept, Cookie")
        }
    }

    @Test func theHostsOwnPagesAndWordsAreInTheVisitorsLanguage() async throws {
        let host = try await Fixture.host(Fixture.notesAndAccounts + "\nlocalization:\n  languages: [en, es]\n")
        defer { host.tearDown() }
        try await host.run { browser in
            func page(_ path: String, _ language: String) async throws -> (status: Int, body: String) {
                let answer = try await browser.send(path, method: .get, headers: [.accept: "text/html", .acceptLanguage: language])
                return (answer.status, answer.body)
            }
            let missing = try await page("/no/such/page", "es-ES,es;q=0.9")
            #expect(missing.status == 404)
            #expect(missing.body.contains("<h1>Página no encontrada</h1>") && missing.body.contains("Ir a la página de inicio"))
            #expect(missing.body.contains(##"<a class="skip-link" href="#main">Saltar al contenido</a>"##))
            #expect(missing.body.contains(#"data-updated="Esta página se ha actualizado.""#), "the script's announcement, in Spanish")
            #expect(!missing.body.contains("Page not found") && !missing.body.contains("Skip to content"))
            let home = try await page("/", "es")
            #expect(home.body.contains("Módulos") && home.body.contains(#"aria-label="Secciones""#))
            let english = try await page("/no/such/page", "en")
            #expect(english.body.contains("<h1>Page not found</h1>") && english.body.contains(">Skip to content</a>"))
            #expect(!english.body.contains("data-updated"), "English pages leave the script's own words")
        }
    }

    @Test func theLanguagePageKeepsAnOfferedChoiceAndGoesBack() async throws {
        let host = try await Fixture.host(Fixture.notesAndAccounts + "\nlocalization:\n  languages: [en, es]\n")
        defer { host.tearDown() }
        try await host.run { browser in
            let notes = try await browser.send("/notes", method: .get, headers: [.accept: "text/html", .acceptLanguage: "es"])
            #expect(notes.body.contains(#"<a class="language-link" href="/language">Idioma</a>"#), "every page links to it, in its language")
            #expect(!notes.body.contains(#"action="/language"#), "no page but the language page has its form")
            let page = try await browser.send("/language?returnTo=/notes", method: .get, headers: [.accept: "text/html", .acceptLanguage: "es"])
            #expect(page.status == 200 && page.body.contains("<h1>Idioma</h1>"))
            #expect(
                page.body.contains(#"<option value="es" selected>Español</option>"#) && page.body.contains(#"<option value="en">English</option>"#))
            #expect(page.body.contains(#"action="/language?returnTo=/notes""#))
            let chosen = try await browser.post("/language?returnTo=/notes", form: ["language": "en"])
            #expect(chosen.status == 303 && chosen.headers[.location] == "/notes")
            #expect(chosen.setCookies.contains { $0.hasPrefix("atrium_language=en;") && $0.contains("HttpOnly") && $0.contains("SameSite=Lax") })
            let english = try await browser.send("/notes", method: .get, headers: [.accept: "text/html", .acceptLanguage: "es"])
            #expect(english.body.contains(#"<html lang="en">"#), "the choice wins over Accept-Language")
            #expect(english.body.contains(#">Language</a>"#))
            let refused = try await browser.post("/language?returnTo=//evil.example", form: ["language": "de"])
            #expect(refused.status == 422 && refused.body.contains("Choose one of the languages listed."))
            #expect(refused.setCookies.allSatisfy { !$0.hasPrefix("atrium_language") }, "only an offered language is ever kept")
            let forged = try await browser.post("/language", form: ["language": "es"], csrfToken: "")
            #expect(forged.status == 403, "a cookie form like any other: its token is checked")
            let away = try await browser.post("/language?returnTo=//evil.example", form: ["language": "es"])
            #expect(away.status == 303 && away.headers[.location] == "/", "never back to another site")
        }
    }

    @Test func aSignedInPersonsChoiceIsKeptOnTheAccountAndEveryDeviceTakesItAtSignIn() async throws {
        let host = try await Fixture.host(Fixture.notesAndAccounts + "\nlocalization:\n  languages: [en, es]\n")
        defer { host.tearDown() }
        try await host.run { phone in
            func signIn(_ browser: TestBrowser, as name: String) async throws -> TestPage {
                _ = try await browser.get("/accounts/sign-in")
                return try await browser.post("/accounts/sign-in", form: ["name": name])
            }
            func language(_ browser: TestBrowser) async throws -> String? {
                let page = try await browser.send("/notes", method: .get, headers: [.accept: "text/html", .acceptLanguage: "en"])
                return page.body.firstMatch(of: /<html lang="([^"]*)">/).map { String($0.1) }
            }
            // Ada chooses Spanish on her phone while signed in.
            _ = try await signIn(phone, as: "ada")
            _ = try await phone.get("/language")
            #expect(try await phone.post("/language", form: ["language": "es"]).status == 303)
            #expect(try await language(phone) == "es")
            // Her laptop, which chose English before, signs in: it takes the account's Spanish.
            let laptop = phone.anotherVisitor()
            laptop.setCookie("atrium_language", "en")
            let signedIn = try await signIn(laptop, as: "ada")
            #expect(signedIn.setCookies.contains { $0.hasPrefix("atrium_language=es;") && $0.contains("HttpOnly") })
            #expect(try await language(laptop) == "es")
            // Grace has kept no language: the Spanish her tablet chose signed out becomes her account's.
            let tablet = phone.anotherVisitor()
            tablet.setCookie("atrium_language", "es")
            let graceIn = try await signIn(tablet, as: "grace")
            #expect(!graceIn.setCookies.contains { $0.hasPrefix("atrium_language=") }, "the device's choice stands")
            let desk = phone.anotherVisitor()
            _ = try await signIn(desk, as: "grace")
            #expect(try await language(desk) == "es", "and every other device takes it at sign-in")
            // Someone who never chose keeps the page's negotiated language and sets no cookie.
            let kiosk = phone.anotherVisitor()
            let linIn = try await signIn(kiosk, as: "lin")
            #expect(!linIn.setCookies.contains { $0.hasPrefix("atrium_language=") })
            #expect(try await language(kiosk) == "en")
        }
    }

    @Test func aHostOfferingOneLanguageHasNoLanguagePageAndNoLink() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let language = try await browser.get("/language")
            #expect(language.status == 404)
            let notes = try await browser.get("/notes")
            #expect(!notes.body.contains("language-link"))
        }
    }
}
