import Synchronization

/// The requests a stub received, shared between its handlers and the test.
final class ReceivedLog: Sendable {
    private let entries = Mutex<[StubHTTPServer.Received]>([])
    func append(_ entry: StubHTTPServer.Received) { entries.withLock { $0.append(entry) } }
    var all: [StubHTTPServer.Received] { entries.withLock { $0 } }
}
