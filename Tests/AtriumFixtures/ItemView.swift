import AtriumSDK
import Foundation

struct ItemView: SceneView {
    let title: String

    func screen(for state: String) -> Screen {
        Screen(title: title, content: [.text(Text(state))])
    }
}
