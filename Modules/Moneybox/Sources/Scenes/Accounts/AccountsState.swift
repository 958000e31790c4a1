/// The accounts page: who is signed in and their products.
struct AccountsState: Sendable, Hashable {
    var investor: Investor
    var portfolio: Portfolio
}
