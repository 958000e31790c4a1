import ArgumentParser
@_spi(AtriumHost) import AtriumHost
@_spi(AtriumHost) import AtriumSDK

struct Routes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "routes", abstract: "List every route of every enabled module.")

    @OptionGroup var options: ConfigurationOptions

    func run() async throws {
        let plan = try await options.plan(logger: Console.logger(level: .warning))
        let rows = plan.registry.routes.map { route in
            [
                route.method.rawValue, route.pattern.description, route.name?.rawValue ?? "-", route.sceneID ?? "(endpoint)",
                route.guard.rawValue, route.moduleID,
            ]
        }
        if rows.isEmpty {
            print("No routes: no enabled module registers any.")
            return
        }
        Console.table(["METHOD", "PATTERN", "NAME", "SCENE", "GUARD", "MODULE"], rows)
    }
}
