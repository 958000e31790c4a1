import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization

/// A stand-in for a remote service, listening on a free loopback port while a test runs: each
/// path answers with a canned status, body and delay; unknown paths answer 404. It records the
/// requests it received.
public final class StubHTTPServer: Sendable {
    /// What the stub answers for a path.
    public struct Reply: Sendable {
        /// The status.
        public var status: Int
        /// The body.
        public var body: String
        /// How long to wait before answering.
        public var delay: Duration
        /// The content type.
        public var contentType: String
        /// A `Cache-Control` header, when given.
        public var cacheControl: String?
        /// When given, the head goes at once and the body one byte at a time, this long apart (an
        /// upstream that drips its answer).
        public var drip: Duration?
        /// A `Location` header (for a redirect), when given.
        public var location: String?

        /// An answer; see each property.
        public init(
            status: Int = 200, body: String, delay: Duration = .zero, contentType: String = "application/json", cacheControl: String? = nil,
            drip: Duration? = nil, location: String? = nil
        ) {
            self.status = status
            self.body = body
            self.delay = delay
            self.contentType = contentType
            self.cacheControl = cacheControl
            self.drip = drip
            self.location = location
        }
    }

    /// A request as the stub received it.
    public struct Received: Sendable, Equatable {
        /// The method.
        public var method: String
        /// The path.
        public var path: String
        /// The query, without `?`.
        public var query: String
        /// The headers, by their canonical names (`content-type`).
        public var headers: [String: String]
        /// The body.
        public var body: String
    }

    /// Where the stub listens: `http://127.0.0.1:<port>`.
    public let baseURL: String
    private let received: ReceivedLog

    private init(baseURL: String, received: ReceivedLog) {
        self.baseURL = baseURL
        self.received = received
    }

    /// The requests received so far.
    public var requests: [Received] { received.all }

    /// Starts a stub with `replies` (by path), runs `body` with it, and stops it.
    public static func with<Value: Sendable>(
        _ replies: [String: Reply],
        _ body: @Sendable (StubHTTPServer) async throws -> Value
    ) async throws -> Value {
        try await with(
            answering: { request in
                replies[request.path] ?? Reply(status: 404, body: "no stub for \(request.path)", contentType: "text/plain")
            }, body)
    }

    /// Starts a stub that works out each reply from the request (its path, headers and body), such
    /// as a service that accepts one code only; runs `body` with it, and stops it.
    public static func with<Value: Sendable>(
        answering reply: @escaping @Sendable (Received) -> Reply,
        _ body: @Sendable (StubHTTPServer) async throws -> Value
    ) async throws -> Value {
        let received = ReceivedLog()
        let router = Router()
        router.on("**", method: .get) { request, _ in try await answer(request, reply, received) }
        router.on("**", method: .post) { request, _ in try await answer(request, reply, received) }
        var logger = Logger(label: "stub-http")
        logger.logLevel = .critical
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: logger)
        return try await app.test(.live) { client in
            try await body(StubHTTPServer(baseURL: "http://127.0.0.1:\(client.port ?? 0)", received: received))
        }
    }

    private static func answer(_ request: Request, _ reply: @Sendable (Received) -> Reply, _ received: ReceivedLog) async throws -> Response {
        let body = try await request.body.collect(upTo: 1 << 20)
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        let incoming = Received(
            method: request.method.rawValue,
            path: request.uri.path,
            query: request.uri.query ?? "",
            headers: headers,
            body: String(buffer: body)
        )
        received.append(incoming)
        let reply = reply(incoming)
        if reply.delay > .zero { try await Task.sleep(for: reply.delay) }
        var fields: HTTPFields = [.contentType: reply.contentType]
        if let cacheControl = reply.cacheControl { fields[.cacheControl] = cacheControl }
        if let location = reply.location { fields[.location] = location }
        if let drip = reply.drip {
            let bytes = Array(reply.body.utf8)
            return Response(
                status: .init(code: reply.status), headers: fields,
                body: ResponseBody { writer in
                    for byte in bytes {
                        try await writer.write(ByteBuffer(bytes: [byte]))
                        try await Task.sleep(for: drip)
                    }
                    try await writer.finish(nil)
                })
        }
        return Response(
            status: .init(code: reply.status),
            headers: fields,
            body: .init(byteBuffer: ByteBuffer(string: reply.body))
        )
    }
}
