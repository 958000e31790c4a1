import Foundation

/// One request to a remote service.
public struct RemoteRequest: Sendable, Equatable {
    /// The HTTP method (`GET`, `POST`).
    public var method: String
    /// The address.
    public var url: String
    /// Headers to send.
    public var headers: [String: String]
    /// The body to send, if any.
    public var body: Data?
    /// How long the whole exchange may take: connecting, every redirect, the head and the body.
    public var timeout: Duration
    /// Where the request may go, when its address came from a remote document (see ``RemoteReach``).
    public var reach: RemoteReach?

    /// A request to `url`; see each property.
    public init(
        method: String = "GET", url: String, headers: [String: String] = [:], body: Data? = nil, timeout: Duration = .seconds(10),
        reach: RemoteReach? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.reach = reach
    }
}
