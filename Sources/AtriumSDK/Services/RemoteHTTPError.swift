/// Why a request to a remote service got no answer.
public enum RemoteHTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The address is not an http(s) URL.
    case invalidURL(String)
    /// Nothing answered at the address (refused, unreachable, unknown host).
    case notConnected(String)
    /// No answer within the request's timeout.
    case timedOut
    /// The answer was larger than the client accepts.
    case tooLarge
    /// The address, or a redirect's, is not one the request may reach (see ``RemoteReach``).
    case refusedAddress(String)
    /// Anything else, described.
    case other(String)

    public var description: String {
        switch self {
        case .invalidURL(let url): "'\(url)' is not a valid http(s) address"
        case .notConnected(let detail): "could not connect (\(detail))"
        case .timedOut: "no answer in time"
        case .tooLarge: "the answer was too large"
        case .refusedAddress(let detail): "the address may not be reached (\(detail))"
        case .other(let detail): detail
        }
    }
}
