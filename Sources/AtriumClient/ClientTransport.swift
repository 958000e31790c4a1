import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How the client reaches a host. ``URLSessionTransport`` is the one to use; tests and apps with a
/// network stack of their own provide another.
///
/// A transport sends the request as it is: it follows no redirect (the client does, keeping its
/// cookies), keeps no cookies and caches nothing (the client revalidates with `ETag` itself).
public protocol ClientTransport: Sendable {
    /// Sends `request` and returns the response head and its body as it arrives, in chunks. The
    /// body ends when the response does; cancelling the consuming task ends the request.
    func open(_ request: URLRequest) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>)
}

extension ClientTransport {
    /// Sends `request` and reads its whole body, refusing one longer than `limit` bytes.
    func send(_ request: URLRequest, limit: Int) async throws -> (HTTPURLResponse, Data) {
        let (response, body) = try await open(request)
        var data = Data()
        for try await chunk in body {
            data.append(chunk)
            guard data.count <= limit else { throw ClientError.tooLarge(limit: limit) }
        }
        return (response, data)
    }
}
