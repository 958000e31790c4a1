import AtriumObservability
@_spi(AtriumHost) import AtriumSDK
import AtriumServices
import Foundation
import Logging
import NIOCore
import Tracing

/// Answers a module's requests to its own host (``LocalDelivery``: a client of its sandbox) in
/// process, through the page target: the same routes and endpoint code as a request from the
/// network, with no port and no HTTP. The host's logger and the caller's request id come along
/// (the request runs in the caller's task).
package enum LocalAnswers {
    /// Connects `pages` to `delivery`: local requests go to them from now on.
    package static func connect(_ pages: PageService, to delivery: LocalDelivery) {
        delivery.connect { request throws(RemoteHTTPError) in try await answer(request, with: pages) }
    }

    static func answer(_ request: RemoteRequest, with pages: PageService) async throws(RemoteHTTPError) -> RemoteResponse {
        let method: PageRequest.Method
        switch request.method.uppercased() {
        case "GET": method = .get
        case "HEAD": method = .head
        case "POST": method = .post
        default: throw .invalidURL(request.url)
        }
        let target = String(request.url.dropFirst(HostServices.localOrigin.count))
        guard target.hasPrefix("/") else { throw .invalidURL(request.url) }
        var known: [PageField: [String]] = [:]
        var others: [(name: String, value: String)] = []
        for (name, value) in request.headers {
            if let field = PageField.allCases.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
                known[field, default: []].append(value)
            } else {
                others.append((name, value))
            }
        }
        // The authority is no header field; endpoints that write addresses back (a feed's file
        // list) read where the request came from in `Host`.
        if !others.contains(where: { $0.name.lowercased() == "host" }) { others.append(("Host", "atrium.localhost")) }
        let page = PageRequest(
            method: method, target: target, fields: PageFieldList(values: known, others: others), body: request.body.map { ByteBuffer(data: $0) },
            logger: pages.logger)
        let answer: RemoteResponse? = await withTaskGroup(of: RemoteResponse?.self) { group in
            group.addTask {
                let started = ContinuousClock.now
                let sent = request.headers.reduce(into: [String: String]()) { $0[$1.key.lowercased()] = $1.value }
                let answer = await traced(page, by: pages, traceparent: sent["traceparent"], tracestate: sent["tracestate"])
                logLine(page, status: answer?.status ?? 500, since: started)
                guard let answer else { return RemoteResponse(status: 500, body: Data()) }
                var headers: [String: String] = [:]
                for (name, value) in answer.fields.pairs + answer.extra { headers[name.lowercased()] = value }
                if let tag = answer.tag { headers["etag"] = tag }
                if let location = answer.location { headers["location"] = location }
                return RemoteResponse(status: answer.status, body: Data(buffer: answer.body), headers: headers)
            }
            group.addTask {
                try? await Task.sleep(for: request.timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let answer else { throw .timedOut }
        return answer
    }

    /// The request's line, as the HTTP layer writes one for a request from the network: the caller's
    /// request id comes with it (the request runs in the caller's task).
    private static func logLine(_ page: PageRequest, status: Int, since start: ContinuousClock.Instant) {
        guard page.logger.logLevel <= .info else { return }
        let elapsed = start.duration(to: .now)
        let tenths = elapsed.components.seconds * 10_000 + (elapsed.components.attoseconds + 50_000_000_000_000) / 100_000_000_000_000
        page.logger.info("\(page.method.rawValue) \(page.path) \(status) \(tenths / 10).\(tenths % 10)ms", source: "AtriumPages")
    }

    /// `pages`' answer to `page`, under a server span of its own while tracing (the span the HTTP
    /// layer makes for a request from the network), continuing the caller's trace: its client call
    /// sent `traceparent`, and it is this host's own.
    private static func traced(_ page: PageRequest, by pages: PageService, traceparent: String?, tracestate: String?) async -> PageAnswer? {
        let method = page.method.rawValue
        switch HostTracing.startServerSpan(method, traceparent: traceparent, tracestate: tracestate, continuesCaller: true) {
        case nil:
            return try? await pages.answer(page)
        case .leftOut(let context)?:
            return await ServiceContext.withValue(context) { try? await pages.answer(page) }
        case .made(let span)?:
            defer { span.end() }
            guard span.isRecording else { return await ServiceContext.withValue(span.context) { try? await pages.answer(page) } }
            var page = page
            page.span = span
            span.attributes["http.request.method"] = method
            let answer = await ServiceContext.withValue(span.context) { [page] in try? await pages.answer(page) }
            if let index = pages.route(method: page.method, path: page.path) {
                let route = pages.plan.registry.routes[index].pattern.description
                span.operationName = "\(method) \(route)"
                span.attributes["http.route"] = route
            }
            let status = answer?.status ?? 500
            span.attributes["http.response.status_code"] = status
            if status >= 500 { span.setStatus(SpanStatus(code: .error)) }
            return answer
        }
    }
}
