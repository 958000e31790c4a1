/// The body of an action request, from a form post or a JSON body alike.
@_spi(AtriumHost)
public protocol ActionInput: Sendable {
    /// Decodes the action's fields from the body, with the route's path parameters read first.
    func decode<Fields: Decodable>(_ type: Fields.Type, pathParameters: [String: String]) throws -> Fields
    /// The ``ActionBasis`` the form or button carried (`_basis`), if any.
    var basis: ActionBasis? { get }
}

@_spi(AtriumHost)
extension ActionInput {
    public var basis: ActionBasis? { nil }
}
