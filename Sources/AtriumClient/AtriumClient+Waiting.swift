import Foundation

/// Actions made while the host cannot be reached wait in the client's store (``PendingAction``),
/// and are sent in the order they were made, each with its key, when the host answers again.
extension AtriumClient {
    /// The most actions that wait at once.
    public static let waitingLimit = 100
    /// How long an action may wait: less than the day a host keeps an action's key, so an action
    /// sent again is never taken for a new one. An older one is not sent (``SentAction/Result/expired``).
    public static let waitingLifetime: TimeInterval = 23 * 3600

    /// The actions waiting to be sent, oldest first.
    public func waitingActions() async -> [PendingAction] { await waitingList() }

    /// Forgets a waiting action, so it is never sent; false when none waits under `id`.
    @discardableResult
    public func cancel(_ id: String) async -> Bool {
        var list = await waitingList()
        guard let index = list.firstIndex(where: { $0.id == id }) else { return false }
        list.remove(at: index)
        await setWaiting(list)
        return true
    }

    /// What became of the waiting actions the client sent by itself (before sending a newer one),
    /// since last asked.
    public func takeSentActions() -> [SentAction] {
        defer { sentUntold = [] }
        return sentUntold
    }

    /// Sends the waiting actions, oldest first, each with its key, and says what became of each:
    /// done, changed (what it was made on changed meanwhile: not done), refused (by its form's
    /// checks, a stale token, a signed-out session), or expired (not sent). A refused action does not hold back the ones after it: each was made on a screen of
    /// its own, and the host checks each against what is true when it arrives. Sending stops, with
    /// the rest still waiting, when the host cannot be reached, is unavailable or throttles, or
    /// the first try of an action is still being done.
    public func sendWaiting() async -> [SentAction] {
        guard !isSendingWaiting else { return [] }
        isSendingWaiting = true
        defer { isSendingWaiting = false }
        var sent: [SentAction] = []
        while let action = await waitingList().first {
            if Date().timeIntervalSince(action.madeAt) > Self.waitingLifetime {
                await remove(action.id)
                sent.append(SentAction(action: action, result: .expired))
                continue
            }
            let visit: Visit
            do {
                visit = try await load(action.address, method: "POST", body: action.body, key: action.id, token: action.formToken)
            } catch is NotDelivered {
                break
            } catch {
                // The host answered, but with nothing the kit can show: it will not do better later.
                await remove(action.id)
                sent.append(
                    SentAction(
                        action: action,
                        result: .refused(Visit(address: action.address, status: 0, outcome: .failed(status: 0), document: nil, isCurrent: true))))
                continue
            }
            switch visit.outcome {
            case .throttled, .unavailable, .offline:
                return sent
            case .failed(let status) where status == 409 || status >= 500:
                return sent
            case .shown, .leftSite, .waiting:
                await remove(action.id)
                sent.append(SentAction(action: action, result: .done(visit)))
            case .changed:
                await remove(action.id)
                sent.append(SentAction(action: action, result: .changed(visit)))
            case .invalid, .unauthorized, .forbidden, .notFound, .failed:
                await remove(action.id)
                sent.append(SentAction(action: action, result: .refused(visit)))
            }
        }
        return sent
    }

    /// Keeps `action` waiting, and shows the kept screen it was made on, not current.
    func wait(_ action: PendingAction) async throws -> Visit {
        var list = await waitingList()
        guard list.count < Self.waitingLimit else { throw ClientError.tooManyWaiting(limit: Self.waitingLimit) }
        list.append(action)
        await setWaiting(list)
        let shownOn = action.shownOn ?? action.address
        let document = await store.document(for: shownOn).flatMap { try? decode($0.body, status: 200) }
        return Visit(address: shownOn, status: 0, outcome: .waiting(action.id), document: document, isCurrent: false)
    }

    /// The waiting actions, read from the store the first time.
    func waitingList() async -> [PendingAction] {
        if let waiting { return waiting }
        let read = await store.waitingActions()
        waiting = read
        return read
    }

    func setWaiting(_ list: [PendingAction]) async {
        waiting = list
        await store.keepWaiting(list)
    }

    private func remove(_ id: String) async {
        await setWaiting(await waitingList().filter { $0.id != id })
    }
}

/// A post the host never answered: the action waits.
struct NotDelivered: Error {
    let reason: String
}
