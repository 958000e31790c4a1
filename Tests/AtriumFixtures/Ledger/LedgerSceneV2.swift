import AtriumSDK
import Foundation

/// Version 2's page: entries with their note and currency, a form of title, amount, note,
/// currency, payer and email. A form version 1 drew (`memo`, no currency or email) is read too:
/// `memo` is the old name of `note`, kept in the action's input for the deploy.
struct LedgerSceneV2: Scene {
    enum Action: Sendable { case add(Add) }

    struct Add: Decodable, Sendable {
        var title: String
        var amount: Int
        var note: String?
        /// The name version 1's form gives the note.
        var memo: String?
        var currency: String?
        var payer: String
        var email: String?
    }

    static let id = "ledger"
    static let title: Wording = "Ledger"
    static let isEntry = true
    static let page = Route.page("/ledger")
    static let add = Route.action("/ledger")
    static var routes: [SceneRoute<Self>] { [.page(page), .action(add, Action.add)] }

    let book: LedgerBook<LedgerEntryV2>
    var view: LedgerView { LedgerView(fields: ["note", "currency", "payer", "email"]) }

    func load(_ context: SceneContext) async throws -> SceneState<[String]> {
        .loaded(try await book.all().map { "\($0.title) \($0.amount) \($0.currency) \($0.shownNote)" })
    }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<[String]> {
        guard case .add(let add) = action else { return .navigate(Self.page()) }
        let posted = LedgerPost(
            id: "form-" + UUID().uuidString, title: add.title, amount: add.amount, memo: add.memo, note: add.note, currency: add.currency,
            payer: .init(name: add.payer, email: add.email))
        _ = try await book.add(posted)
        return .navigate(Self.page())
    }
}
