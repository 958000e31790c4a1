/// What names a rendered scene: the scene and its state's page name (see ``SceneRunner``), of any
/// type, hashable and comparable with any other.
///
/// Made once per load and then looked up on every request its answer is given again (``KeptAnswers``
/// in the host's HTTP layer), so its hash is worked out once, when it is made, and two keys made
/// together compare by identity before their states are compared. `AnyHashable` would do the rest,
/// but making one asks whether the value has a custom `AnyHashable` representation: a search of the
/// runtime's conformance cache on every page. Comparing here casts the other name to this one's
/// type, a check of one type against another.
package struct ScreenKey: Hashable, Sendable {
    private final class Name: Sendable {
        let sceneID: String
        let state: any Hashable & Sendable
        let hash: Int

        init(sceneID: String, state: any Hashable & Sendable) {
            self.sceneID = sceneID
            self.state = state
            var hasher = Hasher()
            hasher.combine(sceneID)
            state.hash(into: &hasher)
            hash = hasher.finalize()
        }
    }

    private let name: Name

    init(sceneID: String, state: any Hashable & Sendable) {
        name = Name(sceneID: sceneID, state: state)
    }

    /// One of the host's own screens, which never changes while it runs.
    package init(host name: String) {
        self.init(sceneID: "host", state: name)
    }

    /// Whether the two are the same key made once (not only equal ones).
    package func isIdentical(to other: ScreenKey) -> Bool { name === other.name }

    package static func == (lhs: ScreenKey, rhs: ScreenKey) -> Bool {
        if lhs.name === rhs.name { return true }
        guard lhs.name.hash == rhs.name.hash, lhs.name.sceneID == rhs.name.sceneID else { return false }
        let other = rhs.name.state
        func equals<Value: Hashable & Sendable>(_ value: Value) -> Bool { (other as? Value) == value }
        return equals(lhs.name.state)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(name.hash)
    }
}
