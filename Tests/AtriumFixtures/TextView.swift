import AtriumSDK
import Foundation
import Synchronization

/// A titled page of one line of data.
struct TextView: SceneView {
    let title: String

    /// How many screens were made of each state: a test of the page cache reads its own state's
    /// count (tests run in parallel, each with states of its own).
    private static let made = Mutex<[String: Int]>([:])

    static func screensMade(of state: String) -> Int { made.withLock { $0[state, default: 0] } }

    func screen(for state: String) -> Screen {
        Self.made.withLock { $0[state, default: 0] += 1 }
        return Screen(title: .verbatim(title), content: [.text(Text(verbatim: state))])
    }
}
