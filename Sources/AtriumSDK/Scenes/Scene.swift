/// A scene: one screen of a module, declared once as a type named after it, in the module's
/// `Sources/Scenes/<Name>/` folder beside its view (`RegistrationScene` in `Scenes/Registration/`).
///
/// The type says everything the scene is: its id and title, its routes (values other code links to),
/// its `State` and `Action`, how it loads and performs, and the use cases it needs, which it is
/// given when it is built (its initializer's parameters; the module file builds it for each request).
/// It knows nothing of HTTP, so a test builds it with test doubles and calls it.
///
/// ```swift
/// struct RegistrationScene: Scene {
///     static let id = "registration"
///     static let title: Wording = "Pilot registration"
///     static let page = Route.page("/pilot", name: "pilot")
///     static let register = Route.action("/pilot/register")
///     static var routes: [SceneRoute<Self>] { [.page(page), .action(register, Action.register)] }
///
///     enum Action: Sendable { case register(RegistrationFields) }
///     let registration: PilotRegistration
///     var view: RegistrationView { RegistrationView() }
///
///     func load(_ context: SceneContext) async throws -> SceneState<PilotState> { … }
///     func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<PilotState> { … }
/// }
/// ```
public protocol Scene: Sendable {
    /// What `load` and `perform` work out and the view draws.
    associatedtype State: Sendable
    /// What the scene's action routes do; `Never` for a scene with none.
    associatedtype Action: Sendable = Never
    /// The view that draws `State`.
    associatedtype View: SceneView where View.State == State

    /// The scene's id in its module (`atrium routes` prints `pilot.registration`).
    static var id: String { get }
    /// What the home page and the app shell call it.
    static var title: Wording { get }
    /// Whether the home page and the app shell list it (its page route must have no parameters).
    static var isEntry: Bool { get }
    /// How the scene is reached: the page routes that show it and the action routes it performs.
    static var routes: [SceneRoute<Self>] { get }

    /// The view that turns a loaded state into a screen.
    var view: View { get }

    /// Loads the state to show. A ``TemporarilyUnavailable`` error shows the failed state (503);
    /// any other error the generic one (500); other scenes keep working.
    func load(_ context: SceneContext) async throws -> SceneState<State>

    /// Performs an action and says what follows: the scene again (with a status named for what
    /// happened) or another page.
    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<State>

    /// While someone watches the scene live (its page's event stream), how often the host renders
    /// it again besides whenever something it read through storage changes: for what storage does
    /// not show, such as a remote feed's freshness or the time (a ride's running cost). Renders are
    /// shared by every watcher of a state, and an event goes out only when the page changed. nil
    /// (the default): every 15 seconds. At least a second.
    func liveRefresh(for state: State) -> Duration?
}

extension Scene {
    public static var isEntry: Bool { false }

    public func liveRefresh(for state: State) -> Duration? { nil }
}

extension Scene where Action == Never {
    /// A scene without actions performs none.
    public func perform(_ action: Never, context: SceneContext) async throws -> ActionOutcome<State> {}
}
