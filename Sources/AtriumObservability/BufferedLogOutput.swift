import Dispatch
import Foundation
import Synchronization

/// Where log lines go: collected in memory and written to a file descriptor in batches, at most
/// ``delay`` after the first line of a batch or at once when a batch reaches ``batchBytes``. One
/// request line per request would otherwise be one `write` system call each (with swift-log's
/// `StreamLogHandler` on unbuffered standard error, 8 % of a page's CPU under load). Lines stay whole
/// and in order; ``flush()`` writes what is waiting (``standardError`` flushes itself when the
/// process exits; a process killed outright loses at most the last ``delay`` of lines).
///
/// Use it as the stream of swift-log's `StreamLogHandler`, which keeps its format.
package final class BufferedLogOutput: Sendable {
    /// Standard error, flushed when the process exits normally.
    package static let standardError: BufferedLogOutput = {
        let output = BufferedLogOutput(fileDescriptor: STDERR_FILENO)
        atexit { BufferedLogOutput.standardError.flush() }
        return output
    }()

    package let delay: Duration
    package let batchBytes: Int
    private let fileDescriptor: Int32
    private let pending = Mutex<[UInt8]>([])
    /// Held while a batch is written, so batches reach the file in the order they were taken.
    private let writing = Mutex<Void>(())
    private static let timers = DispatchQueue(label: "atrium.log-output")

    package init(fileDescriptor: Int32, delay: Duration = .milliseconds(50), batchBytes: Int = 64 * 1024) {
        self.fileDescriptor = fileDescriptor
        self.delay = delay
        self.batchBytes = batchBytes
    }

    /// Adds `text` to the batch; the first text of a batch schedules its write.
    package func append(_ text: String) {
        let (wasEmpty, isFull) = pending.withLock { pending in
            let wasEmpty = pending.isEmpty
            pending.append(contentsOf: text.utf8)
            return (wasEmpty, pending.count >= batchBytes)
        }
        if isFull {
            flush()
        } else if wasEmpty {
            let nanoseconds = Int(delay.components.seconds) * 1_000_000_000 + Int(delay.components.attoseconds / 1_000_000_000)
            Self.timers.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in flush() }
        }
    }

    /// Writes what is waiting.
    package func flush() {
        writing.withLock { _ in
            let batch = pending.withLock { pending in
                defer { pending = [] }
                return pending
            }
            batch.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = write(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if written > 0 {
                        offset += written
                    } else if written < 0 && errno == EINTR {
                        continue
                    } else {
                        return  // the reader went away (EPIPE) or the disk is full: logs must not stop the host
                    }
                }
            }
        }
    }

    /// A `TextOutputStream` onto this output, for `StreamLogHandler(label:stream:)`.
    package var stream: Stream { Stream(output: self) }

    package struct Stream: TextOutputStream, Sendable {
        let output: BufferedLogOutput

        package mutating func write(_ string: String) {
            output.append(string)
        }
    }
}
