@_spi(AtriumHost) import AtriumSDK
import Foundation

/// `http.host`, `http.port`, `http.behindTLS`, `http.trustedProxies`, `http.publicURL`, `http.metrics`.
public struct HTTPSettings: ModuleConfiguration, Equatable {
    /// The address to listen on (0.0.0.0 for every interface).
    public var host = "127.0.0.1"
    /// The port; 0 picks a free one (useful for tests).
    public var port = 8080
    /// True when TLS ends in front of the host (a proxy): session cookies are then `Secure`.
    public var behindTLS = false
    /// The addresses of proxies in front of the host (IPv4 or IPv6, written exactly): only for
    /// requests from one of them is `X-Forwarded-For` read, and then its rightmost entry that is
    /// not itself one of them is the client.
    public var trustedProxies: [String] = []
    /// The address people reach the host at (behind a proxy, the proxy's), for addresses given to
    /// other sites such as OpenID redirect URIs. Default: `http://<host>:<port>`.
    public var publicURL: String?
    /// Whether `GET /metrics` answers (Prometheus's text format).
    public var metrics = true

    public static let settingDescriptions = [
        "host": "The address to listen on (0.0.0.0 for every interface)",
        "port": "The port (0 picks a free one)",
        "behindTLS": "true when TLS ends in front of the host: session cookies become Secure",
        "trustedProxies": "Addresses of proxies in front of the host, whose X-Forwarded-For is read",
        "publicURL": "Where people reach the host (behind a proxy, the proxy's address); OpenID redirect URIs are built from it",
        "metrics": "Whether GET /metrics answers, in Prometheus's text format",
    ]

    /// ``publicURL``, or the address the host listens at; never with a trailing slash.
    public var effectivePublicURL: String {
        if let publicURL { return publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL }
        let name = ["0.0.0.0", "::", ""].contains(host) ? "localhost" : (host.contains(":") ? "[\(host)]" : host)
        return "http://\(name):\(port)"
    }

    public init() {}

    public init(host: String = "127.0.0.1", port: Int = 8080, behindTLS: Bool = false) {
        self.host = host
        self.port = port
        self.behindTLS = behindTLS
    }

    public func problems() -> [SettingProblem] {
        var problems: [SettingProblem] = []
        if !(0...65535).contains(port) {
            problems.append(SettingProblem(key: "port", message: "\(port) is not a port", fix: "use a number from 1 to 65535 (0 picks a free one)"))
        }
        for (index, proxy) in trustedProxies.enumerated() where !ClientAddress.isIPAddress(proxy) {
            problems.append(
                SettingProblem(
                    key: "trustedProxies[\(index)]", message: "'\(proxy)' is not an IP address",
                    fix: "write each proxy's address, such as 10.0.0.2 or ::1"))
        }
        if let publicURL {
            if !WebAddress.isValid(publicURL, allowingQuery: false) {
                problems.append(
                    SettingProblem(
                        key: "publicURL", message: "'\(publicURL)' is not an http(s) address",
                        fix: "write where people reach the host, such as https://atrium.example.com"))
            }
        }
        if host.isEmpty {
            problems.append(
                SettingProblem(key: "host", message: "is empty", fix: "use 127.0.0.1 for this machine only, 0.0.0.0 for every interface"))
        }
        return problems
    }
}
