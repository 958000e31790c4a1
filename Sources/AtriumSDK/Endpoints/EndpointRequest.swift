import Foundation
import Logging

/// A request to one of a module's JSON endpoints (a wire contract, such as a sandbox of a remote
/// API): not a scene, no session, no form token. Authentication is the endpoint's own, for
/// example a bearer token it checks.
public struct EndpointRequest: Sendable {
    /// The request's method.
    public let method: HTTPMethodName
    /// The raw body (JSON for the endpoints Atrium serves).
    public let body: Data
    /// The host's logger, tagged with the module.
    public let logger: Logger
    /// This module's records shared by everyone (a sandbox keeps its state here).
    public let storage: any RecordStore
    let headers: [String: String]
    let parameterValues: [String: String]

    @_spi(AtriumHost)
    public init(
        method: HTTPMethodName, headers: [String: String], body: Data, parameters: [String: String], storage: any RecordStore, logger: Logger
    ) {
        self.method = method
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
        self.parameterValues = parameters
        self.storage = storage
        self.logger = logger
    }

    /// A request header, by name in any case.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The token of an `Authorization: Bearer <token>` header.
    public var bearerToken: String? {
        guard let value = header("Authorization"), value.count > 7, value.prefix(7).lowercased() == "bearer " else { return nil }
        let token = value.dropFirst(7).trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    /// The route's parameters (path segments and query items), checked before the endpoint ran.
    public func parameters<Parameters: RouteParameters>(_ type: Parameters.Type) throws -> Parameters {
        try RouteParametersCoding.decode(type, from: parameterValues)
    }

    /// The body decoded from JSON.
    public func decode<Body: Decodable>(_ type: Body.Type) throws -> Body {
        try JSONDecoder().decode(type, from: body)
    }
}
