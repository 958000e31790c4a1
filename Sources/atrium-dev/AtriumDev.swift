import ArgumentParser

/// The developer tools (`atrium new-module`, `new-scene`, `remove-module`, which run this): an
/// executable of their own, so the server binary carries none of their code.
@main
struct AtriumDev: ParsableCommand {
    static let configuration = CommandConfiguration(
        // Named as people type it: `atrium new-module` runs this.
        commandName: "atrium",
        abstract: "Atrium's developer tools: write a module or a scene, remove a module.",
        subcommands: [NewModule.self, NewScene.self, RemoveModule.self]
    )
}
