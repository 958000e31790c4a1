import AtriumHost
import AtriumSDK
import AtriumTestKit
import Foundation
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
            let form = try await browser.get("/pilot")
            #expect(form.body.contains("<h1>Register</h1>"))
            for label in ["Name", "Pilot license type:", "Password", "Password verification"] {
                #expect(form.body.contains(">\(label)</label>"))
            }
            let registered = try await browser.post("/pilot/register", form: Self.valid)
            #expect(registered.status == 303)
            #expect(registered.location == "/pilot")
            let confirmation = try await browser.get("/pilot")
            #expect(confirmation.body.contains("<h1>Confirmation</h1>"))
            #expect(confirmation.body.contains("Welcome TestUser!"))
            #expect(confirmation.body.contains("Your license is PPL"))
            #expect(confirmation.body.contains("Your allowed aircrafts are:"))
            for aircraft in ["C152", "C172", "D40A"] { #expect(confirmation.body.contains(">\(aircraft)<")) }
            let loggedOut = try await browser.post("/pilot/logout", form: [:])
            #expect(loggedOut.location == "/pilot")
            #expect(try await browser.get("/pilot").body.contains("<h1>Register</h1>"))
        }
    }

    @Test func aFormPostWithErrorsAnswers422WithEveryMessage() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/pilot")
            let page = try await browser.post("/pilot/register", form: ["name": "   ", "license": "", "password": "abc", "verification": "abd"])
            #expect(page.status == 422)
            for message in [
                "Must contain at least one non-whitespace character.", "A valid type of pilot license should be inserted.",
                "Password must be at least 12 characters.", "Must be identical to the password.",
            ] {
                #expect(page.body.contains(message))
            }
            #expect(!page.body.contains("value=\"abc\""), "passwords are not sent back")
        }
    }

    @Test func twoVisitorsRegisteringAtOnceDoNotSeeEachOther() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        async let first: String = host.run { browser in
            _ = try await browser.get("/pilot")
            _ = try await browser.post("/pilot/register", form: Self.valid.merging(["name": "Amelia"]) { $1 })
            return try await browser.get("/pilot").body
        }
        async let second: String = host.run { browser in
            _ = try await browser.get("/pilot")
            _ = try await browser.post(
                "/pilot/register",
                form: ["name": "Chuck", "license": "ATPL", "password": "B9sDk3fJ1lM2", "verification": "B9sDk3fJ1lM2"]
            )
            return try await browser.get("/pilot").body
        }
        let (amelia, chuck) = try await (first, second)
        #expect(amelia.contains("Welcome Amelia!") && !amelia.contains("Chuck"))
        #expect(chuck.contains("Welcome Chuck!") && chuck.contains("Your license is ATPL") && !chuck.contains("Amelia"))
        let newcomer = try await host.run { try await $0.get("/pilot") }
        #expect(newcomer.body.contains("<h1>Register</h1>"), "a third visitor starts with no registration")
    }

    @Test func liveValidationAnswersJSONWithFieldErrors() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            let page = try await browser.get("/pilot")
            #expect(page.body.contains(#"data-validate="/pilot/validate""#))
            #expect(page.body.contains("data-requires-valid"))
            #expect(!page.body.contains(" disabled"), "without JavaScript the button works")
            let answer = try await browser.postJSON("/pilot/validate", json: #"{"name": "TestUser", "password": "A9sDk3fJ1lM2testuser"}"#)
            #expect(answer.status == 200)
            #expect(answer.body.contains("Password should not contains username."))
            #expect(answer.body.contains(#""isEnabled":false"#))
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
}
