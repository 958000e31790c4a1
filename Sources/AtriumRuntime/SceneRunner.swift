import AtriumObservability
@_spi(AtriumHost) import AtriumSDK
import AtriumStorage
import Foundation
import Logging
import Tracing

/// Runs one scene for a request: builds it (with the use cases the module file gives it), loads or
/// performs, maps the outcome to a status, and turns the state into a screen (or the standard
/// screen of a loading, empty, missing or failed state). Failures become the scene's failed state,
/// so one broken scene never breaks another.
package struct SceneRunner<S: Scene>: Sendable {
    let sceneID: String
    let title: Wording
    package let make: @Sendable (SceneContext) throws -> S
    /// What names a state's page for the page cache, as the module's registration chose it from the
    /// state's type (`ModuleRegistrar.scene(_:make:)`); nil when a state cannot name its page.
    private let pageName: (@Sendable (S.State) -> any Hashable & Sendable)?

    package init(
        sceneID: String, title: Wording, pageName: (@Sendable (S.State) -> any Hashable & Sendable)? = nil,
        make: @escaping @Sendable (SceneContext) throws -> S
    ) {
        self.sceneID = sceneID
        self.title = title
        self.make = make
        self.pageName = pageName
    }

    package func render(_ request: SceneRequest) async -> SceneResponse {
        do {
            return await render(request, with: try make(request.context))
        } catch {
            return failure(error, request: request)
        }
    }

    /// Loads and draws `scene`, built before for a context like `request`'s.
    package func render(_ request: SceneRequest, with scene: S) async -> SceneResponse {
        do {
            // Untraced, the load is called as it is, not as a closure through the tracing's generic function.
            let state =
                HostTracing.isOn
                ? try await HostTracing.withSpan("load \(sceneID)") { span in
                    name(span, request: request)
                    return try await scene.load(request.context)
                } : try await scene.load(request.context)
            return screen(for: state, scene: scene, status: .ok, request: request)
        } catch {
            return failure(error, request: request)
        }
    }

    package func perform(
        _ decode: @Sendable (any ActionInput, [String: String]) throws -> S.Action,
        _ request: SceneRequest
    ) async -> SceneResponse {
        let action: S.Action
        do {
            guard let input = request.input else {
                throw DecodingError.valueNotFound(S.Action.self, .init(codingPath: [], debugDescription: "no body"))
            }
            action = try decode(input, request.context.parameterValues)
        } catch {
            let problem = (error as? DecodingError).map(Self.describe) ?? "the request body could not be read"
            request.context.logger.notice("action body rejected", metadata: ["problem": "\(problem)"])
            if request.input != nil { return await pageChanged(request) }
            return .screen(
                DeferredScreen(
                    Screen(
                        title: title,
                        content: [
                            .message(Message("The form could not be read: \(problem).", kind: .error)),
                            .link(Link("Back", to: .path(request.retryPath))),
                        ]
                    )),
                status: .badRequest
            )
        }
        do {
            // The scene reads what the person saw from its context.
            let context = request.input?.basis.map { request.context.carrying($0) } ?? request.context
            let scene = try make(context)
            let actionName = HostTracing.isOn ? Self.caseName(of: action) : ""
            let outcome = try await HostTracing.withSpan("action \(sceneID).\(actionName)") { span in
                name(span, request: request)
                span?.attributes["atrium.action"] = actionName
                return try await scene.perform(action, context: context)
            }
            switch outcome {
            case .show(let state): return screen(for: .loaded(state), scene: scene, status: .ok, request: request)
            case .invalid(let state): return screen(for: .loaded(state), scene: scene, status: .unprocessableContent, request: request)
            case .unauthorized(let state): return screen(for: .loaded(state), scene: scene, status: .unauthorized, request: request)
            case .changed(let state, let change): return changed(state, because: change, scene: scene)
            case .tooManyRequests(let state): return screen(for: .loaded(state), scene: scene, status: .tooManyRequests, request: request)
            case .missing(let message): return screen(for: .missing(message), scene: scene, status: .notFound, request: request)
            case .unavailable(let message): return screen(for: .failed(message), scene: scene, status: .serviceUnavailable, request: request)
            case .navigate(let target): return .redirect(target)
            case .navigateBack(let otherwise): return .redirect(request.context.returnTo.map(LinkTarget.path) ?? otherwise)
            }
        } catch {
            return failure(error, request: request)
        }
    }

    /// The page of `state` with `change` said above it (409), and `entered` in its fields. Never
    /// kept as the state's page: the sentence is not part of the state.
    private func changed(_ state: S.State, because change: Wording, scene: S, keeping entered: [String: String] = [:]) -> SceneResponse {
        .screen(
            DeferredScreen(
                key: nil, liveRefresh: scene.liveRefresh(for: state),
                make: {
                    var screen = scene.view.screen(for: state).keeping(entered)
                    screen.content.insert(.message(Message(change, kind: .warning)), at: 0)
                    return screen
                }), status: .conflict)
    }

    /// An action whose body its scene cannot read: most often a page one version of the module drew,
    /// posted to a host of another (a field added, renamed or retyped in between). Nothing is done;
    /// the page as it is now comes back with what the person typed in its fields and a sentence
    /// saying the page changed (409), so nothing they entered is lost.
    private func pageChanged(_ request: SceneRequest) async -> SceneResponse {
        // What the person typed, by field name (the host's own fields left out); nothing when a
        // field is a list or a group, or a JSON client sent other values (it keeps what it sent).
        let entered = (try? request.input?.decode([String: String].self, pathParameters: [:]))?.filter { !$0.key.hasPrefix("_") } ?? [:]
        do {
            let scene = try make(request.context)
            let state = try await scene.load(request.context)
            guard case .loaded(let value) = state else { return screen(for: state, scene: scene, status: .conflict, request: request) }
            return changed(
                value, because: "This page has changed since you opened it. Check what you entered and send it again.",
                scene: scene, keeping: entered)
        } catch {
            return failure(error, request: request)
        }
    }

    /// Names the scene's module and id on its span.
    private func name(_ span: (any Span)?, request: SceneRequest) {
        span?.attributes["atrium.module"] = request.context.moduleID
        span?.attributes["atrium.scene"] = sceneID
    }

    /// An action's case (`addMoney`), never its values: they are what a visitor typed.
    static func caseName(of action: S.Action) -> String {
        let mirror = Mirror(reflecting: action)
        if mirror.displayStyle == .enum, let label = mirror.children.first?.label { return label }
        guard mirror.displayStyle == .enum else { return String(describing: S.Action.self) }
        let name = String(describing: action)
        return name.utf8.count <= 64 && name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) ? name : String(describing: S.Action.self)
    }

    /// The screen of a state; `scene` is nil for the states of a scene that could not be built. The
    /// scene's view is reached only when the page is drawn: a page kept from before is not.
    private func screen(for state: SceneState<S.State>, scene: S?, status: HTTPStatus, request: SceneRequest) -> SceneResponse {
        switch state {
        case .loaded(let value):
            guard let scene else { return .screen(DeferredScreen(Screen(title: title, content: [])), status: .internalServerError) }
            // A state the same as one shown before makes the same page: the key lets the host keep it.
            let key = pageName.map { ScreenKey(sceneID: sceneID, state: $0(value)) }
            return .screen(
                DeferredScreen(key: key, liveRefresh: scene.liveRefresh(for: value), make: { scene.view.screen(for: value) }), status: status)
        case .loading:
            return .screen(
                DeferredScreen(Screen(title: title, content: [.message(Message("Loading…"))], refreshAfterSeconds: 2)),
                status: status
            )
        case .empty(let text):
            return .screen(DeferredScreen(Screen(title: title, content: [.message(Message(text))])), status: status)
        case .missing(let text):
            return .screen(
                DeferredScreen(
                    Screen(title: title, content: [.message(Message(text)), .link(Link("Go to the home page", to: .path("/"), style: .button))])),
                status: .notFound
            )
        case .redirect(let target):
            return .redirect(target)
        case .failed(let text):
            return .screen(
                DeferredScreen(
                    Screen(
                        title: title,
                        content: [
                            .message(Message(text, kind: .error)),
                            .link(Link("Try again", to: .path(request.retryPath), style: .button)),
                        ]
                    )),
                status: status == .ok ? .serviceUnavailable : status
            )
        }
    }

    private func failure(_ error: any Error, request: SceneRequest) -> SceneResponse {
        if let unavailable = error as? any TemporarilyUnavailable {
            request.context.logger.warning("scene unavailable", metadata: ["reason": "\(unavailable.description)"])
            return screen(for: .failed(unavailable.visitorMessage), scene: nil, status: .serviceUnavailable, request: request)
        }
        if error is VisitorQuotaExceeded {
            request.context.logger.notice("visitor's records at their limit")
            return screen(for: .failed(VisitorQuotaExceeded.message), scene: nil, status: .contentTooLarge, request: request)
        }
        request.context.logger.error(
            "scene failed",
            metadata: ["module": "\(request.context.moduleID)", "error": "\(StorageErrorText.kind(of: error))"]
        )
        return screen(
            for: .failed("Something went wrong while preparing this page. Please try again."), scene: nil,
            status: .internalServerError,
            request: request
        )
    }

    /// A decoding error in the words of a form: which field, and what is wrong with it.
    static func describe(_ error: DecodingError) -> String {
        func field(_ path: [any CodingKey]) -> String {
            path.map(\.stringValue).filter { !$0.isEmpty }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "'\(field(context.codingPath + [key]))' is missing"
        case .typeMismatch(_, let context), .dataCorrupted(let context):
            let name = field(context.codingPath)
            return name.isEmpty ? "the body does not have the fields this form needs" : "'\(name)' is not valid"
        case .valueNotFound(_, let context):
            let name = field(context.codingPath)
            return name.isEmpty ? "the body is empty" : "'\(name)' is empty"
        @unknown default:
            return "the body is not valid"
        }
    }

}

extension SceneRunner {
    /// Runs `scene`'s load as the host does for a request (the same statuses and standard screens),
    /// without one: for the test kit's scene tests.
    package static func load(_ scene: S, context: SceneContext) async -> SceneResponse {
        await SceneRunner(sceneID: S.id, title: S.title, make: { _ in scene }).render(SceneRequest(context: context, input: nil, retryPath: "/"))
    }

    /// Performs `action` on `scene` as the host does, without a request.
    package static func perform(_ scene: S, _ action: S.Action, context: SceneContext) async -> SceneResponse {
        let runner = SceneRunner(sceneID: S.id, title: S.title, make: { _ in scene })
        return await runner.perform({ _, _ in action }, SceneRequest(context: context, input: NoInput(), retryPath: "/"))
    }
}

/// The input of an action made as a value: there is nothing to decode.
private struct NoInput: ActionInput {
    struct Nothing: Error {}

    func decode<Fields: Decodable>(_ type: Fields.Type, pathParameters: [String: String]) throws -> Fields { throw Nothing() }
}
