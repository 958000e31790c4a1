/// A scene's view: a pure function from loaded state to a UI tree. Routes it links to are given to
/// it when the module creates it.
public protocol SceneView<State>: Sendable {
    associatedtype State: Sendable

    func screen(for state: State) -> Screen
}
