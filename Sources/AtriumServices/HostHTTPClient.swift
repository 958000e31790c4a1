import AsyncHTTPClient
import AtriumObservability
import AtriumSDK
import Foundation
import NIOCore
import NIOHTTP1

/// The host's HTTP client for modules, on one async-http-client client for the process.
///
/// The request's timeout bounds the whole exchange (connecting, every redirect, the head and the
/// body): an upstream that sends its head at once and then drips its body is cut off at the
/// deadline, and its connection closed, so it holds no place in the pool. Answers are read up to
/// 10 MiB. Redirects (at most 5) are followed here rather than by the client, so that every hop is
/// checked against the request's ``RemoteDestination`` and credentials never follow a redirect to
/// another origin. A refused connection fails at once: the shared client's default retries
/// connecting until the request's deadline, which kept a page waiting its whole timeout.
package struct HostHTTPClient: RemoteHTTPClient {
    static let maximumBody = 10 * 1024 * 1024
    static let maximumRedirects = 5
    /// What a redirect's own body may hold before it is given up on.
    static let maximumRedirectBody = 64 * 1024

    /// Lives as long as the process, like async-http-client's own shared client.
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    package init() {}

    package func send(_ request: RemoteRequest) async throws(RemoteHTTPError) -> RemoteResponse {
        guard let url = Self.webAddress(request.url) else { throw .invalidURL(request.url) }
        let destination = try RemoteDestination(request, url: url)
        do {
            return try await Self.within(request.timeout) { try await Self.exchange(request, url: url, destination: destination) }
        } catch {
            throw Self.classify(error)
        }
    }

    static func webAddress(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host?.isEmpty == false
        else { return nil }
        return url
    }

    /// Runs `operation`, or throws ``RemoteHTTPError/timedOut`` once `limit` has passed: the
    /// operation is cancelled then (async-http-client closes the connection of a cancelled request).
    static func within<Value: Sendable>(_ limit: Duration, _ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw RemoteHTTPError.timedOut }
            return value
        }
    }

    private static func exchange(_ request: RemoteRequest, url: URL, destination: RemoteDestination) async throws -> RemoteResponse {
        var destination = destination
        var (method, url, headers, body) = (request.method, url, request.headers, request.body)
        // The request this call serves, so the other side's log lines can be matched with ours.
        if let id = RequestID.current, !headers.keys.contains(where: { $0.lowercased() == "x-request-id" }) { headers["X-Request-Id"] = id }
        for hop in 0...maximumRedirects {
            try await destination.check(url, isFirst: hop == 0)
            var outgoing = HTTPClientRequest(url: url.absoluteString)
            outgoing.method = HTTPMethod(rawValue: method)
            for (name, value) in headers { outgoing.headers.add(name: name, value: value) }
            if let body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
            let response = try await client.execute(outgoing, timeout: .init(request.timeout))
            if let next = redirect(from: response, at: url) {
                _ = try await response.body.collect(upTo: maximumRedirectBody)
                guard hop < maximumRedirects else { throw RemoteHTTPError.other("more than \(maximumRedirects) redirects") }
                // 303, and 301/302 after a POST, continue as a GET without the body (as browsers do).
                if response.status == .seeOther || ([HTTPResponseStatus.movedPermanently, .found].contains(response.status) && method == "POST") {
                    method = "GET"
                    body = nil
                    headers = headers.filter { !["content-type", "content-length"].contains($0.key.lowercased()) }
                }
                // Credentials go to the origin they were given for, never further.
                if !RemoteDestination.sameOrigin(next, url) {
                    headers = headers.filter { !["authorization", "cookie", "proxy-authorization"].contains($0.key.lowercased()) }
                }
                url = next
                continue
            }
            let collected = try await response.body.collect(upTo: maximumBody)
            var answer: [String: String] = [:]
            for header in response.headers {
                let name = header.name.lowercased()
                answer[name] = answer[name].map { "\($0), \(header.value)" } ?? header.value
            }
            return RemoteResponse(status: Int(response.status.code), body: Data(buffer: collected), headers: answer)
        }
        throw RemoteHTTPError.other("more than \(maximumRedirects) redirects")
    }

    /// Where a redirect leads, resolved against the address that answered it; nil for any other answer.
    private static func redirect(from response: HTTPClientResponse, at url: URL) -> URL? {
        guard [HTTPResponseStatus.movedPermanently, .found, .seeOther, .temporaryRedirect, .permanentRedirect].contains(response.status),
            let location = response.headers.first(name: "location"),
            let next = URL(string: location, relativeTo: url)?.absoluteURL
        else { return nil }
        return webAddress(next.absoluteString)
    }

    static func classify(_ error: any Error) -> RemoteHTTPError {
        if let error = error as? RemoteHTTPError { return error }
        if let error = error as? HTTPClientError {
            if [HTTPClientError.deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout].contains(error) { return .timedOut }
            if [HTTPClientError.invalidURL, .emptyHost, .emptyScheme].contains(error) { return .invalidURL("\(error)") }
            if error == .remoteConnectionClosed { return .notConnected("the connection was closed") }
            if error == .cancelled { return .timedOut }
            return .other("\(error)")
        }
        if error is NIOTooManyBytesError { return .tooLarge }
        if error is CancellationError { return .timedOut }
        let text = String(describing: error)
        if text.contains("connect") || text.contains("refused") || text.contains("resolve") || text.contains("unreachable") {
            return .notConnected(text)
        }
        return .other(text)
    }
}
