#if os(Linux)
    import Glibc

    /// Where a host serving an SQLite database hands its listening socket to a new process
    /// (`atrium serve --take-over`), as nginx's binary upgrade and HAProxy's seamless reload do: a
    /// Unix socket in Linux's abstract namespace (no file to leave behind), named after the database
    /// and the user, over which descriptors travel as `SCM_RIGHTS`. Only a process of the same
    /// user is answered (``peer(of:)``).
    ///
    /// The conversation: the host sends `atrium-hand-over PID` with its listening socket and its
    /// lock file's descriptor; the new process boots and sends `ready`; the host stops accepting and
    /// answers `yours`, and the new process accepts from then on (the two never accept at once:
    /// connections wait in the socket's queue for the moment between); the host drains and exits,
    /// which closes the connection: that is how the new process learns it serves alone. A
    /// connection that closes before `ready` (the new process failed to boot) leaves the host serving.
    package struct HandOverPoint: Sendable {
        /// The socket's name, without the leading zero byte of the abstract namespace.
        package let name: String

        package init(databasePath: String) {
            let resolved = realpath(databasePath, nil).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            }
            // FNV-1a over the resolved path: a short name for any path (a socket's name has at most 107 bytes).
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in (resolved ?? databasePath).utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            name = "atrium-hand-over-\(getuid())-" + String(hash, radix: 16)
        }

        /// The first line a host sends.
        package static let greeting = "atrium-hand-over"
        /// What the new process says once it has booted.
        package static let ready = "ready"
        /// What the host answers once it has stopped accepting: the new process accepts from then on.
        package static let yours = "yours"
        /// The serving host's answer when the new process did not say `ready` within its deadline:
        /// it serves on, and the new process exits.
        package static let tooLate = "too late"

        /// A socket listening at the point (the serving host's side).
        package func listen() throws -> CInt {
            let descriptor = try Self.socket()
            let bound = withAddress { address, length in bind(descriptor, address, length) }
            guard bound == 0, Glibc.listen(descriptor, 4) == 0 else { throw Self.failure("listen", closing: descriptor) }
            return descriptor
        }

        /// The next process that connected to `listening`, waiting at most `milliseconds`; nil when
        /// none did meanwhile.
        package static func accept(on listening: CInt, waiting milliseconds: CInt) -> CInt? {
            guard readable(listening, within: milliseconds) else { return nil }
            let connection = Glibc.accept(listening, nil, nil)
            guard connection >= 0 else { return nil }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            return connection
        }

        /// Whether `descriptor` has something to read (or has closed) within `milliseconds`.
        package static func readable(_ descriptor: CInt, within milliseconds: CInt) -> Bool {
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            var result = poll(&waiting, 1, milliseconds)
            while result < 0 && errno == EINTR { result = poll(&waiting, 1, milliseconds) }
            return result > 0
        }

        /// A connection to the host listening at the point, or nil when none listens.
        package func connect() throws -> CInt? {
            let descriptor = try Self.socket()
            let connected = withAddress { address, length in Glibc.connect(descriptor, address, length) }
            if connected == 0 { return descriptor }
            if errno == ECONNREFUSED || errno == ENOENT {
                _ = close(descriptor)
                return nil
            }
            throw Self.failure("connect", closing: descriptor)
        }

        private func withAddress<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let path = [0] + Array(name.utf8.prefix(106))
            withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: path) }
            let length = socklen_t(MemoryLayout<sa_family_t>.size + path.count)
            return withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
            }
        }

        private static func socket() throws -> CInt {
            let descriptor = Glibc.socket(AF_UNIX, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { throw HandOverFailure(call: "socket", code: errno) }
            return descriptor
        }

        private static func failure(_ call: String, closing descriptor: CInt) -> HandOverFailure {
            let failure = HandOverFailure(call: call, code: errno)
            _ = close(descriptor)
            return failure
        }

        /// The user and process at the other end of `connection`.
        package static func peer(of connection: CInt) -> (uid: uid_t, pid: pid_t)? {
            // Linux's `struct ucred` (Glibc shows it only to C compiled with _GNU_SOURCE).
            var credentials: (pid: pid_t, uid: uid_t, gid: gid_t) = (0, 0, 0)
            var length = socklen_t(MemoryLayout<(pid_t, uid_t, gid_t)>.size)
            guard getsockopt(connection, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
            return (credentials.uid, credentials.pid)
        }

        /// Sends `line` (a newline is added) with `descriptors`.
        package static func send(_ line: String, descriptors: [CInt] = [], on connection: CInt) throws {
            var payload = Array((line + "\n").utf8)
            let header = MemoryLayout<cmsghdr>.size
            let descriptorBytes = descriptors.count * MemoryLayout<CInt>.size
            let space = descriptors.isEmpty ? 0 : header + (descriptorBytes + 7) & ~7
            let control = UnsafeMutableRawPointer.allocate(byteCount: max(space, 1), alignment: 8)
            defer { control.deallocate() }
            control.initializeMemory(as: UInt8.self, repeating: 0, count: max(space, 1))
            if !descriptors.isEmpty {
                let message = control.assumingMemoryBound(to: cmsghdr.self)
                message.pointee.cmsg_len = header + descriptorBytes
                message.pointee.cmsg_level = SOL_SOCKET
                message.pointee.cmsg_type = CInt(SCM_RIGHTS)
                descriptors.withUnsafeBytes { (control + header).copyMemory(from: $0.baseAddress!, byteCount: descriptorBytes) }
            }
            let sent = payload.withUnsafeMutableBytes { bytes -> Int in
                var vector = iovec(iov_base: bytes.baseAddress, iov_len: bytes.count)
                return withUnsafeMutablePointer(to: &vector) { vector in
                    var message = msghdr()
                    message.msg_iov = vector
                    message.msg_iovlen = 1
                    message.msg_control = space == 0 ? nil : control
                    message.msg_controllen = space
                    return sendmsg(connection, &message, CInt(MSG_NOSIGNAL))
                }
            }
            guard sent == payload.count else { throw HandOverFailure(call: "sendmsg", code: sent < 0 ? errno : EPIPE) }
        }

        /// The next line from `connection` (without its newline) and, with `keepingDescriptors`, the
        /// descriptors that came with it (each closed on exec; without, they are closed: a peer
        /// cannot leave open files in a process that expects none); nil when the connection closed first.
        package static func receive(on connection: CInt, keepingDescriptors: Bool = false) throws -> (line: String, descriptors: [CInt])? {
            var line: [UInt8] = []
            var descriptors: [CInt] = []
            let header = MemoryLayout<cmsghdr>.size
            let space = header + 4 * MemoryLayout<CInt>.size
            let control = UnsafeMutableRawPointer.allocate(byteCount: space, alignment: 8)
            defer { control.deallocate() }
            var buffer = [UInt8](repeating: 0, count: 256)
            while !line.contains(UInt8(ascii: "\n")) {
                guard line.count < 4096 else { throw HandOverFailure(call: "a line of hand-over", code: EMSGSIZE) }
                let (count, controlLength) = buffer.withUnsafeMutableBytes { bytes -> (Int, Int) in
                    var vector = iovec(iov_base: bytes.baseAddress, iov_len: bytes.count)
                    return withUnsafeMutablePointer(to: &vector) { vector in
                        var message = msghdr()
                        message.msg_iov = vector
                        message.msg_iovlen = 1
                        message.msg_control = control
                        message.msg_controllen = space
                        let count = recvmsg(connection, &message, CInt(MSG_CMSG_CLOEXEC))
                        return (count, Int(message.msg_controllen))
                    }
                }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw HandOverFailure(call: "recvmsg", code: errno)
                }
                if controlLength >= header {
                    let message = control.assumingMemoryBound(to: cmsghdr.self).pointee
                    if message.cmsg_level == SOL_SOCKET, message.cmsg_type == CInt(SCM_RIGHTS) {
                        let count = (Int(message.cmsg_len) - header) / MemoryLayout<CInt>.size
                        for index in 0..<count {
                            descriptors.append(control.load(fromByteOffset: header + index * MemoryLayout<CInt>.size, as: CInt.self))
                        }
                    }
                }
                if count == 0 {
                    for descriptor in descriptors { _ = close(descriptor) }
                    return nil
                }
                line += buffer[..<count]
            }
            if !keepingDescriptors {
                for descriptor in descriptors { _ = close(descriptor) }
                descriptors = []
            }
            let end = line.firstIndex(of: UInt8(ascii: "\n")) ?? line.endIndex
            return (String(decoding: line[..<end], as: UTF8.self), descriptors)
        }
    }

    /// A call of the hand-over that failed, with its `errno`.
    package struct HandOverFailure: Error, CustomStringConvertible {
        package var call: String
        package var code: CInt

        package var description: String { "\(call): \(String(cString: strerror(code)))" }
    }
#endif
