import ArgumentParser
import AtriumHost
import Foundation
import Hummingbird
import HummingbirdTesting

struct Render: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
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
        let plan = try await options.plan(logger: logger)
        let runtime = HostRuntime(plan: plan, logger: logger)
        let storage = try await runtime.openStorage()
        let router = try HostApplication(plan: plan, storage: storage, logger: logger).makeRouter()
        let application = Application(router: router, logger: logger)
        let accept = format.accept
        let requested = path
        let status = try await application.test(.router) { client in
            try await client.execute(uri: requested, method: .get, headers: [.accept: accept]) { response in
                print(String(buffer: response.body), terminator: "")
                if let location = response.headers[.location] { print("→ \(location)") }
                return response.status
            }
        }
        try storage.close()
        if status.code >= 400 {
            FileHandle.standardError.write(Data("\(path) answered \(status.code) \(status.reasonPhrase)\n".utf8))
            throw ExitCode(1)
        }
    }
}
