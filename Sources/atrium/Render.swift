import ArgumentParser
import AtriumHost
import Foundation

struct Render: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one page as HTML, JSON or text, in-process, without opening a port.",
        discussion: "Exits with status 1 when the page answers with an error status (the page is still printed)."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case html, json, text

        var accept: String {
            switch self {
            case .html: "text/html"
            case .json: "application/json"
            case .text: "text/plain"
            }
        }
    }

    @OptionGroup var options: ConfigurationOptions

    @Argument(help: "The path to render, such as / or /cookbook.")
    var path: String

    @Option(help: "html, json or text.")
    var format: Format = .text

    func validate() throws {
        guard path.hasPrefix("/") else { throw ValidationError("The path must start with /, as in /cookbook.") }
    }

    func run() async throws {
        let logger = Console.logger(level: .warning)
        let (plan, storage) = try await options.openStorage(logger: logger)
        defer { try? storage.close() }
        let answer = try await HostApplication(plan: plan, storage: storage, logger: logger).answer(path, accept: format.accept)
        print(answer.body, terminator: "")
        if let location = answer.location { print("→ \(location)") }
        if answer.status >= 400 {
            FileHandle.standardError.write(Data("\(path) answered \(answer.status) \(answer.reason)\n".utf8))
            throw ExitCode(1)
        }
    }
}
