@_spi(AtriumHost) import AtriumSDK
import Foundation

/// Whether a request, and each redirect it follows, may go where it is going. The address the
/// operator configured (the request's ``RemoteReach``, else the request's own address) sets what
/// may be reached: a public address always; a private, link-local or this machine's address only
/// when the configured one is such an address itself. A reach that stays on its origin also keeps
/// every hop on the configured origin or the hosts the operator named. The configured address
/// itself is trusted as it is: it is checked only when the request came through a reach.
struct RemoteDestination: Sendable {
    let configured: URL
    let reach: RemoteReach?
    /// The kinds of address a hop may resolve to, once they had to be known.
    private var allowed: Set<AddressKind>?

    init(_ request: RemoteRequest, url: URL) throws(RemoteHTTPError) {
        reach = request.reach
        if let reach = request.reach {
            guard let configured = URL(string: reach.configured), configured.host?.isEmpty == false else {
                throw .invalidURL(reach.configured)
            }
            self.configured = configured
        } else {
            configured = url
        }
    }

    /// Refuses `url` when the request may not go there; `isFirst` is the request's own address
    /// (not a redirect).
    mutating func check(_ url: URL, isFirst: Bool) async throws(RemoteHTTPError) {
        if isFirst && reach == nil { return }
        let host = Self.host(of: url)
        if let reach, reach.staysOnOrigin, !Self.sameOrigin(url, configured) {
            let others = Set(reach.otherHosts.map { $0.lowercased() })
            guard others.contains(host) else {
                throw .refusedAddress("\(host) is not the origin of \(Self.host(of: configured)) nor a host the configuration allows")
            }
        }
        let allowed = try await allowedKinds()
        let kinds: Set<AddressKind>
        do {
            kinds = try await AddressKind.kinds(ofHost: host)
        } catch {
            throw .notConnected(error.description)
        }
        if let refused = kinds.first(where: { !allowed.contains($0) }) {
            throw .refusedAddress("\(host) is \(refused), and the configured \(Self.host(of: configured)) is not")
        }
    }

    private mutating func allowedKinds() async throws(RemoteHTTPError) -> Set<AddressKind> {
        if let allowed { return allowed }
        var kinds: Set<AddressKind> = [.publicAddress]
        if configured.absoluteString.hasPrefix(HostServices.localOrigin + "/") {
            kinds.insert(.thisMachine)
        } else {
            do {
                kinds.formUnion(try await AddressKind.kinds(ofHost: Self.host(of: configured)))
            } catch {
                throw .notConnected(error.description)
            }
        }
        allowed = kinds
        return kinds
    }

    static func host(of url: URL) -> String {
        let host = (url.host ?? "").lowercased()
        return host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && host(of: a) == host(of: b) && effectivePort(a) == effectivePort(b)
    }

    private static func effectivePort(_ url: URL) -> Int {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
    }
}
