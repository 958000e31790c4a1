/// One thing wrong with the configuration: where, what, and what to write instead.
package struct ConfigurationProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The key the problem is about ("http.port"), or empty for the file as a whole.
    package var key: String
    package var message: String
    package var fix: String?

    package init(key: String, message: String, fix: String? = nil) {
        self.key = key
        self.message = message
        self.fix = fix
    }

    package var description: String {
        let place = key.isEmpty ? "" : "\(key): "
        guard let fix else { return place + message }
        return place + message + " — " + fix
    }
}
