/// The methods a scene route answers.
public enum HTTPMethodName: String, Sendable, Hashable, Codable {
    case get = "GET"
    case post = "POST"
}
