/// Where the visitor's Moneybox session is kept (sealed, in the Data layer), and the one-time
/// notice the sign-in page shows after a session ended.
protocol SessionRepository: Sendable {
    func current() async throws -> MoneyboxSession?
    func keep(_ session: MoneyboxSession) async throws
    func forget() async throws
    /// Leaves a notice for the sign-in page (such as why the session ended).
    func leaveNotice(_ text: String) async throws
    /// The notice left for the sign-in page, removed as it is read.
    func takeNotice() async throws -> String?
}
