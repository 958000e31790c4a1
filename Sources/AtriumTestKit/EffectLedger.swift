import Synchronization
import Testing

/// What an exhaustive ``SceneTest`` call did, and which of it the test asserted: when the outcome
/// is gone, each effect the test did not assert is an issue of the test, named.
final class EffectLedger: Sendable {
    private let effects: [SceneEffect]
    private let asserted = Mutex<[SceneEffect]>([])
    private let call: String
    private let sourceLocation: SourceLocation

    init(effects: [SceneEffect], call: String, sourceLocation: SourceLocation) {
        self.effects = effects
        self.call = call
        self.sourceLocation = sourceLocation
    }

    func assert(_ effect: SceneEffect) { asserted.withLock { $0.append(effect) } }

    deinit {
        let left = effects.filter { !asserted.withLock { $0 }.contains($0) }
        guard !left.isEmpty else { return }
        Issue.record(
            "\(call) did what the test did not assert: \(left.map(\.description).joined(separator: "; ")) (assert each with `expect(_:)`)",
            sourceLocation: sourceLocation)
    }
}
