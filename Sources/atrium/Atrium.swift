import ArgumentParser
import AtriumHost
import AtriumObservability
import AtriumSupport

/// The `atrium` command: serve the host (the default), or check, list and render without serving.
@main
struct Atrium: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "atrium",
        abstract: "A modular app host: boots the feature modules a configuration names and serves their scenes.",
        // The build's id (``BuildID``): its version and the linker's hash of this binary.
        version: BuildID.current,
        subcommands: [
            Serve.self, Check.self, Reload.self, Modules.self, Routes.self, Flags.self, Describe.self, Canvas.self, Switches.self, Events.self,
            Hosts.self,
            Keys.self,
            Migrations.self, Migrate.self, Schema.self,
            Render.self,
            Open.self,
            NewModule.self,
            NewScene.self,
            RemoveModule.self,
        ],
        defaultSubcommand: Serve.self
    )

    /// The forms a host is started with (`atrium`, `atrium serve`, either with `--config PATH`)
    /// go straight to ``Serve``; every other form, help included, goes through ArgumentParser,
    /// whose reading of the whole command tree and check for a completion-script request took a
    /// tenth of a boot.
    static func main() async {
        BootTrace.mark("main")
        guard let file = Serve.launchFile(Array(CommandLine.arguments.dropFirst())) else {
            await main(nil)
            return
        }
        do {
            try await Serve.serve(file)
        } catch {
            exit(withError: error)
        }
    }
}
