import AtriumSDK

/// `events`: how this host delivers the events modules publish to the modules subscribed to them.
package struct EventSettings: ModuleConfiguration, Equatable {
    /// Whether this host delivers events (every host publishes; with several, any that delivers
    /// takes each delivery once).
    package var deliver = true
    /// Tries of one delivery before it is marked failed (and holds back its aggregate's later events
    /// for that subscriber until an operator retries or discards it).
    package var attempts = 8
    /// Seconds before the first retry; each later one waits twice as long, up to `maxRetrySeconds`.
    package var retrySeconds = 1.0
    package var maxRetrySeconds = 300.0
    /// Seconds between looks for deliveries no notification announced (another host's lost
    /// notification, a retry come due, a delivering host that died).
    package var sweepSeconds = 5.0

    package static let settingDescriptions = [
        "deliver": "Whether this host delivers events to subscribers (with several hosts, any that does takes each delivery once)",
        "attempts": "Tries of one delivery before it is marked failed and waits for an operator (atrium events)",
        "retrySeconds": "Seconds before the first retry of a failed handler; each later retry waits twice as long",
        "maxRetrySeconds": "The longest wait between two tries",
        "sweepSeconds": "Seconds between looks for deliveries no notification announced (a retry come due, a host that died)",
    ]

    package init() {}

    package func problems() -> [SettingProblem] {
        var problems: [SettingProblem] = []
        if !(1...100).contains(attempts) {
            problems.append(SettingProblem(key: "attempts", message: "is \(attempts)", fix: "write a number of tries from 1 to 100, such as 8"))
        }
        if !(0.01...3600).contains(retrySeconds) {
            problems.append(SettingProblem(key: "retrySeconds", message: "is \(retrySeconds)", fix: "write seconds from 0.01 to 3600, such as 1"))
        }
        if !(retrySeconds...86_400).contains(maxRetrySeconds) {
            problems.append(
                SettingProblem(
                    key: "maxRetrySeconds", message: "is \(maxRetrySeconds)", fix: "write seconds from retrySeconds (\(retrySeconds)) to 86400"))
        }
        if !(0.1...600).contains(sweepSeconds) {
            problems.append(SettingProblem(key: "sweepSeconds", message: "is \(sweepSeconds)", fix: "write seconds from 0.1 to 600, such as 5"))
        }
        return problems
    }

    /// How long to wait before try `attempt + 1` after `attempt` tries failed.
    func retryDelay(afterAttempts attempts: Int) -> Double {
        min(maxRetrySeconds, retrySeconds * Double(1 << min(max(attempts - 1, 0), 30)))
    }
}
