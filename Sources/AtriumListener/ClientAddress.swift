import Foundation

/// Who sent a request, for throttles: the peer's address; only when the peer is a trusted proxy,
/// the rightmost `X-Forwarded-For` entry that is not itself a trusted proxy (each proxy appends
/// what it saw, so the leftmost entries are whatever the client wrote). An IPv6 client counts as
/// its /64 network (`2001:db8:1:2::/64`): one household or server is given a /64 and can take any
/// address in it, so counting single addresses would let it escape every throttle. An IPv4
/// address mapped into IPv6 counts as the IPv4 address.
package enum ClientAddress {
    /// The address requests answered with no connection count as (`atrium render`, in-process tests).
    package static let inProcess = "in-process"
    /// The address a live group's renders see: a group renders for all of its watchers, never as one
    /// of them.
    package static let liveGroup = "live-group"

    package static func resolve(peer: String?, forwardedFor: [String], trustedProxies: Set<String>) -> String {
        guard let peer else { return inProcess }
        guard trustedProxies.contains(peer) else { return network(of: peer) }
        let entries = forwardedFor.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        for entry in entries.reversed() where !trustedProxies.contains(entry) {
            // Something that is not an address is not a client: the proxy itself answers for it.
            return network(of: isIPAddress(entry) ? entry : peer)
        }
        return network(of: peer)
    }

    /// What a throttle counts for `address`: an IPv4 address itself, an IPv6 address's /64.
    package static func network(of address: String) -> String {
        guard address.utf8.contains(UInt8(ascii: ":")), address.utf8.count <= 45, !address.utf8.contains(0) else { return address }
        var ipv6 = in6_addr()
        guard inet_pton(AF_INET6, address, &ipv6) == 1 else { return address }
        let bytes = withUnsafeBytes(of: &ipv6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }

    /// Whether `text` is an IPv4 or IPv6 address as written in headers and configuration.
    package static func isIPAddress(_ text: String) -> Bool {
        // inet_pton reads a C string: a NUL would end the text early.
        guard !text.isEmpty, text.utf8.count <= 45, !text.utf8.contains(0) else { return false }
        var ipv4 = in_addr()
        var ipv6 = in6_addr()
        return inet_pton(AF_INET, text, &ipv4) == 1 || inet_pton(AF_INET6, text, &ipv6) == 1
    }
}
