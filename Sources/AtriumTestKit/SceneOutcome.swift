import AtriumHost
import AtriumRuntime
import AtriumSDK
import Testing

/// What running a scene for one request came to, as a client would see it: the status, and the
/// screen shown (the view's, or the host's standard one of a failed, missing, empty or loading
/// state) or where it redirects; and what the scene did besides (``effects``).
public struct SceneOutcome: Sendable {
    /// The HTTP status the host would answer with.
    public let status: Int
    /// The screen shown, when the answer is a page.
    public let screen: Screen?
    /// Where the answer leads, when it is a redirect (303).
    public let redirect: LinkTarget?
    /// What the scene did besides answering, in order: records written or deleted in the test's
    /// stores, events published through its ``TestEvents``, sign-in or out, a redirect.
    public let effects: [SceneEffect]
    /// In an exhaustive test, what the test asserted of ``effects``.
    let ledger: EffectLedger?

    /// The outcome of what the host's runner answered.
    init(_ response: SceneResponse, effects: [SceneEffect] = [], ledger: (([SceneEffect]) -> EffectLedger)? = nil) {
        switch response {
        case .screen(let screen, let status):
            self.init(status: status.code, screen: screen.make(), redirect: nil, effects: effects, ledger: ledger)
        case .redirect(let target):
            self.init(status: 303, screen: nil, redirect: target, effects: effects + [.redirected(to: target)], ledger: ledger)
        }
    }

    init(status: Int, screen: Screen?, redirect: LinkTarget?, effects: [SceneEffect] = [], ledger: (([SceneEffect]) -> EffectLedger)? = nil) {
        self.status = status
        self.screen = screen
        self.redirect = redirect
        self.effects = effects
        self.ledger = ledger?(effects)
    }

    /// Asserts that the scene did each of `expected` (an issue of the test names any it did not),
    /// and, in an exhaustive test, marks them asserted.
    public func expect(_ expected: SceneEffect..., sourceLocation: SourceLocation = #_sourceLocation) {
        for effect in expected {
            if effects.contains(effect) {
                ledger?.assert(effect)
            } else {
                Issue.record(
                    "expected the scene to have \(effect); it did: \(effects.isEmpty ? "nothing" : effects.map(\.description).joined(separator: "; "))",
                    sourceLocation: sourceLocation)
            }
        }
    }

    /// What a test gets for a route its scene does not perform: 404, as the host would answer.
    static func unknownRoute(_ pattern: String) -> SceneOutcome {
        SceneOutcome(status: 404, screen: Screen(title: "No such route: \(pattern)", content: []), redirect: nil)
    }
}
