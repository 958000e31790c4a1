import ArgumentParser
import AtriumHost
import AtriumRuntime

struct Schema: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of the configuration file: every key of the host and of every available module.",
        discussion: "Configuration/atrium.schema.json is this output; editors use it through the first line of Configuration/atrium.yaml."
    )

    @OptionGroup var options: ConfigurationOptions

    func run() async throws {
        print(ConfigurationSchema.text(catalog: options.catalog), terminator: "")
    }
}
