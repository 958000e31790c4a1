/// The host's own resources (templates, stylesheet, script) are missing from its bundle.
package enum RendererError: Error, CustomStringConvertible {
    case missingResource(String)

    package var description: String {
        switch self {
        case .missingResource(let name): "the resource '\(name)' is missing from the host's bundle; rebuild the host"
        }
    }
}
