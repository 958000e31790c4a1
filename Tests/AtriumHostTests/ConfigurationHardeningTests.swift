import AtriumConfiguration
import AtriumHost
import AtriumSDK
import Foundation
import Testing

@testable import AtriumFixtures

/// Hostile and mistaken configurations: each gets a clear message at its key, quickly, and never a
/// raw parser error or a crash.
@Suite("Configuration hardening")
struct ConfigurationHardeningTests {
    /// A file whose YAML aliases expand exponentially ("billion laughs"), `levels` deep.
    static func billionLaughs(levels: Int) -> String {
        var lines = ["a0: &a0 [\"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\"]"]
        for level in 1...levels {
            let aliases = Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ")
            lines.append("a\(level): &a\(level) [\(aliases)]")
        }
        return lines.joined(separator: "\n") + "\nmodules: []\n"
    }

    @Test(.timeLimit(.minutes(1))) func aliasesThatExpandExponentiallyAreRefused() async throws {
        let problems = try await Fixture.problems(Self.billionLaughs(levels: 9))
        #expect(problems.count == 1)
        #expect(problems[0].description.contains("more than 10000 values once its YAML aliases"))
    }

    @Test func aFewAliasesAreFine() async throws {
        let problems = try await Fixture.problems("defaults: &greeting Hi\nmodules: [notes, accounts]\nnotes:\n  greeting: *greeting\n")
        #expect(problems.map(\.key) == ["defaults"], "only the unknown top-level key")
    }

    @Test(.timeLimit(.minutes(1))) func aHugeFileIsRefusedBeforeItIsParsed() async throws {
        let keys = (0..<100_000).map { "  unknown\($0): 1" }.joined(separator: "\n")
        let problems = try await Fixture.problems("modules: [notes, accounts]\nnotes:\n  greeting: Hi\n" + keys)
        #expect(problems.count == 1)
        #expect(problems[0].description.contains("at most 256 KiB is read"))
    }

    @Test(.timeLimit(.minutes(1))) func aFileWithNoEndIsReadNoFurtherThanTheLimit() async throws {
        await #expect {
            _ = try await ConfigurationSource.load(path: "/dev/zero", environment: [:])
        } throws: { error in
            (error as? ConfigurationError)?.description.contains("the configuration file is larger than 256 KiB") == true
        }
    }

    @Test func thousandsOfUnknownKeysAreSummarised() async throws {
        let keys = (0..<5_000).map { "  unknown\($0): 1" }.joined(separator: "\n")
        let problems = try await Fixture.problems("modules: [notes, accounts]\nnotes:\n  greeting: Hi\n" + keys)
        #expect(problems.count == 21)
        #expect(problems.last?.description == "and 4980 more unknown keys like these")
    }

    @Test func deepBracketsAreRefused() async throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let problems = try await Fixture.problems("modules: \(deep)\n")
        #expect(problems.count == 1)
        #expect(problems[0].description.contains("more than 64 levels deep"))
    }

    @Test func anEmptyOrCommentOnlyFileUsesTheDefaultsAndTheEnvironment() async throws {
        let environment = ["MODULES": "notes,accounts", "NOTES_GREETING": "Hi"]
        for text in ["", "# nothing but a comment\n", "\n\n"] {
            let problems = try await Fixture.problems(text, environment: environment)
            #expect(problems == [], "\(text.debugDescription): \(problems)")
        }
        let problems = try await Fixture.problems("# only a comment\n", environment: ["MODULES": "notes,accounts"])
        #expect(problems.map(\.key) == ["notes.greeting"], "the file's emptiness hides nothing else")
    }

    @Test func aNestedListWhereAPlainValueBelongsIsNamedAtItsKey() async throws {
        let problems = try await Fixture.problems("modules: [[notes], accounts]\nhttp:\n  port: [[1]]\n")
        #expect(problems.contains { $0.key == "modules" && $0.description.contains("item 1 is a list") })
        #expect(problems.contains { $0.key == "http.port" && $0.description.contains("must be a whole number, not a list") })
        #expect(!problems.contains { $0.description.contains("YAML") })
    }

    @Test func aBadEnvironmentValueNamesTheVariableNotTheFile() async throws {
        let problems = try await Fixture.problems(
            "modules: [notes, accounts]\nnotes:\n  greeting: Hi\n", environment: ["NOTES_LIMIT": String(repeating: "9", count: 60)])
        #expect(problems.count == 1)
        let text = try #require(problems.first?.description)
        #expect(text.contains("the environment sets NOTES_LIMIT="))
        #expect(text.contains("set NOTES_LIMIT to a whole number"))
        #expect(!text.contains("write for example"), "the file is not to blame")
        #expect(!text.contains(String(repeating: "9", count: 60)), "long values are shortened")
    }

    @Test func aModuleCheckOnAnEnvironmentValueNamesTheVariable() async throws {
        let problems = try await Fixture.problems("modules: []\n", environment: ["HTTP_PORT": "70000"])
        #expect(problems.map(\.key) == ["http.port"])
        #expect(problems[0].description.contains("the environment sets HTTP_PORT='70000'"))
    }

    @Test func emptyItemsInAListFromTheEnvironmentAreOneProblem() async throws {
        let problems = try await Fixture.problems("", environment: ["MODULES": ",,,"])
        #expect(problems.count == 1)
        #expect(problems[0].key == "modules")
        #expect(problems[0].description.contains("has empty items"))
        #expect(problems[0].description.contains("MODULES=a,b"))
    }

    @Test func aFolderNamedAsTheConfigurationIsCalledAFolder() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "atrium-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try await ConfigurationSource.load(path: folder.path, environment: [:])
            Issue.record("a folder was read as a configuration")
        } catch let error as ConfigurationError {
            #expect(error.description.contains("is a folder, not a configuration file"))
            #expect(!error.description.contains("make the file readable"))
        }
    }

    @Test func aStoragePathThatIsAFolderIsFoundByCheck() async throws {
        let problems = try await Fixture.problems(
            "modules: [notes, accounts]\nnotes:\n  greeting: Hi\nstorage:\n  path: /tmp\n", environment: [:])
        #expect(problems.map(\.key) == ["storage.path"])
        #expect(problems[0].description.contains("'/tmp' is a folder"))
        let fromEnvironment = try await Fixture.problems(
            "modules: [notes, accounts]\nnotes:\n  greeting: Hi\nstorage:\n  path: x.sqlite\n", environment: ["STORAGE_PATH": "/tmp"])
        #expect(fromEnvironment.first?.description.contains("the environment sets STORAGE_PATH") == true)
    }

    @Test func aStoragePathUnderAFileIsFoundByCheck() async throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "atrium-file-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let problems = try await Fixture.problems(
            "modules: [notes, accounts]\nnotes:\n  greeting: Hi\nstorage:\n  path: \(file.path)/db.sqlite\n")
        #expect(problems.map(\.key) == ["storage.path"])
        #expect(problems[0].description.contains("is a file, not a folder"))
    }

    @Test func aRouteNameForAnActionIsRefusedWhereAPageIsNeeded() async throws {
        let problems = try await Fixture.problems("modules: [notes, accounts]\nnotes:\n  greeting: Hi\n  settingsRoute: sign-out\n")
        #expect(problems.map(\.key) == ["notes.settingsRoute"])
        #expect(problems[0].description.contains("'sign-out' names POST /accounts/sign-out, an action, not a page"))
        #expect(problems[0].description.contains("page route names: notes, sign-in"))
    }

    @Test func aRouteNameWithParametersIsRefusedWhereAPageIsNeeded() async throws {
        let problems = try await Fixture.problems("modules: [notes, accounts]\nnotes:\n  greeting: Hi\n  settingsRoute: notes.item\n")
        #expect(problems.map(\.key) == ["notes.settingsRoute"])
        #expect(problems[0].description.contains("needs parameters"))
    }
}
