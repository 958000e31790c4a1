import Testing

@testable import Pilot

@Suite("Pilot registration rules")
struct RegistrationValidatorTests {
    let validator = RegistrationValidator()
    let licenses = [
        PilotLicense(type: "PPL", aircrafts: ["C152", "C172", "D40A"]),
        PilotLicense(type: "ATPL", aircrafts: ["B737", "A380", "B747"]),
    ]

    @Test func testUserIsAValidName() {
        #expect(validator.validateName("TestUser") == nil)
    }

    @Test(arguments: ["", "   ", "\t"])
    func blankNamesAreInvalid(_ name: String) {
        #expect(validator.validateName(name) == .invalidName)
        #expect(RegistrationError.invalidName.description == "Must contain at least one non-whitespace character.")
    }

    @Test func aValidPasswordPasses() {
        #expect(validator.validatePassword("A9sDk3fJ1lM2", name: "TestUser") == nil)
    }

    @Test func anEmptyPasswordIsReportedAsEmpty() {
        #expect(validator.validatePassword("", name: "TestUser") == .emptyPassword)
        #expect(RegistrationError.emptyPassword.description == "Password cannot be empty.")
    }

    @Test func aShortPasswordIsReportedAsShort() {
        #expect(validator.validatePassword("A9sDk3fJ1lM", name: "TestUser") == .shortPassword)
        #expect(RegistrationError.shortPassword.description == "Password must be at least 12 characters.")
    }

    @Test(arguments: ["A9SDK3FJ1LM2", "a9sdk3fj1lm2", "asdkfjlMXxxx", "123456789012"])
    func passwordsWithoutEveryKindOfCharacterAreReportedAsFormat(_ password: String) {
        #expect(validator.validatePassword(password, name: "TestUser") == .passwordFormat)
        #expect(RegistrationError.passwordFormat.description == "Password must be a combination of uppercase, lowercase and numbers.")
    }

    @Test func aPasswordContainingTheNameIsReportedWhateverTheCase() {
        #expect(validator.validatePassword("A9sDk3fJ1lM2TestUser", name: "testUser") == .passwordContainsName)
        #expect(RegistrationError.passwordContainsName.description == "Password should not contains username.")
    }

    @Test func checksRunInOrderAndTheFirstFailureWins() {
        // Contains the name and is also short: the name check comes first.
        #expect(validator.validatePassword("xTestUserx", name: "TestUser") == .passwordContainsName)
        // Short and also badly formed: the length check comes first.
        #expect(validator.validatePassword("abc", name: "TestUser") == .shortPassword)
    }

    @Test func anEmptyNameNeverTriggersTheNameCheck() {
        #expect(validator.validatePassword("A9sDk3fJ1lM2", name: "") == nil)
        #expect(validator.validatePassword("short", name: "") == .shortPassword)
    }

    @Test func theLicenseMustBeOneOfTheLoadedOnes() {
        #expect(validator.validateLicense("PPL", in: licenses) == nil)
        #expect(validator.validateLicense("MPL", in: licenses) == .invalidLicense)
        #expect(validator.validateLicense(nil, in: licenses) == .invalidLicense)
        #expect(RegistrationError.invalidLicense.description == "A valid type of pilot license should be inserted.")
    }

    @Test func verificationIsRecheckedWhenEitherFieldChanges() {
        var form = RegistrationForm(name: "TestUser", licenseType: "PPL", password: "A9sDk3fJ1lM2", verification: "A9sDk3fJ1lM2")
        #expect(validator.validate(form, licenses: licenses).isValid)
        form.password = "B9sDk3fJ1lM2"
        #expect(validator.validate(form, licenses: licenses).verification == .verificationMismatch)
        form.verification = "B9sDk3fJ1lM2"
        #expect(validator.validate(form, licenses: licenses).verification == nil)
        form.verification = "B9sDk3fJ1lM"
        #expect(validator.validate(form, licenses: licenses).verification == .verificationMismatch)
        #expect(RegistrationError.verificationMismatch.description == "Must be identical to the password.")
    }

    @Test func licensesAreTheSameWhenTheirTypeIs() {
        #expect(PilotLicense(type: "PPL", aircrafts: ["C152"]) == PilotLicense(type: "PPL", aircrafts: []))
        #expect(PilotLicense(type: "PPL", aircrafts: []) != PilotLicense(type: "MPL", aircrafts: []))
    }
}
