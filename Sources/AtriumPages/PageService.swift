import AtriumActions
import AtriumLocalization
import AtriumObservability
import AtriumRendering
import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import AtriumStorage
import Foundation
import Logging

/// Where a request becomes an answer: every enabled module's routes (each scene route a
/// ``SceneRouteAnswerer``, each endpoint an ``EndpointRoute``), the home page, the language page and the
/// host's standard screens, over one serving generation's registry. The HTTP layer hands it each
/// request its router matched, by the route's place; an in-process caller (a module calling its
/// own host, `atrium render`, a test) hands it a request and it finds the route itself. It uses no
/// HTTP framework's types: the HTTP layer adapts a request to a ``PageRequest`` and the
/// ``PageAnswer`` back to a response.
package final class PageService: Sendable {
    package let plan: HostPlan
    package let storage: any HostStorage
    package let sessions: SessionStore
    package let writer: AnswerWriter
    let host: RegistrySceneHost
    let trustedProxies: Set<String>
    package let logger: Logger
    let readsObserver: (@Sendable (SceneReads) -> Void)?
    /// The screens this host's pages answered lately, for every route of this generation.
    let loads: LoadCache
    /// The signed-in check every guarded route shares.
    package let signedIn: SignedInCheck
    package let standard: StandardAnswers
    /// Each route of the registry, in its order.
    package let routes: [Answerer]
    let home: DeferredScreen
    package let language: LanguagePage?

    /// What answers one route.
    package enum Answerer: Sendable {
        case scene(SceneRouteAnswerer)
        case endpoint(EndpointRoute)
        /// A route of a module switched off (``HostPlan/modulesOff``).
        case off(RouteRegistration)
    }

    /// The pages of `plan`'s registry on `storage`, with `sessions` and `writer` shared with the
    /// host's other generations. `readsObserver` is told what each request's scene read.
    package init(
        plan: HostPlan, storage: any HostStorage, sessions: SessionStore, writer: AnswerWriter, logger: Logger,
        readsObserver: (@Sendable (SceneReads) -> Void)? = nil
    ) {
        self.plan = plan
        self.storage = storage
        self.sessions = sessions
        self.writer = writer
        self.logger = logger
        self.readsObserver = readsObserver
        host = RegistrySceneHost(registry: plan.registry, flags: plan.flags)
        trustedProxies = Set(plan.settings.http.trustedProxies)
        loads = LoadCache(feed: storage.changes)
        signedIn = SignedInCheck(registry: plan.registry)
        standard = StandardAnswers(writer: writer)
        let homeScreen = StandardScreens.home(entries: plan.homeEntries)
        // One key for every request: the render cache finds it by identity.
        home = DeferredScreen(key: ScreenKey(host: "home"), make: { homeScreen })
        language = writer.isMultilingual ? LanguagePage(sessions: sessions, writer: writer, standard: standard) : nil
        let actions = ActionOutcomes.store(on: storage).map { store in
            IdempotentActions(store: store, logger: logger, now: { sessions.now().timeIntervalSince1970 })
        }
        let shared = SceneRouteAnswerer.Shared(
            storage: storage, sessions: sessions, host: host, writer: writer, trustedProxies: trustedProxies, logger: logger,
            readsObserver: readsObserver, loads: loads, signedIn: signedIn, standard: standard, actions: actions)
        let trustedProxies = trustedProxies
        routes = plan.registry.routes.enumerated().map { index, route in
            if plan.modulesOff[route.moduleID] != nil { return .off(route) }
            return switch route.handler {
            case .scene(let respond, let preparePage):
                .scene(SceneRouteAnswerer(route: route, respond: respond, preparePage: preparePage, routeIndex: index, shared: shared))
            case .endpoint(let handle):
                .endpoint(
                    EndpointRoute(
                        route: route, handle: handle, storage: storage, logger: logger.with(module: route.moduleID), actions: actions,
                        trustedProxies: trustedProxies))
            }
        }
    }

    /// Answers `request` for the route at `index` of the registry (its router matched it).
    package func answer(route index: Int, _ request: PageRequest) async throws -> PageAnswer {
        switch routes[index] {
        case .endpoint(let endpoint):
            guard request.method == .post else { return await endpoint.answer(request) }
            // A post to an endpoint (a sandbox's API) may change what its module's pages show,
            // unless it was refused.
            let answer = await endpoint.answer(request)
            if LoadCache.mayHaveChanged(answer.status) { loads.forget(module: endpoint.route.moduleID) }
            return answer
        case .off(let route):
            return try await offAnswer(route, request)
        case .scene(let scene):
            do {
                return try await scene.answer(request)
            } catch let error as any TemporarilyUnavailable {
                // Most often the storage: reading the session or a guard's user.
                request.logger.warning("request unavailable", metadata: ["reason": "\(error.description)"])
                return try await standard.unavailable(request, message: error.visitorMessage)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                request.logger.error("request failed", metadata: ["error": "\(StorageErrorText.kind(of: error))"])
                return try await standard.failure(request)
            }
        }
    }

    /// What a body over ``PageRequest/bodyLimit`` answers on the route at `index`: an endpoint's
    /// JSON error, or the page saying so.
    package func bodyTooLarge(route index: Int, _ request: PageRequest) async throws -> PageAnswer {
        if case .endpoint = routes[index] { return EndpointRoute.tooLarge }
        if case .off(let route) = routes[index] { return try await offAnswer(route, request) }
        return try await standard.tooLarge(request)
    }

    /// A switched-off module's page says it is unavailable for now (503, `Retry-After`); its
    /// endpoints answer so in JSON.
    private func offAnswer(_ route: RouteRegistration, _ request: PageRequest) async throws -> PageAnswer {
        guard case .scene = route.handler else { return EndpointRoute.unavailable }
        return try await standard.unavailable(request, message: "This part of the app is unavailable for now. Try again in a few minutes.")
    }

    /// The home page: every module's way in.
    package func homePage(_ request: PageRequest) async throws -> PageAnswer {
        try await writer.answer(for: home, status: 200, writer.request(request, session: nil), logger: request.logger)
    }

    /// The route that answers `method` at `path`, if any (by its place in the registry); a HEAD is
    /// answered as its GET.
    package func route(method: PageRequest.Method, path: Substring) -> Int? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        let asked: HTTPMethodName = method == .post ? .post : .get
        return plan.registry.routes.firstIndex { $0.method == asked && RouteMatch.fits(segments, $0.pattern) }
    }

    /// Answers `request` in-process, finding its route itself: a module's route, the home page, the
    /// language page; else not found, or 405 with the methods its address takes.
    package func answer(_ request: PageRequest) async throws -> PageAnswer {
        if let index = route(method: request.method, path: request.path) { return try await answer(route: index, request) }
        if request.path == "/" || request.path.isEmpty, request.method != .post { return try await homePage(request) }
        if let language, request.path == LanguagePage.path { return try await language.answer(request) }
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: true)
        let methods = plan.registry.routes.filter { RouteMatch.fits(segments, $0.pattern) }.map(\.method)
        guard !methods.isEmpty else { return try await standard.notFound(request) }
        let allow = methods.contains(.get) ? (methods.contains(.post) ? "GET, HEAD, POST" : "GET, HEAD") : "POST"
        return try await standard.methodNotAllowed(request, allow: allow)
    }
}

/// Whether a path fits a route's pattern.
package enum RouteMatch {
    /// Whether `segments` (a path's, split on `/`) fit `pattern`: each literal the same, each
    /// parameter percent-decoded and of its type.
    package static func fits(_ segments: [Substring], _ pattern: RoutePattern) -> Bool {
        guard segments.count == pattern.segments.count else { return false }
        for (segment, part) in zip(pattern.segments, segments) {
            switch segment {
            case .literal(let text):
                if text != part { return false }
            case .parameter(_, let type):
                guard let value = part.removingPercentEncoding, (type ?? .string).accepts(value) else { return false }
            }
        }
        return true
    }
}
