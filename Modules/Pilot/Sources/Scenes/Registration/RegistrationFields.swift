/// The registration form as posted (form fields or JSON). Missing fields count as empty, so the
/// visitor gets field errors rather than a rejected request.
struct RegistrationFields: Decodable, Sendable, Equatable {
    var name: String?
    var license: String?
    var password: String?
    var verification: String?

    var form: RegistrationForm {
        RegistrationForm(
            name: name ?? "",
            licenseType: license.flatMap { $0.isEmpty ? nil : $0 },
            password: password ?? "",
            verification: verification ?? ""
        )
    }
}
