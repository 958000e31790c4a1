import AtriumConfiguration
import AtriumHost
import AtriumSDK
import AtriumTestKit
import Foundation
import HTTPTypes
import Testing

@testable import Pilot

@Suite("Pilot served by the host")
struct PilotHostTests {
    static let licensesFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Configuration/pilot-licenses.json").path

    static func host(licensesFile: String = licensesFile) async throws -> TestHost {
        try await TestHost.boot(modules: [PilotModule.self], configuration: "modules: [pilot]\npilot:\n  licensesFile: \(licensesFile)\n")
    }

    static let valid = ["name": "TestUser", "license": "PPL", "password": "A9sDk3fJ1lM2", "verification": "A9sDk3fJ1lM2"]

    @Test func theWholeFlowRegistersConfirmsAndLogsOut() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let form = try await browser.getScreen("/pilot").screen
            #expect(form.title == "Register")
            #expect(form.field(named: "name")?.label == "Name")
            #expect(form.picker(named: "license")?.label == "Pilot license type:")
            #expect(form.field(named: "password")?.label == "Password")
            #expect(form.field(named: "verification")?.label == "Password verification")
            let registered = try await browser.post("/pilot/register", form: Self.valid)
            #expect(registered.status == 303)
            #expect(registered.location == "/pilot")
            let confirmation = try await browser.getScreen("/pilot").screen
            #expect(confirmation.title == "Confirmation")
            #expect(confirmation.shows("Welcome TestUser!"))
            #expect(confirmation.shows("Your license is PPL"))
            let aircraft = confirmation.nodes.lazy.compactMap { if case .list(let list) = $0 { list } else { nil } }.first
            #expect(aircraft?.title == "Your allowed aircrafts are:")
            #expect(aircraft?.content == ["C152", "C172", "D40A"].map { .text(Text(verbatim: $0)) })
            let loggedOut = try await browser.post("/pilot/logout", form: [:])
            #expect(loggedOut.location == "/pilot")
            #expect(try await browser.getScreen("/pilot").screen.title == "Register")
        }
    }

    @Test func theConfirmationIsInTheLanguageTheVisitorAsksFor() async throws {
        let host = try await TestHost.boot(
            modules: [PilotModule.self],
            configuration: "modules: [pilot]\npilot:\n  licensesFile: \(Self.licensesFile)\nlocalization:\n  languages: [en, es]\n")
        defer { host.tearDown() }
        try await host.run { browser in
            #expect(try await browser.get("/pilot").status == 200)
            #expect(try await browser.post("/pilot/register", form: Self.valid).status == 303)
            func page(_ language: String?, tag: String? = nil) async throws -> TestPage {
                var headers: HTTPFields = [.accept: "application/json"]
                if let language { headers[.acceptLanguage] = language }
                if let tag { headers[.ifNoneMatch] = tag }
                return try await browser.send("/pilot", method: .get, headers: headers)
            }
            let spanish = try await page("es-MX, en;q=0.5")
            #expect(spanish.status == 200)
            #expect(try spanish.screen.shows("¡Te damos la bienvenida, TestUser!") && spanish.screen.shows("Tu licencia es PPL"))
            #expect(try spanish.screen.texts.suffix(3) == ["C152", "C172", "D40A"], "aircraft are data")
            #expect(spanish.headers[.vary] == "Accept, Accept-Language, Cookie")
            let english = try await page("fr, en;q=0.8, es;q=0.7")
            #expect(try english.screen.shows("Your license is PPL"))
            #expect(english.headers[.eTag] != spanish.headers[.eTag], "another language is another page")
            // Asked again with its tag in its language: 304; with the other language's tag: the page.
            #expect(try await page("es", tag: spanish.headers[.eTag]).status == 304)
            #expect(try await page("en", tag: spanish.headers[.eTag]).status == 200)
            let text = try await browser.send("/pilot", method: .get, headers: [.accept: "text/plain", .acceptLanguage: "es"])
            #expect(text.body.contains("Tu licencia es PPL"))
            // Nothing asked for, or only what is not offered (q=0 is "not this"): the default.
            #expect(try await page(nil).screen.shows("Your license is PPL"))
            #expect(try await page("es;q=0, de").screen.shows("Your license is PPL"))
            // A choice kept in the cookie wins over the header; one not offered is not taken.
            browser.setCookie("atrium_language", "ES")
            #expect(try await page("en").screen.shows("Tu licencia es PPL"))
            browser.setCookie("atrium_language", "xx-forged")
            #expect(try await page("en").screen.shows("Your license is PPL"))
        }
    }

    @Test func aLanguageThatIsNotOfferedOrNotATagIsABootError() async throws {
        for (localization, message) in [
            ("languages: [en, es]\n  default: fr", "'fr' is not one of the languages offered (en, es)"),
            ("languages: [en, 'e s']", "'e s' is not a language tag"),
            ("languages: []", "is empty"),
            ("languages: [en, EN]", "lists a language twice"),
        ] {
            let error = await #expect(throws: ConfigurationError.self) {
                try await TestHost.boot(
                    modules: [PilotModule.self],
                    configuration: "modules: [pilot]\npilot:\n  licensesFile: \(Self.licensesFile)\nlocalization:\n  \(localization)\n")
            }
            let messages = error?.problems.map { "\($0.key) \($0.message)" } ?? []
            #expect(messages.contains { $0.hasPrefix("localization.") && $0.contains(message) }, "\(localization): \(messages)")
        }
    }

    @Test func aFormPostWithErrorsAnswers422WithEveryMessage() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/pilot")
            let page = try await browser.postForScreen(
                "/pilot/register", form: ["name": "   ", "license": "", "password": "abc", "verification": "abd"])
            #expect(page.status == 422)
            let screen = try page.screen
            #expect(screen.field(named: "name")?.error == "Must contain at least one non-whitespace character.")
            #expect(screen.picker(named: "license")?.error == "A valid type of pilot license should be inserted.")
            #expect(screen.field(named: "password")?.error == "Password must be at least 12 characters.")
            #expect(screen.field(named: "verification")?.error == "Must be identical to the password.")
            #expect(screen.field(named: "password")?.value == "", "passwords are not sent back")
        }
    }

    @Test func aFormPostedAfterARegistrationElsewhereAnswers409WithTheInputKept() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let form = try await browser.getScreen("/pilot").screen.form(posting: RegistrationScene.register())
            let basis = try #require(form?.basis)
            #expect(basis == RegistrationScene.basis(of: nil))
            #expect(try await browser.post("/pilot/register", form: Self.valid.merging(["name": "Other Tab"]) { $1 }).status == 303)
            let logout = try await browser.getScreen("/pilot").screen.button(titled: "Logout")
            #expect(logout?.basis != nil && logout?.basis != basis, "Logout is made on the registration shown")

            let stale = try await browser.postForScreen(
                "/pilot/register", form: Self.valid.merging(["name": "Old Tab", "_basis": basis.digest]) { $1 })
            #expect(stale.status == 409)
            let screen = try stale.screen
            #expect(screen.messages.first?.kind == .warning)
            #expect(screen.mentions("You registered as Other Tab on another page since this form was shown"))
            #expect(screen.field(named: "name")?.value == "Old Tab", "the input is kept")
            #expect(screen.field(named: "password")?.value == "", "never a password")
            #expect(try await browser.getScreen("/pilot").screen.shows("Welcome Other Tab!"))
        }
    }

    @Test func twoVisitorsRegisteringAtOnceDoNotSeeEachOther() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        async let first: Screen = host.run { browser in
            _ = try await browser.get("/pilot")
            _ = try await browser.post("/pilot/register", form: Self.valid.merging(["name": "Amelia"]) { $1 })
            return try await browser.getScreen("/pilot").screen
        }
        async let second: Screen = host.run { browser in
            _ = try await browser.get("/pilot")
            _ = try await browser.post(
                "/pilot/register",
                form: ["name": "Chuck", "license": "ATPL", "password": "B9sDk3fJ1lM2", "verification": "B9sDk3fJ1lM2"]
            )
            return try await browser.getScreen("/pilot").screen
        }
        let (amelia, chuck) = try await (first, second)
        #expect(amelia.shows("Welcome Amelia!") && !amelia.texts.contains { $0.contains("Chuck") })
        #expect(chuck.shows("Welcome Chuck!") && chuck.shows("Your license is ATPL") && !chuck.texts.contains { $0.contains("Amelia") })
        let newcomer = try await host.run { try await $0.getScreen("/pilot").screen }
        #expect(newcomer.title == "Register", "a third visitor starts with no registration")
    }

    @Test func liveValidationAnswersJSONWithFieldErrors() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let page = try await browser.getScreen("/pilot").screen
            #expect(page.form(posting: RegistrationScene.register())?.liveValidation == RegistrationScene.validate())
            let answer = try await browser.postJSON("/pilot/validate", json: #"{"name": "TestUser", "password": "A9sDk3fJ1lM2testuser"}"#)
            #expect(answer.status == 200)
            let screen = try answer.screen
            #expect(screen.field(named: "password")?.error == "Password should not contains username.")
            #expect(screen.button(titled: "Register")?.isEnabled == false)
        }
    }

    @Test func aMalformedLicensesFileIsABootErrorNamingTheFile() async throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "licenses-\(UUID().uuidString).json")
        try #"{"pilot-licenses": [{"type": "PPL", "aircrafts": ["C152"]}"#.write(to: file, atomically: true, encoding: .utf8)
        await #expect {
            _ = try await Self.host(licensesFile: file.path)
        } throws: { error in
            let problems = (error as? ConfigurationError)?.problems ?? []
            return problems.count == 1 && problems[0].key == "pilot.licensesFile" && problems[0].message == "\(file.path): it is not valid JSON"
        }
    }

    @Test func aLicenseWithoutAircraftIsABootError() async throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "licenses-\(UUID().uuidString).json")
        try #"{"pilot-licenses": [{"type": "PPL", "aircrafts": []}]}"#.write(to: file, atomically: true, encoding: .utf8)
        await #expect {
            _ = try await Self.host(licensesFile: file.path)
        } throws: { error in
            (error as? ConfigurationError)?.problems.first?.message == "\(file.path): license PPL has no aircraft"
        }
    }

    @Test func aMissingLicensesFileIsABootError() async throws {
        await #expect {
            _ = try await Self.host(licensesFile: "/nonexistent/licenses.json")
        } throws: { error in
            (error as? ConfigurationError)?.problems.first?.description.contains("/nonexistent/licenses.json: the file cannot be read") == true
        }
    }

    @Test func aLicensesFileTooLargeOrAFolderIsABootError() async throws {
        let large = FileManager.default.temporaryDirectory.appending(path: "licenses-\(UUID().uuidString).json")
        try Data(repeating: UInt8(ascii: " "), count: LicenseFile.maximumSize + 1).write(to: large)
        defer { try? FileManager.default.removeItem(at: large) }
        await #expect {
            _ = try await Self.host(licensesFile: large.path)
        } throws: { error in
            (error as? ConfigurationError)?.problems.first?.message == "\(large.path): the file is more than 1024 KiB; at most 1024 KiB is read"
        }
        let folder = FileManager.default.temporaryDirectory.path
        await #expect {
            _ = try await Self.host(licensesFile: folder)
        } throws: { error in
            (error as? ConfigurationError)?.problems.first?.message.hasPrefix("\(folder): the file cannot be read") == true
        }
    }
}
