import Foundation
import NIOPosix

/// What kind of network address a host name resolves to, for deciding whether a remote request may
/// reach it (see ``RemoteDestination``): the public internet, a private network, a link-local
/// address (cloud metadata services live there), this machine (loopback, unspecified, or one of its
/// own interfaces' addresses), or something no request should reach (multicast, reserved).
enum AddressKind: Hashable, Sendable, CustomStringConvertible {
    case publicAddress
    case privateNetwork
    case linkLocal
    case thisMachine
    case unusable

    var description: String {
        switch self {
        case .publicAddress: "a public address"
        case .privateNetwork: "a private network address"
        case .linkLocal: "a link-local address"
        case .thisMachine: "this machine"
        case .unusable: "a multicast or reserved address"
        }
    }

    /// The kinds of every address `host` resolves to (an address written as a literal is its own
    /// answer). Looked up on NIO's blocking thread pool: `getaddrinfo` may wait for DNS.
    static func kinds(ofHost host: String) async throws(RemoteHTTPErrorReason) -> Set<AddressKind> {
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard !name.isEmpty, !name.utf8.contains(0) else { throw RemoteHTTPErrorReason("the address has no host") }
        let addresses: [[UInt8]]
        do {
            addresses = try await NIOThreadPool.singleton.runIfActive { try Self.resolve(name) }
        } catch {
            throw RemoteHTTPErrorReason("\(name) could not be resolved")
        }
        let own = ownAddresses
        return Set(addresses.map { own.contains($0) ? .thisMachine : kind(of: $0) })
    }

    /// The raw addresses (4 or 16 bytes) `name` resolves to.
    private static func resolve(_ name: String) throws -> [[UInt8]] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, nil, &hints, &list) == 0, let first = list else { throw RemoteHTTPErrorReason("unresolved") }
        defer { freeaddrinfo(first) }
        var found: [[UInt8]] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let bytes = bytes(of: current.pointee.ai_addr) { found.append(bytes) }
            entry = current.pointee.ai_next
        }
        guard !found.isEmpty else { throw RemoteHTTPErrorReason("unresolved") }
        return found
    }

    private static func bytes(of address: UnsafeMutablePointer<sockaddr>?) -> [UInt8]? {
        guard let address else { return nil }
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                withUnsafeBytes(of: pointer.pointee.sin_addr) { Array($0) }
            }
        case AF_INET6:
            return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                withUnsafeBytes(of: pointer.pointee.sin6_addr) { Array($0) }
            }
        default:
            return nil
        }
    }

    /// This machine's own interface addresses (a request to one of them reaches this host), read
    /// once.
    static let ownAddresses: Set<[UInt8]> = {
        var found: Set<[UInt8]> = []
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return found }
        defer { freeifaddrs(first) }
        var entry: UnsafeMutablePointer<ifaddrs>? = first
        while let current = entry {
            if let bytes = bytes(of: current.pointee.ifa_addr) { found.insert(bytes) }
            entry = current.pointee.ifa_next
        }
        return found
    }()

    /// The kind of one IPv4 (4 bytes) or IPv6 (16 bytes) address.
    static func kind(of address: [UInt8]) -> AddressKind {
        if address.count == 4 { return kind(ipv4: address) }
        guard address.count == 16 else { return .unusable }
        // An IPv4 address mapped into IPv6 (::ffff:a.b.c.d) is that IPv4 address.
        if address[0..<10].allSatisfy({ $0 == 0 }) && address[10] == 0xFF && address[11] == 0xFF { return kind(ipv4: Array(address[12...])) }
        if address[0..<15].allSatisfy({ $0 == 0 }) && (address[15] == 1 || address[15] == 0) { return .thisMachine }
        if address[0] == 0xFF { return .unusable }
        if address[0] == 0xFE && address[1] & 0xC0 == 0x80 { return .linkLocal }
        if address[0] & 0xFE == 0xFC { return .privateNetwork }
        return .publicAddress
    }

    private static func kind(ipv4 address: [UInt8]) -> AddressKind {
        let (a, b) = (address[0], address[1])
        switch a {
        case 0, 127: return .thisMachine
        case 10: return .privateNetwork
        case 100 where b & 0xC0 == 64: return .privateNetwork  // 100.64.0.0/10, carrier-grade NAT
        case 169 where b == 254: return .linkLocal
        case 172 where b & 0xF0 == 16: return .privateNetwork
        case 192 where b == 168: return .privateNetwork
        case 224...255: return .unusable
        default: return .publicAddress
        }
    }
}

/// Why a destination was refused or could not be checked, in words for the log.
struct RemoteHTTPErrorReason: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
