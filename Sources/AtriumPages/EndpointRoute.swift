import AtriumActions
import AtriumListener
import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import AtriumStorage
import Foundation
import Logging
import NIOCore

/// Serves one JSON endpoint: checks its parameters' types, hands the request to the module with the
/// module's shared records, and writes its reply. No session, no form token.
///
/// A POST with an `Idempotency-Key` is done once per key and caller (``IdempotentActions``), as a
/// scene's action is: with no session, the caller is the credential it sends (`Authorization`),
/// else its address.
package struct EndpointRoute: Sendable {
    let route: RouteRegistration
    let handle: @Sendable (EndpointRequest) async -> EndpointReply
    let storage: any HostStorage
    /// The host's logger tagged with the route's module, made once at boot.
    let logger: Logger
    /// Where posts sent with a key are done once (nil: keys are not looked at).
    let actions: IdempotentActions?
    let trustedProxies: Set<String>

    package func answer(_ request: PageRequest) async -> PageAnswer {
        guard request.method == .post, let actions, let sent = request.fields.value(.idempotencyKey) else { return await respond(request) }
        guard let key = IdempotencyKey(sent) else {
            logger.notice("POST refused: malformed Idempotency-Key", metadata: ["path": "\(request.path)"])
            return Self.json(400, #"{"error":"The Idempotency-Key must be 1 to 255 visible ASCII characters."}"#)
        }
        let fingerprint = IdempotencyKey.fingerprint(method: request.method.rawValue, target: request.target, body: request.body, isJSON: true)
        do {
            return try await actions.perform(
                key: key, owner: owner(of: request), fingerprint: fingerprint, act: { await respond(request) },
                refuse: { refusal in
                    switch refusal {
                    case .mismatch:
                        logger.notice("POST refused: Idempotency-Key used for another request", metadata: ["path": "\(request.path)"])
                        return Self.json(422, #"{"error":"This Idempotency-Key was sent with another request. Send a new key for a new request."}"#)
                    case .inProgress:
                        var answer = Self.json(
                            409, #"{"error":"The first request with this Idempotency-Key is still being answered. Try again shortly."}"#)
                        answer.extra.append((name: "Retry-After", value: "1"))
                        return answer
                    }
                })
        } catch {
            logger.warning(
                "POST with an Idempotency-Key not answered: its outcome could not be kept", metadata: ["error": "\(StorageErrorText.kind(of: error))"]
            )
            var answer = Self.json(503, #"{"error":"The service is unavailable just now. Try again with the same Idempotency-Key."}"#)
            answer.extra.append((name: "Retry-After", value: "1"))
            return answer
        }
    }

    /// Who a key belongs to without a session (``IdempotencyKey/owner(credential:address:)``).
    func owner(of request: PageRequest) -> String {
        IdempotencyKey.owner(
            credential: request.fields.value(.authorization),
            address: ClientAddress.resolve(
                peer: request.peerAddress, forwardedFor: request.fields.values(.forwardedFor), trustedProxies: trustedProxies))
    }

    private func respond(_ request: PageRequest) async -> PageAnswer {
        request.span?.attributes["atrium.module"] = route.moduleID
        guard let values = RouteValues.extract(for: route, from: request) else {
            return Self.json(404, #"{"error":"There is nothing at this address."}"#)
        }
        var headers: [String: String] = [:]
        for (name, value) in request.fields.all() { headers[name.lowercased()] = value }
        let body = request.body.map { Data(buffer: $0) } ?? Data()
        let reply = await handle(
            EndpointRequest(
                method: route.method, headers: headers, body: body, parameters: values,
                storage: storage.records(module: route.moduleID, owner: .shared), logger: logger))
        // Never kept by anyone, unless the reply says otherwise.
        var extra = reply.headers.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
        if !extra.contains(where: { $0.name.lowercased() == "cache-control" }) { extra.append((name: "Cache-Control", value: "no-store")) }
        return PageAnswer(status: reply.status.code, fields: .endpoint, extra: extra, body: ByteBuffer(data: reply.body))
    }

    /// An endpoint's body was larger than any it reads.
    static let tooLarge = json(413, #"{"error":"The request body is larger than 1 MiB."}"#)
    /// A switched-off module's endpoint, for now.
    static let unavailable: PageAnswer = {
        var answer = json(503, #"{"error":"This part of the app is unavailable for now. Try again in a few minutes."}"#)
        answer.extra = [(name: "Retry-After", value: AnswerWriter.retryAfter)]
        return answer
    }()

    static func json(_ status: Int, _ text: String) -> PageAnswer {
        PageAnswer(status: status, fields: .json, body: ByteBuffer(string: text))
    }
}
