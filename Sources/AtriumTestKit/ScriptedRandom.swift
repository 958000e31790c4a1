import AtriumSDK
import Foundation
import Synchronization

/// Random codes a test chooses: the next scripted digits or token when there is one, else values
/// from a seeded generator, so a test run is repeatable.
public final class ScriptedRandom: RandomSource {
    private struct State {
        var digits: [String] = []
        var tokens: [String] = []
        var seed: UInt64
    }

    private let state: Mutex<State>

    /// Random values from `seed`, until a script says otherwise.
    public init(seed: UInt64 = 42) {
        state = Mutex(State(seed: seed))
    }

    /// The next codes ``digits(_:)`` returns, in order.
    public func script(digits: String...) { state.withLock { $0.digits += digits } }
    /// The next tokens ``token(bytes:)`` returns, in order.
    public func script(tokens: String...) { state.withLock { $0.tokens += tokens } }

    public func digits(_ count: Int) -> String {
        state.withLock { state in
            if !state.digits.isEmpty { return state.digits.removeFirst() }
            return String((0..<max(count, 0)).map { _ in Character(String(Self.next(&state.seed) % 10)) })
        }
    }

    public func token(bytes: Int) -> String {
        state.withLock { state in
            if !state.tokens.isEmpty { return state.tokens.removeFirst() }
            return (0..<max(bytes, 0)).map { _ in String(format: "%02x", Self.next(&state.seed) % 256) }.joined()
        }
    }

    /// SplitMix64.
    private static func next(_ seed: inout UInt64) -> UInt64 {
        seed &+= 0x9E37_79B9_7F4A_7C15
        var z = seed
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
