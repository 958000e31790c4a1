import AtriumSDK
import Foundation

/// A fixture with JSON endpoints beside no scene: a wire contract with its own bearer-token check,
/// typed path parameters, and state in the module's shared records.
struct EchoModule: AtriumModule {
    struct Item: RouteParameters { var id: Int }
    struct Message: Codable, Sendable { var text: String }
    struct Pass: Codable, Sendable { var user: String }
    struct Echo: Codable, Sendable, Equatable {
        var id: Int
        var text: String
        var count: Int
    }

    static let manifest = ModuleManifest(
        id: "echo", title: "Echo", version: "1.0.0", collections: [StoredCollection("counts", holds: "how often each item was echoed")])

    func register(in registrar: any ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        registrar.endpoint(.post, "/echo/items/{id}", parameters: Item.self) { request in
            guard request.bearerToken == "letmein" else { return .json(["error": "unauthorized"], status: .unauthorized) }
            let id = try request.parameters(Item.self).id
            let message = try request.decode(Message.self)
            let count = try await request.storage.update(Int.self, id: String(id), in: "counts") { count in
                count = (count ?? 0) + 1
                return count ?? 0
            }
            return .json(Echo(id: id, text: message.text, count: count), status: .created)
        }
        registrar.endpoint(.get, "/echo/health") { _ in .json(["status": "ok"]) }
        // A token this module mints, and its check: another module's tokens must not pass it.
        let tokens = registrar.services.tokens
        registrar.endpoint(.get, "/echo/token") { _ in .json(["token": try await tokens.sign(Pass(user: "ada"), lifetime: .seconds(60))]) }
        registrar.endpoint(.post, "/echo/token") { request in
            guard let token = request.bearerToken, let pass = try? await tokens.verify(token, as: Pass.self) else {
                return .json(["error": "unauthorized"], status: .unauthorized)
            }
            return .json(["user": pass.user])
        }
    }
}
