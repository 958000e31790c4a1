import AtriumClient
import AtriumSchemas
import Foundation
import Testing

/// The kit reads every node and every property of the scene schema the host publishes
/// (`/scene-schema.json`), at every version the host answers: documents made from the schema
/// itself, each node with all its properties, decode into the kit's own kinds (none into
/// `.unknown`), and each kind of the kit has a property for each of the schema's. A property or a
/// node the host adds that the kit does not read fails here, not in an app.
@Suite("The kit against the published scene schema")
struct SchemaCoverageTests {
    nonisolated(unsafe) static let schema = try! JSONSerialization.jsonObject(with: Data(SceneJSONSchema.bytes())) as! [String: Any]
    static var definitions: [String: [String: Any]] { schema["$defs"] as! [String: [String: Any]] }
    static var versions: ClosedRange<Int> {
        let versions = schema["x-atrium-versions"] as! [String: Int]
        return versions["oldest"]!...versions["current"]!
    }

    /// Every node kind the schema names: its definition's name (`UINode.field`) and its `type`.
    static var kinds: [(definition: String, type: String, since: Int)] {
        definitions.keys.filter { $0.hasPrefix("UINode.") }.sorted().map { name in
            let node = definitions[name]!
            let type = ((node["properties"] as! [String: Any])["type"] as! [String: Any])["const"] as! String
            return (name, type, node["x-atrium-since"] as? Int ?? 1)
        }
    }

    /// A value for `schema` with every property it declares (a list with one item; a node's content
    /// one text), following `$ref`s.
    static func example(of schema: [String: Any], depth: Int = 0) -> Any {
        if let reference = schema["$ref"] as? String {
            let name = String(reference.dropFirst("#/$defs/".count))
            if name == "UINode" { return ["type": "text", "text": "inner", "style": "body"] }
            return example(of: definitions[name]!, depth: depth + 1)
        }
        if let constant = schema["const"] { return constant }
        if let values = schema["enum"] as? [Any], let first = values.first { return first }
        if let choices = (schema["oneOf"] ?? schema["anyOf"]) as? [[String: Any]], let first = choices.first {
            return example(of: first, depth: depth)
        }
        let type = (schema["type"] as? String) ?? ((schema["type"] as? [String])?.first { $0 != "null" } ?? "object")
        switch type {
        case "string": return "text"
        case "integer": return 2
        case "number": return 0.5
        case "boolean": return true
        case "array": return [example(of: schema["items"] as? [String: Any] ?? [:], depth: depth + 1)]
        default:
            let properties = schema["properties"] as? [String: [String: Any]] ?? [:]
            return properties.mapValues { example(of: $0, depth: depth + 1) }
        }
    }

    /// The names of the stored properties of the value a node decodes into.
    static func propertyNames(of node: SceneNode) -> Set<String> {
        guard let payload = Mirror(reflecting: node).children.first?.value else { return [] }
        return Set(Mirror(reflecting: payload).children.compactMap(\.label))
    }

    @Test(arguments: Array(versions))
    func everyNodeWithEveryPropertyOfItsVersionDecodesAsItsOwnKind(version: Int) throws {
        let kinds = Self.kinds.filter { $0.since <= version }
        #expect(kinds.count >= 18, "the schema names the node kinds (\(kinds.count))")
        let nodes = kinds.map { Self.example(of: Self.definitions[$0.definition]!) }
        var document = Self.example(of: Self.definitions["SceneDocument"]!) as! [String: Any]
        var screen = document["screen"] as! [String: Any]
        screen["content"] = nodes
        document["screen"] = screen
        document["schema"] = version
        if version < 3 { document["locale"] = nil }
        let decoded = try SceneDocument(data: try JSONSerialization.data(withJSONObject: document))
        #expect(decoded.schema == version)
        #expect(decoded.screen.content.count == kinds.count)
        for (kind, node) in zip(kinds, decoded.screen.content) {
            if case .unknown(let unknown) = node {
                Issue.record("the kit reads '\(kind.type)' (since version \(kind.since)) as a kind it does not know: \(unknown.type)")
                continue
            }
            let declared = Set((Self.definitions[kind.definition]!["properties"] as! [String: Any]).keys).subtracting(["type"])
            let missing = declared.subtracting(Self.propertyNames(of: node))
            #expect(missing.isEmpty, "the kit's \(kind.type) has no property for \(missing.sorted()) of the published schema")
        }
    }

    @Test func theDocumentAndTheScreenHaveAPropertyForEachOfTheSchemas() throws {
        let document = try SceneDocument(data: try JSONSerialization.data(withJSONObject: Self.example(of: Self.definitions["SceneDocument"]!)))
        let documentProperties = Set((Self.definitions["SceneDocument"]!["properties"] as! [String: Any]).keys)
        #expect(documentProperties.subtracting(Mirror(reflecting: document).children.compactMap(\.label)).isEmpty, "\(documentProperties)")
        let screenProperties = Set((Self.definitions["Screen"]!["properties"] as! [String: Any]).keys)
        let screen = Set(Mirror(reflecting: document.screen).children.compactMap(\.label))
        #expect(screenProperties.subtracting(screen).isEmpty, "the kit's screen lacks \(screenProperties.subtracting(screen).sorted())")
    }
}
