/// The input of an action that posts nothing but its anti-forgery token (for example "Logout").
public struct EmptyAction: Decodable, Sendable, Equatable {
    public init() {}
}
