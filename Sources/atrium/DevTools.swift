import ArgumentParser

/// The developer tools, as `atrium` names them: each runs `atrium-dev`, built beside `atrium`, with
/// every argument as given (`atrium new-module --help` gives the tool's own help).
enum DevTools {
    static func run(_ command: String, _ arguments: [String]) -> Never {
        SiblingTool.exec(
            "atrium-dev", [command] + arguments,
            missing:
                "`swift build` (or `swift build --product atrium-dev`) builds the developer tools beside atrium; they are an executable of their own so that a host carries none of their code"
        )
    }
}

struct NewModule: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new-module", abstract: "Write Modules/<Name>/: a working feature module to make yours (atrium-dev new-module).")

    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

    func run() throws { DevTools.run("new-module", arguments) }
}

struct NewScene: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new-scene", abstract: "Add a scene to Modules/<Module>/ (atrium-dev new-scene).")

    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

    func run() throws { DevTools.run("new-scene", arguments) }
}

struct RemoveModule: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-module", abstract: "Delete Modules/<Name>/ and take it out of Package.swift's module list (atrium-dev remove-module).")

    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

    func run() throws { DevTools.run("remove-module", arguments) }
}
