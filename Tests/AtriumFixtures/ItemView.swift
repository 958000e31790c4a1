import AtriumSDK
import Foundation

struct ItemView: SceneView {
    func screen(for state: String, context: ViewContext) -> Screen {
        Screen(title: context.sceneTitle, content: [.text(Text(state))])
    }
}
