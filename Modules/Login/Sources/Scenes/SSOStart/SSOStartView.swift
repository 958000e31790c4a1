import AtriumSDK

/// Never shown in practice (the start redirects), but a scene needs a view.
struct SSOStartView: SceneView {
    func screen(for state: String) -> Screen {
        Screen(title: "Sign in", content: [.text(Text(verbatim: state))])
    }
}
