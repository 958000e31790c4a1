import Synchronization

/// For each configuration section asked about, whether any environment variable begins with its
/// name (see ``ConfigurationSource``): worked out the first time, then read.
final class SectionsInEnvironment: Sendable {
    private let known = Mutex<[String: Bool]>([:])

    func contains(_ section: String, workingOut: () -> Bool) -> Bool {
        if let answer = known.withLock({ $0[section] }) { return answer }
        let answer = workingOut()
        known.withLock { $0[section] = answer }
        return answer
    }
}
