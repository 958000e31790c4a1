import AtriumLive
import AtriumPages
import AtriumRuntime
import AtriumSDK
import HTTPTypes
import Hummingbird
import NIOCore

/// Every enabled module's routes on the router: each hands its requests to the page target
/// (``PageService``) by the route's place, with a POST's body read first (at most 1 MiB), and a
/// scene page asked for as a stream to the live scenes (``SceneEventStream``).
package struct ModuleRoutes: Sendable {
    let pages: PageService
    /// Answers a page's live stream, when the host serves them.
    let stream: SceneEventStream?

    package init(pages: PageService, stream: SceneEventStream?) {
        self.pages = pages
        self.stream = stream
    }

    package func add(to router: Router<AtriumRequestContext>) {
        for (index, route) in pages.plan.registry.routes.enumerated() {
            let path = RouterPath(route.routerPath)
            switch route.method {
            case .get:
                let live: (SceneEventStream, SceneRouteAnswerer)? =
                    if let stream, case .scene(let scene) = pages.routes[index] { (stream, scene) } else { nil }
                router.get(path) { request, context in
                    if let live, context.format(of: request).isEventStream {
                        return try await Self.stream(live.1, with: live.0, request: request, context: context)
                    }
                    return PageAdapter.response(try await pages.answer(route: index, PageAdapter.pageRequest(request, context: context)))
                }
            case .post:
                router.post(path) { request, context in
                    if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > PageRequest.bodyLimit {
                        return PageAdapter.response(try await pages.bodyTooLarge(route: index, PageAdapter.pageRequest(request, context: context)))
                    }
                    let body: ByteBuffer
                    do {
                        body = try await request.body.collect(upTo: PageRequest.bodyLimit)
                    } catch is NIOTooManyBytesError {
                        return PageAdapter.response(try await pages.bodyTooLarge(route: index, PageAdapter.pageRequest(request, context: context)))
                    }
                    return PageAdapter.response(try await pages.answer(route: index, PageAdapter.pageRequest(request, context: context, body: body)))
                }
            }
        }
    }

    /// A scene page's live stream: its body runs the stream until it ends; a client that goes away
    /// frees it at once, not at the next write.
    private static func stream(_ scene: SceneRouteAnswerer, with stream: SceneEventStream, request: Request, context: AtriumRequestContext)
        async throws
        -> Response
    {
        switch try await stream.open(PageAdapter.pageRequest(request, context: context), route: scene) {
        case .answer(let answer):
            return PageAdapter.response(answer)
        case .head:
            return Response(status: .ok, headers: streamFields)
        case .stream(let open, let cookies):
            // Held weakly: a response dropped unwritten frees the stream too (its deinit).
            context.connectionClosed?.whenComplete { [weak open] _ in open?.close() }
            var headers = streamFields
            for cookie in cookies { headers.append(HTTPField(name: .setCookie, value: cookie)) }
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody { writer in
                    try await open.run { try await writer.write($0) }
                    try await writer.finish(nil)
                })
        }
    }

    private static let streamFields: HTTPFields = {
        var fields = HTTPFields()
        for (name, value) in SceneEventStream.fields { fields.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
        return fields
    }()
}
