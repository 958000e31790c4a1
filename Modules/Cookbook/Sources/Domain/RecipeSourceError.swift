import AtriumSDK

/// Why the recipes could not be loaded, in words a visitor can read.
public enum RecipeSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidURL(String)
    case status(Int)
    case undecodable(what: String)
    case empty(what: String)
    case timedOut
    case unreachable
    case unknown

    public var description: String { message.text }

    /// What the visitor reads, in words a translation replaces.
    public var message: Wording {
        switch self {
        case .invalidURL: "The recipe service is not set up correctly, so recipes can't be shown right now."
        case .status(let code): "The recipe service answered with an error (status \(code)). Please try again in a moment."
        case .undecodable(let what):
            what == "recipes"
                ? "The recipe service sent recipes in a form this app doesn't understand."
                : "The recipe service sent ingredients in a form this app doesn't understand."
        case .empty(let what):
            what == "recipes" ? "The recipe service has no recipes to show yet." : "The recipe service has no ingredients to show yet."
        case .timedOut: "The recipe service took too long to answer. Please try again."
        case .unreachable: "The recipe service can't be reached. Please check the connection and try again."
        case .unknown: "Something went wrong while loading recipes. Please try again."
        }
    }
}
