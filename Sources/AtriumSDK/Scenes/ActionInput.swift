/// The body of an action request, from a form post or a JSON body alike.
public protocol ActionInput: Sendable {
    func decode<Action: Decodable>(_ type: Action.Type) throws -> Action
}
