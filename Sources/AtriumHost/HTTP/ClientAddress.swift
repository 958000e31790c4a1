import Foundation

/// Who sent a request, for throttles: the peer's address; only when the peer is a trusted proxy,
/// the rightmost `X-Forwarded-For` entry that is not itself a trusted proxy (each proxy appends
/// what it saw, so the leftmost entries are whatever the client wrote).
enum ClientAddress {
    /// The address requests answered with no connection count as (`atrium render`, in-process tests).
    static let inProcess = "in-process"

    static func resolve(peer: String?, forwardedFor: [String], trustedProxies: Set<String>) -> String {
        guard let peer else { return inProcess }
        guard trustedProxies.contains(peer) else { return peer }
        let entries = forwardedFor.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        for entry in entries.reversed() where !trustedProxies.contains(entry) {
            // Something that is not an address is not a client: the proxy itself answers for it.
            return isIPAddress(entry) ? entry : peer
        }
        return peer
    }

    /// Whether `text` is an IPv4 or IPv6 address as written in headers and configuration.
    static func isIPAddress(_ text: String) -> Bool {
        // inet_pton reads a C string: a NUL would end the text early.
        guard !text.isEmpty, text.utf8.count <= 45, !text.utf8.contains(0) else { return false }
        var ipv4 = in_addr()
        var ipv6 = in6_addr()
        return inet_pton(AF_INET, text, &ipv4) == 1 || inet_pton(AF_INET6, text, &ipv6) == 1
    }
}
