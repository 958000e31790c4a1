import AtriumSDK
import Foundation

/// Version 1's page: entries with their memo, a form of title, amount, memo and payer.
struct LedgerSceneV1: Scene {
    enum Action: Sendable { case add(Add) }

    struct Add: Decodable, Sendable {
        var title: String
        var amount: Int
        var memo: String?
        var payer: String
    }

    static let id = "ledger"
    static let title: Wording = "Ledger"
    static let isEntry = true
    static let page = Route.page("/ledger")
    static let add = Route.action("/ledger")
    static var routes: [SceneRoute<Self>] { [.page(page), .action(add, Action.add)] }

    let book: LedgerBook<LedgerEntryV1>
    var view: LedgerView { LedgerView(fields: ["memo", "payer"]) }

    func load(_ context: SceneContext) async throws -> SceneState<[String]> {
        .loaded(try await book.all().map { "\($0.title) \($0.amount) \($0.memo ?? "")" })
    }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<[String]> {
        guard case .add(let add) = action else { return .navigate(Self.page()) }
        let posted = LedgerPost(
            id: "form-" + UUID().uuidString, title: add.title, amount: add.amount, memo: add.memo, payer: .init(name: add.payer))
        _ = try await book.add(posted)
        return .navigate(Self.page())
    }
}
