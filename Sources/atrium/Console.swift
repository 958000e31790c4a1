import AtriumHost
import AtriumObservability
import AtriumSupport
import Foundation
import Logging

/// Output helpers for the subcommands.
enum Console {
    /// A logger writing to standard error, so command output on standard output stays clean; lines
    /// reach it within 50 ms (see ``BufferedLogOutput``). Every line written for a request carries
    /// its id (``RequestID``).
    static func logger(level: Logger.Level = .info, format: LogSettings.Format = .text) -> Logger {
        // With TZ unset, glibc checks /etc/localtime with a stat for every timestamp (a syscall per
        // log line); naming the same zone explicitly makes it read the file once.
        if getenv("TZ") == nil { setenv("TZ", ":/etc/localtime", 0) }
        let output = BufferedLogOutput.standardError
        // Written in batches rather than one system call per line.
        var logger = Logger(label: "atrium") { HostLogHandler(label: $0, output: output, format: format) }
        logger.logLevel = level
        return logger
    }

    /// Prints `object` (arrays and dictionaries of JSON values) as JSON for scripts: indented, keys
    /// sorted, slashes as they are.
    static func printJSON(_ object: Any) throws {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        print(String(decoding: data, as: UTF8.self))
    }

    /// Prints rows as aligned columns under a header; control characters in a cell (text a
    /// module or a visitor wrote, such as an error) are shown as escapes, never sent to the terminal.
    static func table(_ header: [String], _ rows: [[String]]) {
        let all = ([header] + rows).map { $0.map(TerminalText.visible) }
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        for row in all {
            let cells = row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }
            print(cells.joined(separator: "  "))
        }
    }

    /// Prints a line of text read from storage with its control characters shown as escapes.
    static func show(_ line: String) { print(TerminalText.visible(line)) }
}
