import AtriumClient
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that answers each request with the next scripted answer and keeps the requests, for
/// what a host is hard to make do on cue (an outage, a throttle, a dropped stream).
final class ScriptedTransport: ClientTransport {
    struct Answer: Sendable {
        var status: Int
        var headers: [String: String] = [:]
        var chunks: [Data] = []
        /// Thrown instead of answering (the network is down).
        var failure: URLError?

        static func document(_ json: String, status: Int = 200, headers: [String: String] = [:]) -> Answer {
            Answer(status: status, headers: headers.merging(["Content-Type": "application/json"]) { given, _ in given }, chunks: [Data(json.utf8)])
        }
    }

    private let state = Mutex<(answers: [Answer], requests: [URLRequest])>(([], []))

    init(_ answers: [Answer]) { state.withLock { $0.answers = answers } }

    var requests: [URLRequest] { state.withLock { $0.requests } }

    func open(_ request: URLRequest) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
        let answer = state.withLock { state -> Answer? in
            state.requests.append(request)
            return state.answers.isEmpty ? nil : state.answers.removeFirst()
        }
        guard let answer else { throw URLError(.cannotConnectToHost) }
        if let failure = answer.failure { throw failure }
        let response = HTTPURLResponse(url: request.url!, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: answer.headers)!
        let body = AsyncThrowingStream<Data, any Error> { continuation in
            for chunk in answer.chunks { continuation.yield(chunk) }
            continuation.finish()
        }
        return (response, body)
    }
}
