import AtriumClient
import AtriumRendering
@_spi(AtriumHost) import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

/// The JSON document of every module's main pages, as recorded at each scene schema version
/// (`Golden/v<version>/`): the host, asked for that version, still answers it (so an app built
/// against it keeps working), an older version holds only the kinds of node its version knows, and
/// the current kit decodes every one. A page that changes on purpose is recorded again with
/// `ATRIUM_RECORD_GOLDEN=1 swift test --filter GoldenDocumentTests`; a version once released is
/// never recorded again, only added to.
@Suite("Golden documents per schema version")
struct GoldenDocumentTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Golden")
    static let recording = ProcessInfo.processInfo.environment["ATRIUM_RECORD_GOLDEN"] == "1"

    /// The pages recorded, by file name: a signed-in person's (Ada, who signed up first).
    static let pages: [(name: String, path: String)] = [
        ("home", "/"), ("profile", "/profile"), ("profile-details", "/profile/details"), ("login-code", "/login/code"), ("otp", "/otp"),
        ("cookbook", "/cookbook"), ("recipe", "/cookbook/recipes/3"), ("pantry", "/cookbook/pantry"), ("pilot", "/pilot"),
        ("moneybox", "/moneybox"), ("map", "/map"), ("station", "/map/stations/mia-1"), ("unlock", "/map/unlock"),
    ]

    static func file(_ name: String, version: Int, language: String? = nil) -> URL {
        folder.appending(path: "v\(version)/" + (language.map { "\($0)/" } ?? "") + "\(name).json")
    }

    /// `data` with its form token written as `<token>`, pretty-printed with sorted keys (a diff a
    /// person can read).
    static func normalized(_ data: Data) throws -> String {
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        if object["csrfToken"] != nil { object["csrfToken"] = "<token>" }
        let pretty = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: pretty, as: UTF8.self) + "\n"
    }

    /// Every `type` of a node in the document.
    static func nodeTypes(in value: Any) -> Set<String> {
        if let object = value as? [String: Any] {
            let own = (object["type"] as? String).map { Set([$0]) } ?? []
            return object.values.reduce(own) { $0.union(nodeTypes(in: $1)) }
        }
        if let array = value as? [Any] { return array.reduce(Set<String>()) { $0.union(nodeTypes(in: $1)) } }
        return []
    }

    /// The recordings: every version in English, and from version 3 (the document's `locale`) in
    /// Spanish too (`Golden/v3/es/`, `Golden/v4/es/`), from a host offering both.
    static let recordings: [(version: Int, language: String?)] =
        Array(SceneSchema.oldest...SceneSchema.current).map { ($0, nil) } + (3...SceneSchema.current).map { ($0, "es") }

    @Test(arguments: recordings)
    func theHostStillAnswersEachVersionAsRecordedAndTheKitDecodesIt(version: Int, language: String?) async throws {
        let host = try await ProductHost.boot(languages: language.map { ["en", $0] })
        defer { host.tearDown() }
        let answers = try await host.run { browser in
            if let language { browser.setCookie("atrium_language", language) }
            _ = try await browser.get("/signup")
            let created = try await browser.post("/signup", form: ClientFlowTests.ada)
            #expect(created.location == "/profile")
            var answers: [(name: String, body: String)] = []
            for page in Self.pages {
                let answer = try await browser.get(page.path, accept: "application/json; schema=\(version)")
                #expect(answer.status == 200, "\(page.path) answered \(answer.status)")
                answers.append((page.name, answer.body))
            }
            return answers
        }
        let known = Set(UINode.Kind.allCases.filter { SceneSchema.version(of: $0) <= version }.map(\.rawValue))
        for answer in answers {
            let now = try Self.normalized(Data(answer.body.utf8))
            let file = Self.file(answer.name, version: version, language: language)
            if Self.recording {
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try now.write(to: file, atomically: true, encoding: .utf8)
                continue
            }
            guard let recorded = try? String(contentsOf: file, encoding: .utf8) else {
                Issue.record("no golden document \(file.path): record it with ATRIUM_RECORD_GOLDEN=1")
                continue
            }
            #expect(now == recorded, "\(answer.name) at version \(version) differs from \(file.path)")
            let document = try SceneDocument(data: Data(recorded.utf8))
            #expect(document.schema == version)
            #expect(
                document.locale == (SceneSchema.hasLocale(version) ? language ?? "en" : nil), "\(answer.name) says \(document.locale ?? "no locale")")
            let types = Self.nodeTypes(in: try JSONSerialization.jsonObject(with: Data(recorded.utf8)))
            #expect(types.isSubset(of: known), "\(answer.name) at version \(version) holds \(types.subtracting(known).sorted())")
            #expect(!document.screen.allNodes.contains { if case .unknown = $0 { true } else { false } })
        }
    }

    /// A Spanish document holds the same nodes as the English one, with other words: every node's
    /// kind and every datum (links, names, amounts) in the same place.
    @Test func theSpanishDocumentsDifferFromTheEnglishOnlyInWords() throws {
        for page in Self.pages {
            let english = try String(contentsOf: Self.file(page.name, version: SceneSchema.current, language: nil), encoding: .utf8)
            let spanish = try String(contentsOf: Self.file(page.name, version: SceneSchema.current, language: "es"), encoding: .utf8)
            let englishObject = try JSONSerialization.jsonObject(with: Data(english.utf8))
            let spanishObject = try JSONSerialization.jsonObject(with: Data(spanish.utf8))
            #expect(Self.nodeTypes(in: englishObject) == Self.nodeTypes(in: spanishObject), "\(page.name)")
            #expect(Self.targets(in: englishObject) == Self.targets(in: spanishObject), "\(page.name)")
            #expect(english != spanish, "\(page.name) is not translated")
        }
    }

    /// Every link target in the document, in order.
    static func targets(in value: Any) -> [String] {
        if let object = value as? [String: Any] {
            let own = ["path", "route", "url"].compactMap { object[$0] as? String }
            return object.keys.sorted().reduce(own) { $0 + targets(in: object[$1]!) }
        }
        if let array = value as? [Any] { return array.flatMap { targets(in: $0) } }
        return []
    }

    @Test func aVersion1ClientGetsTheMapAsTheListOfItsPlaces() throws {
        let older = try String(contentsOf: Self.file("map", version: 1), encoding: .utf8)
        let newer = try String(contentsOf: Self.file("map", version: 2), encoding: .utf8)
        let map = try #require(
            try SceneDocument(data: Data(newer.utf8)).screen.allNodes.compactMap { if case .map(let map) = $0 { map } else { nil } }.first)
        let fallback = try SceneDocument(data: Data(older.utf8)).screen
        #expect(fallback.allNodes.allSatisfy { if case .map = $0 { false } else { true } })
        for marker in map.markers { #expect(fallback.mentions(marker.title), "\(marker.title)") }
    }
}
