import AtriumSDK
import Foundation
import Synchronization

/// The hosts one module may call: those of the addresses it named with
/// `ModuleRegistrar.remoteService(_:at:)` for the remote services its manifest declares, each with
/// its service's id. Filled at registration, read on each remote call.
package final class RemoteGrants: Sendable {
    private let granted = Mutex<[String: String]>([:])

    package init() {}

    /// Lets the module reach `address`'s host as `service`; false when `address` is no http(s) URL.
    package func allow(_ address: String, as service: String) -> Bool {
        guard let host = Self.host(of: address) else { return false }
        granted.withLock { $0[host] = $0[host] ?? service }
        return true
    }

    /// The services granted and their hosts, for `atrium describe`.
    package var hosts: [String: String] { granted.withLock { $0 } }

    /// Nil when `request` may go out: its host was granted, or it carries a reach whose configured
    /// address was; otherwise why not.
    package func refusal(of request: RemoteRequest, module: String) -> String? {
        let host = Self.host(of: request.url)
        let reached = request.reach.flatMap { Self.host(of: $0.configured) }
        let allowed = granted.withLock { granted in
            host.map { granted[$0] != nil } == true || reached.map { granted[$0] != nil } == true
        }
        if allowed { return nil }
        return "\(host ?? request.url) is no remote service module '\(module)' declared and named at registration"
    }

    private static func host(of address: String) -> String? {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        return host.lowercased()
    }
}
