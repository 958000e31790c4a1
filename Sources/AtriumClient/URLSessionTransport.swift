import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``ClientTransport`` over `URLSession`, streaming bodies through a delegate (on Linux
/// `URLSession.bytes(for:)` does not exist): no redirect followed, no cookie kept, nothing cached.
public final class URLSessionTransport: ClientTransport {
    private let session: URLSession
    private let delegate: Delegate

    /// A transport whose requests time out after `timeout` seconds without a byte.
    public init(timeout: TimeInterval = 30) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = timeout
        delegate = Delegate()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit { session.invalidateAndCancel() }

    public func open(_ request: URLRequest) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
        let (body, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let task = session.dataTask(with: request)
        return try await withTaskCancellationHandler {
            let response = try await withCheckedThrowingContinuation { (head: CheckedContinuation<HTTPURLResponse, any Error>) in
                delegate.begin(task.taskIdentifier, head: head, body: continuation)
                continuation.onTermination = { _ in task.cancel() }
                task.resume()
            }
            return (response, body)
        } onCancel: {
            task.cancel()
        }
    }

    /// Routes each task's events to the request waiting for them.
    private final class Delegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        /// Guarded by `lock`.
        private var waiting: [Int: Waiting] = [:]
        private let lock = NSLock()

        struct Waiting {
            var head: CheckedContinuation<HTTPURLResponse, any Error>?
            let body: AsyncThrowingStream<Data, any Error>.Continuation
        }

        func begin(_ id: Int, head: CheckedContinuation<HTTPURLResponse, any Error>, body: AsyncThrowingStream<Data, any Error>.Continuation) {
            lock.withLock { waiting[id] = Waiting(head: head, body: body) }
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            let head = lock.withLock { () -> CheckedContinuation<HTTPURLResponse, any Error>? in
                defer { waiting[dataTask.taskIdentifier]?.head = nil }
                return waiting[dataTask.taskIdentifier]?.head
            }
            guard let http = response as? HTTPURLResponse else {
                head?.resume(throwing: ClientError.notHTTP)
                completionHandler(.cancel)
                return
            }
            head?.resume(returning: http)
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let body = lock.withLock { waiting[dataTask.taskIdentifier]?.body }
            body?.yield(data)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            guard let ended = lock.withLock({ waiting.removeValue(forKey: task.taskIdentifier) }) else { return }
            if let error {
                ended.head?.resume(throwing: error)
                ended.body.finish(throwing: error)
            } else {
                ended.head?.resume(throwing: ClientError.notHTTP)
                ended.body.finish()
            }
        }

        /// Redirects are the client's to follow (with its cookies): the 3xx itself is the answer.
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
            completionHandler: @escaping (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }
}
