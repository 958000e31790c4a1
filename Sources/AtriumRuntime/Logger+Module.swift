import Logging

extension Logger {
    /// A copy of this logger that tags every line with a module id.
    package func with(module id: String) -> Logger {
        var logger = self
        logger[metadataKey: "module"] = "\(id)"
        return logger
    }
}
