/// The sign-in form as posted (form fields or JSON); missing fields count as empty.
struct MoneyboxSignInFields: Decodable, Sendable, Equatable {
    var email: String?
    var password: String?
}
