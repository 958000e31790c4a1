import AtriumSupport
import Logging
import Synchronization

/// Which request the current task works for: set by the host around each request (``RequestLogMiddleware``)
/// and read by every logger through ``metadataProvider``, so the host's lines and every module's
/// (their boot-time loggers too, remote calls and storage errors included) carry the request's id
/// without anyone passing it. Remote calls send it on as `X-Request-Id`.
package enum RequestID {
    @TaskLocal package static var current: String?

    /// The metadata key of the id on log lines.
    static let metadataKey = "request-id"

    /// Adds the current request's id, if any, to every line a logger writes.
    package static let metadataProvider = Logger.MetadataProvider {
        guard let id = current else { return [:] }
        return [metadataKey: .string(id)]
    }

    /// The id to use for a request: the one already current (a request this host delivers to itself,
    /// such as a call to a module's own sandbox), else the `X-Request-Id` a trusted proxy sent when it
    /// is well formed, else a new one.
    package static func resolve(header: String?, peer: @autoclosure () -> String?, trustedProxies: Set<String>) -> String {
        if let current { return current }
        if let header, !trustedProxies.isEmpty, let peer = peer(), trustedProxies.contains(peer), isWellFormed(header) { return header }
        return make()
    }

    /// 1 to 128 ASCII letters, digits, `-`, `_`, `.` or `:` (nginx's `$request_id` is 32 hex digits):
    /// nothing that could break a log line or a header.
    static func isWellFormed(_ text: String) -> Bool {
        let bytes = text.utf8
        guard !bytes.isEmpty, bytes.count <= 128 else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"):
                true
            default: false
            }
        }
    }

    /// 16 hexadecimal digits from the system's random source.
    static func make() -> String {
        let number = UInt32(truncatingIfNeeded: issued.wrappingAdd(1, ordering: .relaxed).newValue)
        return prefix + hex(number)
    }

    /// 8 random hex digits per process, so hosts behind one balancer do not repeat each other's ids;
    /// then a counter (an id is not a secret, and a counter costs no system call).
    private static let prefix: String = {
        var generator = SystemRandomNumberGenerator()
        return hex(generator.next())
    }()
    private static let issued = Atomic<UInt64>(0)

    /// Eight lowercase hex digits, most significant first.
    private static func hex(_ value: UInt32) -> String {
        withUnsafeBytes(of: value.bigEndian) { HexDigits.string(of: $0, count: 4) }
    }
}
