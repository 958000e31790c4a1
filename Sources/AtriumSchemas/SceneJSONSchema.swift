import AtriumRendering
import Foundation

/// The scene document as a JSON Schema (2020-12) of its own, served at `/scene-schema.json` for
/// native teams: the same schemas `/openapi.json` holds (read from the Swift types, so neither can
/// drift from what the renderer writes), each kind of node with the version it appeared in
/// (`x-atrium-since`) and its fallback (`x-atrium-fallback`), and the versions this host answers.
package enum SceneJSONSchema {
    package static func bytes() -> [UInt8] {
        let document: [String: Any] = [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "/scene-schema.json",
            "title": "Atrium scene document",
            "description":
                "What a scene page answers to `Accept: application/json`. Declare the version a client decodes with `Accept: application/json; schema=N`: nodes newer than it arrive as their fallbacks.",
            "$ref": "#/$defs/SceneDocument",
            "$defs": OpenAPIDocument.schemas(),
            "x-atrium-versions": ["current": SceneSchema.current, "oldest": SceneSchema.oldest],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        // The schemas refer to each other as OpenAPI components; here they are this document's own.
        return Array(String(decoding: data, as: UTF8.self).replacingOccurrences(of: "#/components/schemas/", with: "#/$defs/").utf8)
    }
}
