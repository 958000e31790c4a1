/// The methods a scene route answers.
public enum HTTPMethodName: String, Sendable, Hashable, Codable {
    /// A page: reads, changes nothing.
    case get = "GET"
    /// An action: a form post or a JSON body.
    case post = "POST"
}
