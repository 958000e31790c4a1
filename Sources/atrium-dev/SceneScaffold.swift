import Foundation

/// What `atrium new-scene <Module> <Name>` writes into `Modules/<Module>/`: the scene's folder
/// (`Sources/Scenes/<Name>/`: the scene, its state, its view), its test
/// (`Tests/Scenes/<Name>SceneTests.swift`) and its line in the module file, after checking the
/// name against what the module and the SDK already declare.
struct SceneScaffold {
    /// The scene's type-name prefix (`RideHistory` makes `RideHistoryScene`).
    let name: String
    /// The module's folder and Swift module (`Mobility`).
    let module: String
    /// The module's id, the first segment of its paths (`mobility`).
    let moduleID: String

    /// The scene's id and the last segment of its path: `ride-history`.
    var sceneID: String { Self.words(of: name).map { $0.lowercased() }.joined(separator: "-") }
    /// The scene's title: `Ride history`.
    var title: String {
        let words = Self.words(of: name)
        return ([words[0]] + words.dropFirst().map { $0.count > 1 && $0 == $0.uppercased() ? $0 : $0.lowercased() }).joined(separator: " ")
    }
    var path: String { "/\(moduleID)/\(sceneID)" }

    /// The types the scene declares.
    var typeNames: [String] { ["\(name)Scene", "\(name)View", "\(name)SceneTests"] }

    /// The files to write, by path under `Modules/<Module>/`.
    var files: [(path: String, text: String)] {
        [
            ("Sources/Scenes/\(name)/\(name)Scene.swift", Self.scene),
            ("Sources/Scenes/\(name)/\(name)View.swift", Self.view),
            ("Tests/Scenes/\(name)SceneTests.swift", Self.tests),
        ].map { path, text in
            (
                path,
                text.replacingOccurrences(of: "__SCENE__", with: name).replacingOccurrences(of: "__MODULE__", with: module)
                    .replacingOccurrences(of: "__SCENEID__", with: sceneID).replacingOccurrences(of: "__TITLE__", with: title)
                    .replacingOccurrences(of: "__PATH__", with: self.path)
            )
        }
    }

    /// The line that registers the scene.
    var registration: String { "registrar.scene(\(name)Scene.self) { _ in \(name)Scene() }" }

    /// `RideHistory` → `Ride`, `History`; `OTPCode` → `OTP`, `Code`.
    static func words(of name: String) -> [String] {
        var words: [String] = []
        let letters = Array(name)
        for (index, letter) in letters.enumerated() {
            let startsWord =
                index == 0 || (letter.isUppercase && !letters[index - 1].isUppercase)
                || (letter.isUppercase && index + 1 < letters.count && letters[index + 1].isLowercase && letters[index - 1].isUppercase)
                || (letter.isNumber && !letters[index - 1].isNumber)
            if startsWord { words.append(String(letter)) } else { words[words.count - 1].append(letter) }
        }
        return words
    }

    /// Why `name` cannot be a new scene of the module whose sources are `sources` (file text by
    /// path) and paths are `paths`, beside the types the SDK and the test kit declare (`sdkTypes`),
    /// or nil when it can.
    static func problem(with name: String, module: String, sources: [String: String], sdkTypes: Set<String>) -> String? {
        let letters = name.unicodeScalars
        guard let first = letters.first, ("A"..."Z").contains(first),
            letters.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) })
        else {
            return
                "'\(name)' is not a scene name: use a Swift type name in UpperCamelCase, ASCII letters and digits, starting with a capital letter (for example RideHistory)"
        }
        guard name.count <= 40 else { return "'\(name)' is longer than 40 characters" }
        if ModuleScaffold.specialNames.contains(name) { return "'\(name)' is a name Swift itself gives a meaning: choose another name" }
        if sources.keys.contains(where: { $0.hasPrefix("Sources/Scenes/\(name)/") }) {
            return "Modules/\(module)/Sources/Scenes/\(name)/ exists already: choose another name"
        }
        let scaffold = SceneScaffold(name: name, module: module, moduleID: "")
        for type in scaffold.typeNames {
            if sdkTypes.contains(type) { return "\(type) would hide the SDK's \(type): choose another name" }
            if type == module || type == "\(module)Module" { return "\(type) is the module's own name: choose another name" }
            let declaration = try? Regex(#"(struct|enum|class|actor|protocol|typealias)\s+"# + type + #"\b"#)
            if let declaration, let (file, _) = sources.first(where: { $0.value.contains(declaration) }) {
                return "Modules/\(module)/\(file) declares \(type) already: choose another name"
            }
        }
        let id = scaffold.sceneID
        if sources.values.contains(where: { $0.contains("static let id = \"\(id)\"") }) {
            return "the module has a scene with the id '\(id)' already: choose another name"
        }
        return nil
    }

    /// The module file with the scene's line added: after the last scene registered, or at the end
    /// of `register(in:configuration:)`; nil when neither can be found.
    func registering(in moduleFile: String) -> String? {
        let text = Array(moduleFile.utf8)
        let scanner = SwiftSourceScanner(text)
        let insertion: Int
        if let last = scanner.codeRanges(of: "registrar.scene(").last {
            guard var end = scanner.closing(from: last.upperBound - 1) else { return nil }
            var next = end + 1
            while next < text.count, text[next] == UInt8(ascii: " ") { next += 1 }
            if next < text.count, text[next] == UInt8(ascii: "{") {
                guard let closure = scanner.closing(from: next) else { return nil }
                end = closure
            }
            insertion = end + 1
        } else if let register = scanner.codeRanges(of: "func register(in registrar:").first,
            let body = text[register.upperBound...].firstIndex(of: UInt8(ascii: "{")),
            let close = scanner.closing(from: body)
        {
            var lineStart = close
            while lineStart > 0, text[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
            insertion = lineStart - 1
        } else {
            return nil
        }
        // The indentation of the line the insertion follows, or of the function's body.
        var lineStart = insertion - 1
        while lineStart > 0, text[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        var indentation = text[lineStart...].prefix { $0 == UInt8(ascii: " ") }.count
        if scanner.codeRanges(of: "registrar.scene(").isEmpty { indentation += 4 }
        let line = "\n" + String(repeating: " ", count: indentation) + registration
        return String(decoding: text[..<insertion], as: UTF8.self) + line + String(decoding: text[insertion...], as: UTF8.self)
    }

    private static let scene = #"""
        import AtriumSDK

        /// __TITLE__. Written by `atrium new-scene`; make it yours: give it the use cases it needs
        /// (as stored properties, built in the module file), and actions (an `Action` enum and
        /// `.action` routes) when it has a form.
        struct __SCENE__Scene: Scene {
            /// What the __TITLE__ page shows.
            struct State: Hashable, Sendable {
                var items: [String]
            }

            static let id = "__SCENEID__"
            static let title: Wording = "__TITLE__"
            static let page = Route.page("__PATH__")
            static var routes: [SceneRoute<Self>] { [.page(page)] }

            var view: __SCENE__View { __SCENE__View() }

            func load(_ context: SceneContext) async throws -> SceneState<State> {
                .loaded(State(items: []))
            }
        }

        """#

    private static let view = #"""
        import AtriumSDK

        /// The __TITLE__ page: the module's words (literals) and its data (`verbatim:`).
        struct __SCENE__View: SceneView {
            func screen(for state: __SCENE__Scene.State) -> Screen {
                Screen(
                    title: "__TITLE__",
                    content: state.items.isEmpty
                        ? [.text(Text("Nothing here yet."))]
                        : [.list(ItemList(content: state.items.map { .text(Text(verbatim: $0)) }))]
                )
            }
        }

        """#

    private static let tests = #"""
        import AtriumSDK
        import AtriumTestKit
        import Testing

        @testable import __MODULE__

        @Suite("__MODULE__'s __TITLE__ scene")
        struct __SCENE__SceneTests {
            /// Exhaustive: a record the scene writes, an event it publishes, a sign-in or a redirect
            /// fails this test until it asserts it with `expect(_:)`.
            let test = SceneTest(__SCENE__Scene(), exhaustive: true)

            @Test func itShowsItsPage() async throws {
                let page = await test.open(__SCENE__Scene.page)
                #expect(page.status == 200)
                let screen = try #require(page.screen)
                #expect(screen.title == "__TITLE__")
                #expect(screen.shows("Nothing here yet."))
            }
        }

        """#
}
