import AtriumClient
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How long the native client kit takes to send actions that waited while the host could not be
/// reached (Tests/Benchmarks/offline.py): against a running host, a new person signs up, opens the
/// Cookbook pantry, is cut off, saves the pantry `count` times (each waits in a file store, as an
/// app's does), is connected again, and the kit sends them all, each with its key, in order. Each
/// of `rounds` times; prints the times, and fails when an action was not done.
///
///     atrium-kit-bench http://127.0.0.1:8080 [count=100] [rounds=5]
@main
enum KitBench {
    static func main() async {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2, let base = URL(string: arguments[1]), base.scheme == "http" else {
            FileHandle.standardError.write(Data("usage: atrium-kit-bench http://HOST:PORT [count] [rounds]\n".utf8))
            exit(64)
        }
        let count = arguments.count > 2 ? Int(arguments[2]) ?? 100 : 100
        let rounds = arguments.count > 3 ? Int(arguments[3]) ?? 5 : 5
        var times: [Duration] = []
        do {
            for round in 0..<rounds { times.append(try await sendWaiting(count, to: base, round: round)) }
        } catch {
            FileHandle.standardError.write(Data("atrium-kit-bench: \(error)\n".utf8))
            exit(1)
        }
        let sorted = times.sorted()
        let median = sorted[sorted.count / 2]
        func ms(_ duration: Duration) -> String {
            String(format: "%.0f ms", Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000)
        }
        print(
            "- The client kit sends \(count) waiting actions (the pantry saved, each with its key, in order, from a file store) in "
                + "\(ms(median)) (median of \(rounds); \(ms(sorted[0]))–\(ms(sorted[sorted.count - 1]))): \(ms(median / count)) each.")
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// One round: the time `sendWaiting` took to send `count` waiting actions.
    static func sendWaiting(_ count: Int, to base: URL, round: Int) async throws -> Duration {
        let folder = FileManager.default.temporaryDirectory.appending(path: "atrium-kit-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let transport = SwitchedTransport()
        let client = AtriumClient(base: base, transport: transport, store: try FileDocumentStore(folder: folder))
        guard let signUp = try await client.open("/signup").screen?.form(withInput: "email") else { throw Failure(description: "no sign-up form") }
        let email = "kit-\(round)-\(UUID().uuidString.prefix(8))@example.com"
        _ = try await client.submit(signUp, values: ["fullName": "Kit Bench", "email": email, "password": "correct horse battery"])
        guard let pantry = try await client.open("/cookbook/pantry").screen?.forms.first(where: { !$0.toggles.isEmpty }) else {
            throw Failure(description: "no pantry form (signed in?)")
        }
        transport.isCut.withLock { $0 = true }
        for index in 0..<count {
            let toggles = Dictionary(uniqueKeysWithValues: pantry.toggles.enumerated().map { ($0.element, ($0.offset + index) % 3 == 0) })
            guard case .waiting = try await client.submit(pantry, toggles: toggles).outcome else {
                throw Failure(description: "action \(index) did not wait")
            }
        }
        transport.isCut.withLock { $0 = false }
        let started = ContinuousClock.now
        let sent = await client.sendWaiting()
        let took = ContinuousClock.now - started
        let done = sent.filter { if case .done = $0.result { true } else { false } }.count
        guard sent.count == count, done == count else {
            throw Failure(
                description:
                    "\(sent.count) sent, \(done) done, of \(count): \(sent.first { if case .done = $0.result { false } else { true } }?.result as Any)"
            )
        }
        return took
    }
}
