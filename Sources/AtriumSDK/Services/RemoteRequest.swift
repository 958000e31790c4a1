import Foundation

/// One request to a remote service.
public struct RemoteRequest: Sendable, Equatable {
    public var method: String
    public var url: String
    public var headers: [String: String]
    public var body: Data?
    public var timeout: Duration

    public init(method: String = "GET", url: String, headers: [String: String] = [:], body: Data? = nil, timeout: Duration = .seconds(10)) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}
