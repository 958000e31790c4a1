/// What became of a waiting action when the client sent it (``AtriumClient/sendWaiting()``).
public struct SentAction: Sendable, Equatable {
    /// The action.
    public var action: PendingAction
    /// What the host answered, or why it was not sent.
    public var result: Result

    public enum Result: Sendable, Equatable {
        /// Done (or done before, by an earlier try that lost its answer): the page it led to.
        case done(Visit)
        /// The host refused it (its form's fields, or the page, say why): the page with the messages.
        case refused(Visit)
        /// Not done: what it was made on changed since (``Outcome/changed``). The page shows what
        /// is true now, with the action's input; make it again there if it is still wanted.
        case changed(Visit)
        /// Older than the host keeps keys for: not sent, since the host could no longer tell
        /// whether it was done already. Make it again if it is still wanted.
        case expired
    }

    public init(action: PendingAction, result: Result) {
        self.action = action
        self.result = result
    }
}
