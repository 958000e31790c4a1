/// Every problem found in a configuration, reported together.
package struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    package var source: String
    package var problems: [ConfigurationProblem]

    package init(source: String, problems: [ConfigurationProblem]) {
        self.source = source
        self.problems = problems
    }

    package var description: String {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        return "\(source) has \(count):\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
    }
}
