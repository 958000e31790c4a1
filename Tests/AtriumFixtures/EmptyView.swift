import AtriumSDK

struct EmptyView: SceneView {
    func screen(for state: String) -> Screen { Screen(title: .verbatim(state), content: []) }
}
