import AtriumHost
import AtriumRuntime
import AtriumSDK

/// What running a scene for one request came to, as a client would see it: the status, and the
/// screen shown (the view's, or the host's standard one of a failed, missing, empty or loading
/// state) or where it redirects.
public struct SceneOutcome: Sendable {
    /// The HTTP status the host would answer with.
    public let status: Int
    /// The screen shown, when the answer is a page.
    public let screen: Screen?
    /// Where the answer leads, when it is a redirect (303).
    public let redirect: LinkTarget?

    /// The outcome of what the host's runner answered.
    init(_ response: SceneResponse) {
        switch response {
        case .screen(let screen, let status):
            self.init(status: status.code, screen: screen.make(), redirect: nil)
        case .redirect(let target):
            self.init(status: 303, screen: nil, redirect: target)
        }
    }

    init(status: Int, screen: Screen?, redirect: LinkTarget?) {
        self.status = status
        self.screen = screen
        self.redirect = redirect
    }

    /// What a test gets for a route its scene does not perform: 404, as the host would answer.
    static func unknownRoute(_ pattern: String) -> SceneOutcome {
        SceneOutcome(status: 404, screen: Screen(title: "No such route: \(pattern)", content: []), redirect: nil)
    }
}
