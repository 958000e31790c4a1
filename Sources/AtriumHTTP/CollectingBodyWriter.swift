import Hummingbird
import NIOCore

/// Keeps what a response writes, for a request answered in-process (`atrium render`, a module's
/// call to its own sandbox).
package struct CollectingBodyWriter: ResponseBodyWriter {
    /// Where the bytes go.
    package final class Collected: @unchecked Sendable {
        package var buffer = ByteBuffer()
        package init() {}
    }

    package let collected: Collected

    package init(collected: Collected) { self.collected = collected }

    package mutating func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        collected.buffer.writeBuffer(&buffer)
    }

    package consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
