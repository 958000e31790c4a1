/// A renderer could not be set up.
enum RendererError: Error, CustomStringConvertible {
    case missingTemplate(String)

    var description: String {
        switch self {
        case .missingTemplate(let name): "the HTML template '\(name)' is missing from the host's resources"
        }
    }
}
