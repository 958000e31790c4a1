/// The Moneybox sign-in form: the email typed (never the password), field errors, and a message
/// (the API's, or why the last session ended).
struct MoneyboxSignInState: Sendable, Hashable {
    var email = ""
    var emailError: String?
    var passwordError: String?
    var message: String?
}
