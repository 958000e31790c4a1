/// A scene's view: a pure function from loaded state to a UI tree. Routes it links to are given to
/// it when the module creates it.
public protocol SceneView<State>: Sendable {
    /// What the view draws.
    associatedtype State: Sendable

    /// The screen of `state`. Drawn once per state when the state is `Hashable`; it must not read the clock or storage.
    func screen(for state: State) -> Screen
}
