import AtriumCatalog
import Foundation

/// What `atrium new-module <Name>` writes: `Modules/<Name>/` in the shape of the example module
/// (a module file that reads as a list; Domain, Data and one scene folder under Scenes/; tests of
/// the use case, of the scene without HTTP and of the module booted by the test kit), after
/// checking the name.
struct ModuleScaffold {
    /// The type-name prefix (`Greeter`): the folder, the target and `<Name>Module`.
    let name: String
    /// The module's id, configuration section and first path segment (`greeter`).
    var id: String { name.lowercased() }

    /// The files to write, by path under `Modules/<Name>/`.
    var files: [(path: String, text: String)] {
        [
            ("Sources/\(name)Module.swift", Self.moduleFile),
            ("Sources/Configuration/\(name)Configuration.swift", Self.configuration),
            ("Sources/Domain/\(name)Note.swift", Self.note),
            ("Sources/Domain/\(name)NoteRepository.swift", Self.repository),
            ("Sources/Domain/\(name)Notes.swift", Self.useCase),
            ("Sources/Data/Stored\(name)Notes.swift", Self.storedNotes),
            ("Sources/Scenes/Notes/NotesScene.swift", Self.scene),
            ("Sources/Scenes/Notes/NotesView.swift", Self.view),
            ("Sources/Scenes/Notes/NoteFields.swift", Self.fields),
            ("Sources/Resources/Localizable.xcstrings", Self.translations),
            ("Tests/\(name)NotesTests.swift", Self.useCaseTests),
            ("Tests/Scenes/NotesSceneTests.swift", Self.sceneTests),
            ("Tests/\(name)HostTests.swift", Self.hostTests),
        ].map { ($0.0, $0.1.replacingOccurrences(of: "__NAME__", with: name).replacingOccurrences(of: "__ID__", with: id)) }
    }

    /// Names Swift gives a meaning of its own: `@testable import Self` does not build.
    static let specialNames = ["Self", "Any", "Type", "Protocol", "Never", "Optional", "Sendable", "Copyable", "Escapable"]

    /// What a module name would collide with: every target of this package (as its build plugin
    /// read it: ``AtriumCatalog/packageTargets``), the package's own folders and name, and the
    /// toolchain's modules.
    static var reservedTargets: [String] {
        AtriumCatalog.packageTargets + ["Atrium", "Tests", "Sources", "Modules", "Package"] + toolchainModules
    }

    static let toolchainModules = [
        "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "Dispatch", "Glibc",
        "Musl", "Darwin", "XCTest", "Testing", "Observation", "Synchronization", "Distributed", "RegexBuilder", "Cxx", "CxxStdlib",
        "SwiftShims",
    ]

    /// Why `name` cannot be a new module beside `existingFolders` (the folders under Modules/), the
    /// modules the host links (`linked`: id and route names bound) and the modules of the package's
    /// dependencies (`dependencyModules`), or nil when it can.
    static func problem(
        with name: String, existingFolders: [String], linked: [(id: String, binds: [String])], dependencyModules: [String] = []
    ) -> String? {
        let letters = name.unicodeScalars
        guard let first = letters.first, ("A"..."Z").contains(first),
            letters.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) })
        else {
            return
                "'\(name)' is not a module name: use a Swift type name in UpperCamelCase, ASCII letters and digits, starting with a capital letter (for example Greeter)"
        }
        guard name.count <= 40 else { return "'\(name)' is longer than 40 characters" }
        if specialNames.contains(name) { return "'\(name)' is a name Swift itself gives a meaning: choose another name" }
        let id = name.lowercased()
        let takenTargets = existingFolders.flatMap { [$0, "\($0)Tests", "\($0)Benchmark"] } + reservedTargets + dependencyModules
        for target in [name, "\(name)Tests", "\(name)Benchmark"] {
            if let clash = takenTargets.first(where: { $0.lowercased() == target.lowercased() }) {
                return existingFolders.contains(clash)
                    ? "Modules/\(clash) exists already: choose another name"
                    : "'\(name)' would make the target \(target), which clashes with \(clash): choose another name"
            }
        }
        if let module = linked.first(where: { $0.id == id || $0.binds.contains(id) }) {
            return module.id == id
                ? "a module with the id '\(id)' exists already: choose another name"
                : "the route name '\(id)' is bound by the module '\(module.id)': choose another name"
        }
        if ["health", "assets", "metrics", "favicon", "openapi", "flags", "http", "storage", "log", "modules", "secrets"]
            .contains(id)
        {
            return "'\(id)' is a path or a configuration key of the host: choose another name"
        }
        return nil
    }

    /// The modules of the package's dependencies, from their checkouts (a build must have fetched
    /// them); none before the first build.
    static func dependencyModules(packageRoot: URL) -> [String] {
        let files = FileManager.default
        let checkouts = packageRoot.appending(path: ".build/checkouts")
        let packages = (try? files.contentsOfDirectory(atPath: checkouts.path)) ?? []
        return packages.flatMap { package in
            (try? files.contentsOfDirectory(atPath: checkouts.appending(path: "\(package)/Sources").path)) ?? []
        }
    }
}
