import AtriumSDK

/// The shape of a JSON value, read from a `Decodable` type by ``SchemaProbe``: what the OpenAPI
/// document says a body or a reply holds.
package indirect enum JSONSchema: Sendable, Equatable {
    /// One property of an object.
    package struct Property: Sendable, Equatable {
        package var name: String
        package var schema: JSONSchema
        var isRequired: Bool

        init(name: String, schema: JSONSchema, isRequired: Bool) {
            self.name = name
            self.schema = schema
            self.isRequired = isRequired
        }
    }

    case string(format: String?)
    case integer
    /// A number; `null` too, which is how a value that is not finite is written.
    case number
    case boolean
    case array(of: JSONSchema)
    /// An object: its known properties (a dictionary has none, and any keys are allowed).
    case object([Property])
    /// One of these strings.
    case oneOf([String])
    /// A schema of the document's `components`, by name.
    case reference(String)
    /// Anything (a type the probe cannot read).
    case any

    /// The schema as JSON Schema (draft 2020-12, as OpenAPI 3.1 uses it), ready for JSONSerialization.
    package var jsonObject: [String: Any] {
        switch self {
        case .string(let format):
            if let format { return ["type": "string", "format": format] }
            return ["type": "string"]
        case .integer: return ["type": "integer"]
        case .number: return ["type": ["number", "null"]]
        case .boolean: return ["type": "boolean"]
        case .array(let items): return ["type": "array", "items": items.jsonObject]
        case .object(let properties):
            var object: [String: Any] = ["type": "object"]
            if !properties.isEmpty {
                object["properties"] = Dictionary(properties.map { ($0.name, $0.schema.jsonObject as Any) }, uniquingKeysWith: { a, _ in a })
            }
            let required = properties.filter(\.isRequired).map(\.name)
            if !required.isEmpty { object["required"] = required }
            return object
        case .oneOf(let values): return ["type": "string", "enum": values]
        case .reference(let name): return ["$ref": "#/components/schemas/\(name)"]
        case .any: return [:]
        }
    }
}
