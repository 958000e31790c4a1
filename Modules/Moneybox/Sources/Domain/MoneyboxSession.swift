/// A signed-in Moneybox session: who, and the bearer token every later call carries.
struct MoneyboxSession: Sendable, Equatable {
    var investor: Investor
    var bearerToken: String
}
