import Synchronization

/// What a strict decode of a configuration section saw: the keys it asked for and the problems it
/// met. Decoding goes on past a missing or mistyped value so that every problem is reported at once.
final class ConfigurationDecodingLog: Sendable {
    /// Thrown when a problem was already reported and nothing can stand in for the value.
    struct Reported: Error {}

    private struct State {
        var readPaths: Set<[String]> = []
        var problems: [ConfigurationProblem] = []
    }

    private let state = Mutex(State())

    func read(_ path: [String]) {
        state.withLock { _ = $0.readPaths.insert(path) }
    }

    func report(_ problem: ConfigurationProblem) {
        state.withLock { $0.problems.append(problem) }
    }

    var readPaths: Set<[String]> { state.withLock { $0.readPaths } }
    var problems: [ConfigurationProblem] { state.withLock { $0.problems } }
}
