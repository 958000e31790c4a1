import AsyncHTTPClient
@_spi(AtriumHost) import AtriumSDK
import Foundation
import NIOCore
import NIOHTTP1

/// The host's HTTP client for modules, on one async-http-client client for the process. Answers
/// are read up to 10 MiB. A refused connection fails at once: the shared client's default retries
/// connecting until the request's deadline, which kept a page waiting its whole timeout.
public struct HostHTTPClient: RemoteHTTPClient {
    static let maximumBody = 10 * 1024 * 1024

    /// Lives as long as the process, like async-http-client's own shared client.
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    public init() {}

    public func send(_ request: RemoteRequest) async throws(RemoteHTTPError) -> RemoteResponse {
        guard let url = URL(string: request.url), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host?.isEmpty == false
        else {
            throw .invalidURL(request.url)
        }
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        do {
            let response = try await Self.client.execute(outgoing, timeout: .init(request.timeout))
            let body = try await response.body.collect(upTo: Self.maximumBody)
            var headers: [String: String] = [:]
            for header in response.headers {
                headers[header.name.lowercased(), default: ""] += headers[header.name.lowercased()] == nil ? header.value : ", \(header.value)"
            }
            return RemoteResponse(status: Int(response.status.code), body: Data(buffer: body), headers: headers)
        } catch {
            throw Self.classify(error)
        }
    }

    static func classify(_ error: any Error) -> RemoteHTTPError {
        if let error = error as? HTTPClientError {
            if [HTTPClientError.deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout].contains(error) { return .timedOut }
            if [HTTPClientError.invalidURL, .emptyHost, .emptyScheme].contains(error) { return .invalidURL("\(error)") }
            if error == .remoteConnectionClosed { return .notConnected("the connection was closed") }
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
