import NIOCore
import Synchronization

/// Bytes made the first time they are asked for, then kept: for answers that would cost boot time
/// to prepare and few requests ask for (the OpenAPI document).
final class LazyResponseBody: Sendable {
    private let make: @Sendable () -> [UInt8]
    private let made = Mutex<ByteBuffer?>(nil)

    init(_ make: @escaping @Sendable () -> [UInt8]) { self.make = make }

    var buffer: ByteBuffer {
        made.withLock { made in
            if let made { return made }
            let buffer = ByteBuffer(bytes: make())
            made = buffer
            return buffer
        }
    }
}
