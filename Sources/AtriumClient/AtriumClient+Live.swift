import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension AtriumClient {
    /// Follows the live scene at `address`: its document now, then again whenever what it shows
    /// changes, on whichever host answers. A dropped connection is opened again with
    /// `Last-Event-ID`, so the host sends the scene only if it changed meanwhile; the stream waits
    /// as the host asks (`retry:`, `Retry-After`) and longer after each failure in a row, up to
    /// `maximumDelay`. It ends with ``LiveUpdate/redirect(_:)`` when the page is no longer the
    /// person's, with an error when the page has no stream, and when the consuming task is cancelled.
    public nonisolated func watch(_ address: String, maximumDelay: Duration = .seconds(30)) -> AsyncThrowingStream<LiveUpdate, any Error> {
        AsyncThrowingStream { continuation in
            let following = Task {
                do {
                    try await self.follow(address, maximumDelay: maximumDelay) { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in following.cancel() }
        }
    }

    private func follow(_ address: String, maximumDelay: Duration, yield: @Sendable (LiveUpdate) -> Void) async throws {
        let path = try path(of: address)
        var lastID: String?
        var delay = Duration.seconds(1)
        var failures = 0
        while !Task.isCancelled {
            var request = self.request(path, method: "GET", accept: "text/event-stream; schema=\(SceneDocument.schema)")
            if let lastID { request.setValue(lastID, forHTTPHeaderField: "Last-Event-ID") }
            var parser = EventStreamParser()
            do {
                let (response, body) = try await transport.open(request)
                took(response, for: request.url ?? base)
                switch response.statusCode {
                case 200:
                    failures = 0
                    for try await chunk in body {
                        for event in try parser.events(in: chunk) {
                            switch event.type {
                            case "scene":
                                let document = try SceneDocument(data: Data(event.data.utf8))
                                saw(document)
                                lastID = event.id
                                yield(.scene(document, id: event.id))
                            case "redirect":
                                yield(.redirect(event.data))
                                return
                            default:
                                continue
                            }
                        }
                    }
                case 429, 503:
                    // Caps or an outage: wait as asked, then try again.
                    if let seconds = Self.retryAfter(response) { delay = .seconds(seconds) }
                    failures += 1
                default:
                    throw ClientError.noStream(status: response.statusCode)
                }
            } catch let error as ClientError {
                throw error
            } catch is CancellationError {
                return
            } catch is DecodingError {
                throw ClientError.undecodable(status: 200, reason: "a live update is not a scene document")
            } catch is EventStreamParser.TooLong {
                throw ClientError.tooLarge(limit: parser.limit)
            } catch {
                // The connection dropped (a host stopped, the network went): open it again.
                failures += 1
            }
            if let retry = parser.retry { delay = .milliseconds(retry) }
            let wait = min(delay * (1 << min(failures, 5)), maximumDelay)
            try? await Task.sleep(for: wait)
        }
    }
}
