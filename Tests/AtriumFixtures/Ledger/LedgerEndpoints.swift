import AtriumSDK
import Foundation

/// The ledger's JSON endpoints, the same in both versions over each one's ``LedgerBook``:
/// `POST /ledger/entries` adds an entry and publishes `ledger.entry-added` in one transaction (409
/// when the id is taken), `POST /ledger/entries/{id}/amount` changes its amount (what this version
/// does not know of the entry is kept), `POST /ledger/entries/{id}/remove` deletes it and publishes
/// `ledger.entry-removed`, `GET /ledger/entries/{id}` answers it as this version reads it, and
/// `GET /ledger/handled/{id}` what the subscribers did with an event (`added-<entry>`).
enum LedgerEndpoints {
    struct Address: RouteParameters { var id: String }
    struct NewAmount: Decodable { var amount: Int }

    static func register<Entry: LedgerRecord>(_ book: LedgerBook<Entry>, in registrar: any ModuleRegistrar) {
        registrar.endpoint(.post, "/ledger/entries") { request in
            let posted = try request.decode(LedgerPost.self)
            return try await book.add(posted).map { .json($0, status: .created) } ?? missing("entry \(posted.id) exists", .conflict)
        }
        registrar.endpoint(.post, "/ledger/entries/{id}/amount", parameters: Address.self) { request in
            let id = try request.parameters(Address.self).id
            return try await book.change(id, amount: try request.decode(NewAmount.self).amount).map { .json($0) } ?? missing("no entry \(id)")
        }
        registrar.endpoint(.post, "/ledger/entries/{id}/remove", parameters: Address.self) { request in
            try await book.remove(try request.parameters(Address.self).id)
            return .status(.noContent)
        }
        registrar.endpoint(.get, "/ledger/entries/{id}", parameters: Address.self) { request in
            let id = try request.parameters(Address.self).id
            return try await book.entry(id).map { .json($0) } ?? missing("no entry \(id)")
        }
        registrar.endpoint(.get, "/ledger/handled/{id}", parameters: Address.self) { request in
            let id = try request.parameters(Address.self).id
            return try await book.handled(id).map { .json($0) } ?? missing("no event \(id) handled")
        }
    }

    private static func missing(_ message: String, _ status: HTTPStatus = .notFound) -> EndpointReply {
        .json(["error": message], status: status)
    }
}
