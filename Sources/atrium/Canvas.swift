import ArgumentParser
import Foundation

struct Canvas: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "canvas",
        abstract: "Draw the app (its modules and the events, capabilities and links between them) and a canvas per module, as SVG.",
        discussion: """
            With --output DIR: writes DIR/app.svg, DIR/MODULE.svg for each module and DIR/canvas.json (what was drawn). \
            With --check DIR: exits 1, naming what changed, when DIR/canvas.json no longer matches the modules. \
            With neither: prints the app's SVG.
            """)

    @OptionGroup var options: ConfigurationOptions

    @Option(name: .long, help: "The folder to write the pictures and their model to.")
    var output: String?

    @Option(name: .long, help: "A folder written by --output, whose model must match the modules now.")
    var check: String?

    func run() async throws {
        let plan = try await options.plan(logger: Console.logger(level: .warning))
        let description = try JSONSerialization.data(withJSONObject: HostDescription.document(of: plan, catalog: options.catalog))
        let model = try CanvasModel(description: description)
        let drawing = CanvasDrawing(model: model)
        if let check {
            try Self.check(model, against: URL(fileURLWithPath: check))
        } else if let output {
            let folder = URL(fileURLWithPath: output)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(drawing.app().utf8).write(to: folder.appendingPathComponent("app.svg"))
            for module in model.modules {
                try Data(drawing.card(of: module).utf8).write(to: folder.appendingPathComponent("\(module.id).svg"))
            }
            try Self.encoded(model).write(to: folder.appendingPathComponent("canvas.json"))
            print("Wrote \(folder.path)/app.svg, \(model.modules.count) module canvases and canvas.json.")
        } else {
            print(drawing.app(), terminator: "")
        }
    }

    static func encoded(_ model: CanvasModel) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(model) + Data("\n".utf8)
    }

    /// Fails, naming each module and edge that differs, when `folder`'s model is not `model`.
    static func check(_ model: CanvasModel, against folder: URL) throws {
        let file = folder.appendingPathComponent("canvas.json")
        let kept: CanvasModel
        do {
            kept = try JSONDecoder().decode(CanvasModel.self, from: Data(contentsOf: file))
        } catch {
            throw ValidationError("\(file.path) cannot be read (\(error.localizedDescription)); write it with: atrium canvas --output \(folder.path)")
        }
        guard kept != model else {
            print("\(file.path) matches the modules.")
            return
        }
        var differences: [String] = []
        let keptModules = Dictionary(kept.modules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let modules = Dictionary(model.modules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for id in Set(keptModules.keys).union(modules.keys).sorted() where keptModules[id] != modules[id] {
            differences.append(
                keptModules[id] == nil ? "module \(id) is new" : modules[id] == nil ? "module \(id) is gone" : "module \(id) changed")
        }
        for edge in Set(model.edges).subtracting(kept.edges).sorted() {
            differences.append("new \(edge.kind.rawValue) \(edge.from) → \(edge.to): \(edge.label)")
        }
        for edge in Set(kept.edges).subtracting(model.edges).sorted() {
            differences.append("gone \(edge.kind.rawValue) \(edge.from) → \(edge.to): \(edge.label)")
        }
        if differences.isEmpty { differences.append("the order of modules changed") }
        FileHandle.standardError.write(
            Data(
                ("The canvases in \(folder.path) no longer match the modules:\n" + differences.map { "  \($0)\n" }.joined()
                    + "Draw them again with: atrium canvas --output \(folder.path)\n").utf8))
        throw ExitCode(1)
    }
}
