import AtriumHost
import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import Pilot

/// What trying to break Pilot found: checks that took seconds on long input, limits that combining
/// marks slipped past, a registration lost at sign-in.
@Suite("Pilot hardening")
struct PilotHardeningTests {
    static func host() async throws -> TestHost {
        try await TestHost.boot(
            modules: [PilotModule.self, TestSignInModule.self],
            configuration: "modules: [pilot, test-sign-in]\npilot:\n  licensesFile: \(PilotHostTests.licensesFile)\n")
    }

    let validator = RegistrationValidator()
    let licenses = [PilotLicense(type: "PPL", aircrafts: ["C152"])]

    @Test(.timeLimit(.minutes(1))) func longInputIsRefusedBeforeAnyRuleReadsIt() {
        let long = String(repeating: "a", count: 1_000_000)
        #expect(validator.validateName(long) == .nameTooLong)
        #expect(validator.validatePassword(long, name: String(repeating: "a", count: 100_000)) == .passwordTooLong)
        let form = RegistrationForm(name: long, licenseType: long, password: long, verification: long)
        #expect(
            validator.validate(form, licenses: licenses)
                == RegistrationErrors(
                    name: .nameTooLong, license: .invalidLicense, password: .passwordTooLong, verification: .verificationMismatch))
    }

    @Test func combiningMarksCountInBytes() {
        #expect(validator.validateName("Z" + String(repeating: "\u{301}", count: 5000)) == .nameTooLong)
        #expect(validator.validateName(String(repeating: "é", count: 100)) == nil, "100 accented letters are fine")
        #expect(validator.validateName(String(repeating: "é", count: 101)) == .nameTooLong)
        #expect(validator.validatePassword(String(repeating: "é", count: 65), name: "") == .passwordTooLong, "130 bytes")
        #expect(RegistrationError.nameTooLong.description == "Name must be at most 100 characters.")
    }

    @Test func theNameRuleStillFollowsTheOriginalPattern() {
        for name in ["TestUser", " a ", "\u{301}"] { #expect(validator.validateName(name) == nil, "\(name.debugDescription)") }
        for name in ["", "   ", "\t", "a\nb", "\n", "\u{00A0}"] { #expect(validator.validateName(name) == .invalidName, "\(name.debugDescription)") }
    }

    @Test(.timeLimit(.minutes(1))) func aLongNamePostedToLiveValidationAnswersAtOnce() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/pilot")
            let page = try await browser.postForScreen(
                "/pilot/validate", form: ["name": String(repeating: "n", count: 100_000), "password": String(repeating: "p", count: 100_000)])
            #expect(page.status == 200)
            let screen = try page.screen
            #expect(screen.field(named: "name")?.error == "Name must be at most 100 characters.")
            #expect(screen.field(named: "password")?.error?.text.hasPrefix("Password must be at most 128 bytes") == true)
        }
    }

    @Test func aRegistrationMadeBeforeSigningInIsKept() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/pilot")
            #expect(try await browser.post("/pilot/register", form: PilotHostTests.valid).status == 303)
            try await browser.signIn(as: "ada")
            #expect(try await browser.getScreen("/pilot").screen.shows("Welcome TestUser!"), "the registration followed the visitor")
            try await browser.signOut()
            #expect(try await browser.getScreen("/pilot").screen.title == "Register", "signed out, a new visitor starts blank")
            var other = PilotHostTests.valid
            other["name"] = "Someone"
            _ = try await browser.post("/pilot/register", form: other)
            try await browser.signIn(as: "ada")
            #expect(try await browser.getScreen("/pilot").screen.shows("Welcome TestUser!"), "the account's own registration stays")
        }
    }

    @Test func passwordFieldsAskForANewPassword() async throws {
        let host = try await Self.host()
        defer { host.tearDown() }
        let screen = try await host.run { try await $0.getScreen("/pilot").screen }
        let passwords = screen.nodes.compactMap { if case .field(let field) = $0, field.kind == .password { field } else { nil } }
        #expect(passwords.count == 2 && passwords.allSatisfy { $0.autofill == .newPassword })
    }
}
