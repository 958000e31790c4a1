import AtriumSDK
import AtriumTestKit
import Testing

@testable import Pilot

@Suite("Pilot view model")
struct PilotModelTests {
    struct FailingLicenses: LicenseRepository {
        struct Unreadable: Error {}
        func licenses() async throws -> [PilotLicense] { throw Unreadable() }
    }

    let licenses = LoadedLicenses(all: [PilotLicense(type: "PPL", aircrafts: ["C152", "C172", "D40A"])])
    let storage = InMemoryRecordStore()
    let registrar = ModuleRegistrar.testing(PilotModule.manifest)

    var view: PilotView {
        PilotView(
            register: registrar.action("/pilot/register"), validate: registrar.action("/pilot/validate"), logOut: registrar.action("/pilot/logout"))
    }

    func model(licenses: any LicenseRepository) -> PilotModel {
        PilotModel(
            registration: PilotRegistration(licenses: licenses, registrations: StoredRegistrations(records: storage)), page: .path("/pilot"))
    }

    var context: SceneContext { .testing(moduleID: "pilot", storage: storage) }

    static let valid = RegistrationFields(name: "TestUser", license: "PPL", password: "A9sDk3fJ1lM2", verification: "A9sDk3fJ1lM2")

    func registration(_ state: SceneState<PilotState>) -> RegistrationState? {
        if case .loaded(.registration(let registration)) = state { return registration }
        return nil
    }

    func confirmation(_ state: SceneState<PilotState>) -> PilotRegistration.Confirmation? {
        if case .loaded(.confirmation(let confirmation)) = state { return confirmation }
        return nil
    }

    @Test func aNewVisitorSeesAnEmptyFormWithoutErrorsAndRegisterDisabled() async throws {
        let state = try #require(registration(try await model(licenses: licenses).load(context)))
        #expect(state.showsErrors == false)
        #expect(state.errors.isValid == false)
        #expect(state.licenses.map(\.type) == ["PPL"])
        let screen = view.screen(for: .registration(state))
        #expect(screen.title == "Register")
        let form = try #require(screen.content.compactMap { if case .form(let form) = $0 { form } else { nil } }.first)
        #expect(form.action == .path("/pilot/register"))
        #expect(form.liveValidation == .path("/pilot/validate"))
        #expect(form.content.last == .button(Button("Register", isEnabled: false)))
        #expect(!form.content.contains { if case .field(let field) = $0 { field.error != nil } else { false } })
    }

    @Test func anInvalidRegistrationAnswers422WithEveryErrorAndNoPasswordEchoed() async throws {
        let fields = RegistrationFields(name: "  ", license: nil, password: "short1A", verification: "other")
        let outcome = try await model(licenses: licenses).perform(.register(fields), context: context)
        guard case .invalid(.registration(let state)) = outcome else {
            Issue.record("expected the form again as invalid, got \(outcome)")
            return
        }
        #expect(state.showsErrors)
        #expect(
            state.errors
                == RegistrationErrors(name: .invalidName, license: .invalidLicense, password: .shortPassword, verification: .verificationMismatch))
        #expect(state.form.password.isEmpty && state.form.verification.isEmpty)
        #expect(state.form.name == "  ")
        #expect(try await storage.records(RegisteredPilot.self, in: StoredRegistrations.collection).isEmpty)
    }

    @Test func aValidRegistrationRedirectsToConfirmation() async throws {
        let model = model(licenses: licenses)
        let outcome = try await model.perform(.register(Self.valid), context: context)
        guard case .navigate(.path("/pilot")) = outcome else {
            Issue.record("expected a redirect to the pilot page, got \(outcome)")
            return
        }
        let confirmation = try #require(confirmation(try await model.load(context)))
        #expect(confirmation.name == "TestUser")
        #expect(confirmation.license.aircrafts == ["C152", "C172", "D40A"])
        let stored = try await storage.records(RegisteredPilot.self, in: StoredRegistrations.collection)
        #expect(stored == [RegisteredPilot(name: "TestUser", licenseType: "PPL")], "the password is not stored")

        let screen = view.screen(for: .confirmation(confirmation))
        #expect(screen.title == "Confirmation")
        #expect(screen.content.contains(.heading(Heading("Welcome TestUser!"))))
        #expect(screen.content.contains(.text(Text("Your license is PPL"))))
        #expect(screen.content.contains(.button(Button("Logout", style: .secondary, action: .path("/pilot/logout")))))
    }

    @Test func liveValidationShowsErrorsWithoutSaving() async throws {
        let fields = RegistrationFields(name: "TestUser", license: "PPL", password: "A9sDk3fJ1lM2TestUser", verification: "")
        let outcome = try await model(licenses: licenses).perform(.validate(fields), context: context)
        guard case .show(.registration(let state)) = outcome else {
            Issue.record("expected the form with status 200, got \(outcome)")
            return
        }
        #expect(state.errors.password == .passwordContainsName)
        #expect(state.errors.verification == .verificationMismatch)
        #expect(try await storage.records(RegisteredPilot.self, in: StoredRegistrations.collection).isEmpty)
    }

    @Test func logoutDeletesTheRegistration() async throws {
        let model = model(licenses: licenses)
        guard case .navigate = try await model.perform(.register(Self.valid), context: context) else {
            Issue.record("the registration failed, so logging out proves nothing")
            return
        }
        #expect(confirmation(try await model.load(context)) != nil, "registered before logging out")
        guard case .navigate(.path("/pilot")) = try await model.perform(.logOut, context: context) else {
            Issue.record("logging out did not lead back to the pilot page")
            return
        }
        #expect(registration(try await model.load(context)) != nil)
        #expect(try await storage.records(RegisteredPilot.self, in: StoredRegistrations.collection).isEmpty)
    }

    @Test func licensesThatCannotBeLoadedShowTheGenericError() async throws {
        let state = try await model(licenses: FailingLicenses()).load(context)
        #expect(state == .failed("An error occurred, please restart the app."))
    }

    @Test func aRegistrationThatCannotBeSavedIsUnavailableNotLost() async throws {
        let outcome = try await model(licenses: FailingLicenses()).perform(.register(Self.valid), context: context)
        guard case .unavailable(let message) = outcome else {
            Issue.record("expected the failed state, got \(outcome)")
            return
        }
        #expect(message == "An error occurred, please restart the app.")
    }
}
