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

    func model(licenses: any LicenseRepository) -> PilotModel {
        PilotModel(registration: PilotRegistration(licenses: licenses, registrations: StoredRegistrations(records: storage)))
    }

    var context: SceneContext { .testing(moduleID: "pilot", storage: storage) }

    func registration(_ state: SceneState<PilotState>) -> RegistrationState? {
        if case .loaded(.registration(let registration)) = state { return registration }
        return nil
    }

    @Test func aNewVisitorSeesAnEmptyFormWithoutErrorsAndRegisterDisabled() async throws {
        let state = try #require(registration(try await model(licenses: licenses).load(context)))
        #expect(state.showsErrors == false)
        #expect(state.errors.isValid == false)
        #expect(state.licenses.map(\.type) == ["PPL"])
        let screen = PilotView().screen(for: .registration(state), context: .init(sceneTitle: "Pilot", currentPath: "/pilot"))
        #expect(screen.title == "Register")
        guard case .form(let form) = screen.content.first else { Issue.record("no form"); return }
        #expect(form.content.last == .button(Button("Register", isEnabled: false)))
        #expect(!form.content.contains { if case .field(let field) = $0 { field.error != nil } else { false } })
    }

    @Test func anInvalidRegistrationAnswers422WithEveryErrorAndNoPasswordEchoed() async throws {
        let action = RegisterAction(name: "  ", license: nil, password: "short1A", verification: "other")
        let outcome = try await model(licenses: licenses).register(action, context: context)
        guard case .render(.loaded(.registration(let state)), let status) = outcome else {
            Issue.record("expected the form again, got \(outcome)")
            return
        }
        #expect(status == .unprocessableContent)
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
        let action = RegisterAction(name: "TestUser", license: "PPL", password: "A9sDk3fJ1lM2", verification: "A9sDk3fJ1lM2")
        let outcome = try await model.register(action, context: context)
        guard case .navigate(.route("pilot", _)) = outcome else {
            Issue.record("expected a redirect to the pilot route, got \(outcome)")
            return
        }
        let loaded = try await model.load(context)
        guard case .loaded(.confirmation(let confirmation)) = loaded else {
            Issue.record("expected confirmation, got \(loaded)")
            return
        }
        #expect(confirmation.name == "TestUser")
        #expect(confirmation.license.aircrafts == ["C152", "C172", "D40A"])
        let stored = try await storage.records(RegisteredPilot.self, in: StoredRegistrations.collection)
        #expect(stored == [RegisteredPilot(name: "TestUser", licenseType: "PPL")], "the password is not stored")

        let screen = PilotView().screen(for: .confirmation(confirmation), context: .init(sceneTitle: "Pilot", currentPath: "/pilot"))
        #expect(screen.title == "Confirmation")
        #expect(screen.content.contains(.heading(Heading("Welcome TestUser!"))))
        #expect(screen.content.contains(.text(Text("Your license is PPL"))))
    }

    @Test func liveValidationShowsErrorsWithoutSaving() async throws {
        let action = RegisterAction(name: "TestUser", license: "PPL", password: "A9sDk3fJ1lM2TestUser", verification: "")
        let outcome = try await model(licenses: licenses).validate(action, context: context)
        guard case .render(.loaded(.registration(let state)), .ok) = outcome else {
            Issue.record("expected the form with status 200, got \(outcome)")
            return
        }
        #expect(state.errors.password == .passwordContainsName)
        #expect(state.errors.verification == .verificationMismatch)
        #expect(try await storage.records(RegisteredPilot.self, in: StoredRegistrations.collection).isEmpty)
    }

    @Test func logoutDeletesTheRegistration() async throws {
        let model = model(licenses: licenses)
        _ = try await model.register(
            RegisterAction(name: "TestUser", license: "PPL", password: "A9sDk3fJ1lM2", verification: "A9sDk3fJ1lM2"),
            context: context
        )
        _ = try await model.logOut(context: context)
        #expect(registration(try await model.load(context)) != nil)
    }

    @Test func licensesThatCannotBeLoadedShowTheGenericError() async throws {
        let state = try await model(licenses: FailingLicenses()).load(context)
        #expect(state == .failed("An error occurred, please restart the app."))
    }
}
