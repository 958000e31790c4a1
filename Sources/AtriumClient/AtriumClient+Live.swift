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
        var delay = Self.shortestDelay
        var failures = 0
        while !Task.isCancelled {
            var request = self.request(path, method: "GET", accept: "text/event-stream; schema=\(SceneDocument.schema)")
            if let lastID { request.setValue(lastID, forHTTPHeaderField: "Last-Event-ID") }
            var parser = EventStreamParser()
            do {
                let (response, body) = try await transport.open(request)
                await take(response, for: request.url ?? base)
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
                                yield(.redirect(try Self.location(of: event.data)))
                                return
                            default:
                                continue
                            }
                        }
                    }
                case 429, 503:
                    // Caps or an outage: wait as asked, then try again.
                    if let seconds = Self.retryAfter(response) { delay = Self.delay(seconds: seconds, within: maximumDelay) }
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
            if let retry = parser.retry { delay = Self.delay(milliseconds: retry, within: maximumDelay) }
            try? await Task.sleep(for: Self.backOff(delay, failures: failures, within: maximumDelay))
        }
    }

    /// The shortest wait before opening a stream again, whatever the host asks: a host answering
    /// `retry: 0` (or a proxy failing at once) must not make its clients ask in a tight loop.
    static let shortestDelay = Duration.seconds(1)

    /// A wait the host asked for, at least ``shortestDelay`` and at most `longest`.
    static func delay(milliseconds: Int, within longest: Duration) -> Duration {
        // Clamped before it becomes a Duration: no count of milliseconds overflows one.
        let clamped = min(milliseconds, Int(min(longest, .seconds(86_400)).components.seconds) * 1000)
        return max(shortestDelay, min(.milliseconds(clamped), longest))
    }

    static func delay(seconds: Int, within longest: Duration) -> Duration {
        delay(milliseconds: seconds > Int.max / 1000 ? .max : seconds * 1000, within: longest)
    }

    /// `delay` doubled for each failure in a row (at most five times), never past `longest`: the
    /// delay is clamped before it is multiplied, so no host's value overflows a `Duration`.
    static func backOff(_ delay: Duration, failures: Int, within longest: Duration) -> Duration {
        let base = min(max(delay, .zero), longest)
        let factor = 1 << min(max(failures, 0), 5)
        return base > longest / factor ? longest : base * factor
    }

    /// Where an `event: redirect` sends the person: its data is `{"location": PATH}` (a bare path,
    /// as older hosts wrote it, is taken too).
    static func location(of data: String) throws -> String {
        struct Redirect: Decodable { var location: String }
        if let redirect = try? JSONDecoder().decode(Redirect.self, from: Data(data.utf8)) { return redirect.location }
        guard data.hasPrefix("/") else { throw ClientError.undecodable(status: 200, reason: "a live redirect names no location") }
        return data
    }
}
