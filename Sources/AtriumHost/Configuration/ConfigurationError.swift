/// Every problem found in a configuration, reported together.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    public var source: String
    public var problems: [ConfigurationProblem]

    public init(source: String, problems: [ConfigurationProblem]) {
        self.source = source
        self.problems = problems
    }

    public var description: String {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        return "\(source) has \(count):\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
    }
}
