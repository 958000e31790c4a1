import AtriumSDK
import Foundation

/// A titled page of one line of data.
struct TextView: SceneView {
    let title: String

    func screen(for state: String) -> Screen {
        Screen(title: title, content: [.text(Text(verbatim: state))])
    }
}
