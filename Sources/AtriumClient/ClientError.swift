/// What went wrong with a request, when the host's answer is no screen to show.
public enum ClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The host cannot be reached and the client keeps no earlier document of the address.
    case offline(String)
    /// The answer was not HTTP.
    case notHTTP
    /// The answer's body was longer than the client reads.
    case tooLarge(limit: Int)
    /// The answer was not a scene document this kit reads (its status and why).
    case undecodable(status: Int, reason: String)
    /// A form was given a value for an input it does not have.
    case noSuchInput(String)
    /// A button without an action of its own was pressed: it sends its form (its title).
    case noAction(String)
    /// An address that is neither a path on the host nor one of its absolute addresses.
    case notOnThisHost(String)
    /// More redirects in a row than a page makes.
    case tooManyRedirects(String)
    /// A live stream was asked of a host or page that has none (its status).
    case noStream(status: Int)
    /// The host cannot be reached and as many actions as may wait already do.
    case tooManyWaiting(limit: Int)

    public var description: String {
        switch self {
        case .offline(let reason): "The host cannot be reached (\(reason)) and nothing of this page was kept."
        case .notHTTP: "The answer was not HTTP."
        case .tooLarge(let limit): "The answer is longer than \(limit) bytes."
        case .undecodable(let status, let reason): "The answer (status \(status)) is not a screen: \(reason)"
        case .noSuchInput(let name): "The form has no input named '\(name)'."
        case .noAction(let title): "The button '\(title)' has no action of its own: it sends its form, so submit the form."
        case .notOnThisHost(let address): "'\(address)' is not an address on this host."
        case .tooManyRedirects(let address): "Too many redirects, the last to '\(address)'."
        case .noStream(let status): "The page has no live stream (status \(status))."
        case .tooManyWaiting(let limit):
            "The host cannot be reached and \(limit) actions already wait to be sent: send or cancel some first."
        }
    }
}
