import AtriumHost
import AtriumObservability
import Foundation
import Testing

/// Log lines collected and written in batches: whole, in order, never lost at a flush, and written
/// without waiting once a batch is full.
@Suite("Buffered log output")
struct BufferedLogOutputTests {
    /// A file to write the log into, and what it holds so far.
    final class LogFile {
        let url = FileManager.default.temporaryDirectory.appending(path: "atrium-log-\(UUID().uuidString)")
        let write: Int32

        init() throws {
            write = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            guard write >= 0 else { throw POSIXError(.EACCES) }
        }

        /// Everything written so far (a test reads it whole each time).
        var contents: String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

        deinit {
            close(write)
            try? FileManager.default.removeItem(at: url)
        }
    }

    @Test func linesWaitForTheirBatchAndAFlushWritesThemInOrder() throws {
        let file = try LogFile()
        let output = BufferedLogOutput(fileDescriptor: file.write, delay: .seconds(600))
        var stream = output.stream
        stream.write("first line\n")
        stream.write("second line\n")
        #expect(file.contents == "", "nothing is written before the batch's time")
        output.flush()
        #expect(file.contents == "first line\nsecond line\n")
        output.flush()
        #expect(file.contents == "first line\nsecond line\n", "a flush with nothing waiting writes nothing")
    }

    @Test func aBatchIsWrittenSoonAfterItsFirstLineWithoutAFlush() async throws {
        let file = try LogFile()
        let output = BufferedLogOutput(fileDescriptor: file.write, delay: .milliseconds(20))
        output.append("GET /login 200 0.4ms\n")
        var seen = ""
        let deadline = ContinuousClock.now + .seconds(10)
        while seen.isEmpty && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
            seen = file.contents
        }
        #expect(seen == "GET /login 200 0.4ms\n")
    }

    @Test func aFullBatchIsWrittenAtOnce() throws {
        let file = try LogFile()
        let output = BufferedLogOutput(fileDescriptor: file.write, delay: .seconds(600), batchBytes: 100)
        let line = String(repeating: "x", count: 60) + "\n"
        output.append(line)
        #expect(file.contents == "")
        output.append(line)
        #expect(file.contents == line + line, "the second line filled the batch")
    }

    @Test func linesFromManyThreadsAtOnceStayWholeAndInTheirOrder() async throws {
        let file = try LogFile()
        let output = BufferedLogOutput(fileDescriptor: file.write, delay: .milliseconds(1), batchBytes: 4096)
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for index in 0..<500 { output.append("writer \(writer) line \(index) \(String(repeating: "·", count: index % 40))\n") }
                }
            }
        }
        output.flush()
        let lines = file.contents.split(separator: "\n")
        #expect(lines.count == 8 * 500)
        for writer in 0..<8 {
            let own = lines.filter { $0.hasPrefix("writer \(writer) ") }
            #expect(own == (0..<500).map { "writer \(writer) line \($0) \(String(repeating: "·", count: $0 % 40))" })
        }
    }
}
