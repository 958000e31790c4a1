/// The sign-in form as posted (form fields or JSON); missing fields count as empty.
struct SignInFields: Decodable, Sendable, Equatable {
    var email: String?
    var password: String?
}
