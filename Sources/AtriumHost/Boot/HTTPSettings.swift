/// `http.host`, `http.port`, `http.behindTLS`.
public struct HTTPSettings: Decodable, Sendable, Equatable {
    public var host: String
    /// 0 picks a free port (useful for tests).
    public var port: Int
    /// True when TLS ends in front of the host (a proxy): session cookies are then `Secure`.
    public var behindTLS: Bool

    public init(host: String = "127.0.0.1", port: Int = 8080, behindTLS: Bool = false) {
        self.host = host
        self.port = port
        self.behindTLS = behindTLS
    }

    private enum CodingKeys: String, CodingKey { case host, port, behindTLS }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = HTTPSettings()
        host = try container.decodeIfPresent(String.self, forKey: .host) ?? defaults.host
        port = try container.decodeIfPresent(Int.self, forKey: .port) ?? defaults.port
        behindTLS = try container.decodeIfPresent(Bool.self, forKey: .behindTLS) ?? defaults.behindTLS
        guard (0...65535).contains(port) else {
            throw DecodingError.dataCorruptedError(
                forKey: .port,
                in: container,
                debugDescription: "\(port) is not a port; use a number from 1 to 65535 (0 picks a free one)"
            )
        }
        guard !host.isEmpty else {
            throw DecodingError.dataCorruptedError(
                forKey: .host,
                in: container,
                debugDescription: "the host is empty; use 127.0.0.1 for this machine only, 0.0.0.0 for every interface"
            )
        }
    }
}
