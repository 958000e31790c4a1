/// A scene's view: a pure function from loaded state to a UI tree.
public protocol SceneView<State>: Sendable {
    associatedtype State: Sendable

    func screen(for state: State, context: ViewContext) -> Screen
}
