import AtriumSDK
import Foundation

/// `http.host`, `http.port`, `http.behindTLS`, `http.trustedProxies`, `http.publicURL`, `http.metrics`,
/// and the connection limits: `http.headTimeoutSeconds`, `http.bodyTimeoutSeconds`,
/// `http.idleTimeoutSeconds`, `http.requestTimeoutSeconds`, `http.drainSeconds`, `http.maxConnections`, `http.maxStreams`, `http.maxStreamsPerAddress`,
/// `http.maxStreamsPerVisitor` (see ``ConnectionLimits``).
package struct HTTPSettings: ModuleConfiguration, Equatable {
    /// The address to listen on (0.0.0.0 for every interface).
    package var host = "127.0.0.1"
    /// The port; 0 picks a free one (useful for tests).
    package var port = 8080
    /// True when TLS ends in front of the host (a proxy): session cookies are then `Secure`.
    package var behindTLS = false
    /// The addresses of proxies in front of the host (IPv4 or IPv6, written exactly): only for
    /// requests from one of them is `X-Forwarded-For` read, and then its rightmost entry that is
    /// not itself one of them is the client.
    package var trustedProxies: [String] = []
    /// The address people reach the host at (behind a proxy, the proxy's), for addresses given to
    /// other sites such as OpenID redirect URIs. Default: `http://<host>:<port>`.
    package var publicURL: String?
    /// Whether `GET /metrics` answers (Prometheus's text format).
    package var metrics = true
    /// Seconds a request's head may take from its first byte (a new connection's first head, from
    /// connecting): past it, 408 and the connection is closed.
    package var headTimeoutSeconds = 10
    /// Seconds a request's body may take after its head: past it, 408 and the connection is closed.
    package var bodyTimeoutSeconds = 30
    /// Seconds a kept-alive connection may wait for its next request, and a client may leave a
    /// response unread, before the connection is closed. A response being written is never cut
    /// short otherwise, however long it runs.
    package var idleTimeoutSeconds = 60
    /// Seconds a request's answer may take to begin, from its head: past it, 503 and the connection
    /// is closed. A host that is stopping waits this long at most for its requests in flight.
    package var requestTimeoutSeconds = 30
    /// Seconds a host keeps serving after SIGTERM while `/health/ready` answers 503, so a balancer
    /// that polls it stops sending before the listener closes (see ``HostDrain``). 0, the default,
    /// fits a host no balancer polls; behind one, a little more than its polling interval times the
    /// failures it waits for.
    package var drainSeconds = 0
    /// The most connections open at once; at the cap the connection waiting longest for a request
    /// is closed to make room, and new ones wait. Default: as many as the process may open files
    /// (its soft limit, raised to the hard one at start), less 256 for the database, remote calls
    /// and files.
    package var maxConnections: Int?
    /// Live scene streams (`Accept: text/event-stream`) this host serves at most at once; past it
    /// the oldest stream of the address holding the most is closed to make room. Each is a
    /// connection too. Default: half the connection cap, at most 4,096.
    package var maxStreams: Int?
    /// Live scene streams one client address (after trusted proxies; an IPv6 /64) may hold open;
    /// past it that address's oldest is closed to make room. Default: a quarter of `maxStreams`,
    /// and no fewer than `maxStreamsPerVisitor`.
    package var maxStreamsPerAddress: Int?
    /// Live scene streams one visitor (one session or pass, or one address without one) may hold
    /// open; past it that visitor's oldest is closed to make room.
    package var maxStreamsPerVisitor = 16

    package static let settingDescriptions = [
        "host": "The address to listen on (0.0.0.0 for every interface)",
        "port": "The port (0 picks a free one)",
        "behindTLS": "true when TLS ends in front of the host: session cookies become Secure",
        "trustedProxies": "Addresses of proxies in front of the host, whose X-Forwarded-For is read",
        "publicURL": "Where people reach the host (behind a proxy, the proxy's address); OpenID redirect URIs are built from it",
        "metrics": "Whether GET /metrics answers, in Prometheus's text format",
        "headTimeoutSeconds": "Seconds a request's head may take from its first byte; past it 408 and the connection closes",
        "bodyTimeoutSeconds": "Seconds a request's body may take after its head; past it 408 and the connection closes",
        "idleTimeoutSeconds": "Seconds a kept-alive connection may wait for its next request, or leave a response unread",
        "requestTimeoutSeconds":
            "Seconds a request's answer may take to begin, from its head; past it 503 and the connection closes (a stopping host waits this long at most)",
        "drainSeconds":
            "Seconds a host keeps serving after SIGTERM while /health/ready answers 503 (draining), so a balancer stops sending first; 0 stops at once",
        "maxConnections": "The most connections open at once (default: the file descriptor limit less 256)",
        "maxStreams":
            "The most live scene streams (text/event-stream) open at once; past it the oldest of the busiest address closes (default: half of maxConnections, at most 4096)",
        "maxStreamsPerAddress":
            "The most live scene streams one client address may hold open; past it its oldest closes (default: a quarter of maxStreams)",
        "maxStreamsPerVisitor":
            "The most live scene streams one visitor (a session or pass, or an address without one) may hold open; past it its oldest closes",
    ]

    /// ``publicURL``, or the address the host listens at; never with a trailing slash.
    package var effectivePublicURL: String {
        if let publicURL { return publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL }
        let name = ["0.0.0.0", "::", ""].contains(host) ? "localhost" : (host.contains(":") ? "[\(host)]" : host)
        return "http://\(name):\(port)"
    }

    package init() {}

    package init(host: String = "127.0.0.1", port: Int = 8080, behindTLS: Bool = false) {
        self.host = host
        self.port = port
        self.behindTLS = behindTLS
    }

    package func problems() -> [SettingProblem] {
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
        for (key, value, range) in [
            ("headTimeoutSeconds", headTimeoutSeconds, 1...600), ("bodyTimeoutSeconds", bodyTimeoutSeconds, 1...3600),
            ("idleTimeoutSeconds", idleTimeoutSeconds, 1...86400), ("requestTimeoutSeconds", requestTimeoutSeconds, 1...3600),
            ("drainSeconds", drainSeconds, 0...3600),
        ] where !range.contains(value) {
            problems.append(
                SettingProblem(key: key, message: "must be from \(range.lowerBound) to \(range.upperBound) seconds, not \(value)"))
        }
        if let maxConnections, maxConnections < 1 {
            problems.append(SettingProblem(key: "maxConnections", message: "must be at least 1, not \(maxConnections)", fix: "or leave it out"))
        }
        for (key, value) in [
            ("maxStreams", maxStreams), ("maxStreamsPerAddress", maxStreamsPerAddress), ("maxStreamsPerVisitor", maxStreamsPerVisitor),
        ]
        where (value ?? 0) < 0 {
            problems.append(SettingProblem(key: key, message: "must be 0 or more, not \(value ?? 0)", fix: "0 turns live streams off"))
        }
        problems += ConnectionLimits.problems(of: self)
        if host.isEmpty {
            problems.append(
                SettingProblem(key: "host", message: "is empty", fix: "use 127.0.0.1 for this machine only, 0.0.0.0 for every interface"))
        }
        return problems
    }
}
