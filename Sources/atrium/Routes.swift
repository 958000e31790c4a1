import ArgumentParser
import AtriumHost
import AtriumSDK

struct Routes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes", abstract: "List every route of every enabled module, with the scene type that serves it and its folder.")

    @OptionGroup var options: ConfigurationOptions

    func run() async throws {
        let plan = try await options.plan(logger: Console.logger(level: .warning))
        let scenes = Dictionary(plan.registry.modules.flatMap(\.scenes).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let rows = plan.registry.routes.map { route in
            let scene = route.sceneID.flatMap { scenes[$0] }
            return [
                route.method.rawValue, route.pattern.description, route.name?.rawValue ?? "-", route.sceneID ?? "(endpoint)",
                scene?.typeName ?? "-", scene?.folder ?? "-", route.guard.rawValue, route.moduleID,
            ]
        }
        if rows.isEmpty {
            print("No routes: no enabled module registers any.")
            return
        }
        Console.table(["METHOD", "PATTERN", "NAME", "SCENE", "TYPE", "FOLDER", "GUARD", "MODULE"], rows)
    }
}
