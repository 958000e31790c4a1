import ArgumentParser
import AtriumHost

/// The `atrium` command: serve the host (the default), or check, list and render without serving.
@main
struct Atrium: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "atrium",
        abstract: "A modular app host: boots the feature modules a configuration names and serves their scenes.",
        subcommands: [
            Serve.self, Check.self, Reload.self, Modules.self, Routes.self, Flags.self, Describe.self, Schema.self, Render.self, NewModule.self,
            RemoveModule.self,
        ],
        defaultSubcommand: Serve.self
    )

    static func main() async {
        BootTrace.mark("main")
        await main(nil)
    }
}
