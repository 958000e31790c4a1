import AtriumSDK

struct EmptyView: SceneView {
    func screen(for state: String, context: ViewContext) -> Screen { Screen(title: state, content: []) }
}
