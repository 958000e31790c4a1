import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP socket listening at the host's address, made here rather than by NIO's bootstrap so the
/// host holds its descriptor: the descriptor is what a process taking over the host is handed
/// (``HandOverPoint``), and the socket, with the connections waiting in its queue, outlives the
/// process that made it.
package enum ListeningSocket {
    /// As Hummingbird's server: a queue of 256 connections waiting to be accepted.
    package static let backlog: CInt = 256

    /// A socket bound to `host` and `port` (the host's name resolved as NIO resolves it) and
    /// listening. Throws the `IOError` of the call that failed (`EADDRINUSE` for a port in use).
    package static func make(host: String, port: Int) throws -> CInt {
        let address = try SocketAddress.makeAddressResolvingHost(host, port: port)
        #if canImport(Glibc)
            let kind = CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue)
        #else
            let kind = SOCK_STREAM
        #endif
        let descriptor = socket(address.protocol.rawValue, kind, 0)
        guard descriptor >= 0 else { throw IOError(errnoCode: errno, reason: "socket") }
        var one: CInt = 1
        guard setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<CInt>.size)) == 0 else {
            throw failure("setsockopt", closing: descriptor)
        }
        let bound = address.withSockAddr { pointer, size in bind(descriptor, pointer, socklen_t(size)) }
        guard bound == 0 else { throw failure("bind", closing: descriptor) }
        guard listen(descriptor, backlog) == 0 else { throw failure("listen", closing: descriptor) }
        return descriptor
    }

    private static func failure(_ call: String, closing descriptor: CInt) -> IOError {
        let error = IOError(errnoCode: errno, reason: call)
        _ = close(descriptor)
        return error
    }
}
