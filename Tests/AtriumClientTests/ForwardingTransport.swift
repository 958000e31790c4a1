import AtriumClient
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport for a client whose base address stays the same while the host behind it stops,
/// starts again on another port, or is cut off: it sends each request to the host it is pointed at
/// now, over real HTTP. Cut off, every request fails as a phone's does with no network; told to lose
/// answers, it sends the request (the host acts) and then fails as a dropped connection does.
final class ForwardingTransport: ClientTransport {
    enum Mode: Sendable {
        /// To the host at this address (which may have stopped: then the connection is refused).
        case to(URL)
        /// No network.
        case cut
        /// To the host at this address, but every answer is lost on its way back.
        case losingAnswers(URL)
    }

    private let mode: Mutex<Mode>
    private let network = URLSessionTransport()

    init(_ mode: Mode) { self.mode = Mutex(mode) }

    func point(_ mode: Mode) { self.mode.withLock { $0 = mode } }

    func open(_ request: URLRequest) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
        let (target, losing): (URL, Bool)
        switch mode.withLock({ $0 }) {
        case .cut: throw URLError(.notConnectedToInternet)
        case .to(let url): (target, losing) = (url, false)
        case .losingAnswers(let url): (target, losing) = (url, true)
        }
        var forwarded = request
        var components = URLComponents(url: request.url!, resolvingAgainstBaseURL: false)!
        components.scheme = target.scheme
        components.host = target.host
        components.port = target.port
        forwarded.url = components.url
        let (response, body) = try await network.open(forwarded)
        if losing {
            for try await _ in body {}
            throw URLError(.networkConnectionLost)
        }
        // The answer as from the address the client knows.
        let head = HTTPURLResponse(
            url: request.url!, statusCode: response.statusCode, httpVersion: "HTTP/1.1",
            headerFields: response.allHeaderFields.reduce(into: [String: String]()) { $0["\($1.key)"] = "\($1.value)" })!
        return (head, body)
    }
}
