import AtriumSDK

/// Why a call to the Moneybox API did not succeed, each with what the person is told.
enum MoneyboxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The API answered with an error; its `Message` is shown as it is.
    case refused(status: Int, message: String)
    /// The API no longer accepts the session (401 after sign-in): sign in again.
    case sessionExpired(message: String)
    /// The answer could not be read.
    case unreadable
    /// No answer in time.
    case timedOut
    /// Nothing answered at the API's address.
    case unreachable

    var description: String { message.text }

    /// What the person is told: the API's own words as they come (data), else the module's.
    var message: Wording {
        switch self {
        case .refused(_, let message), .sessionExpired(let message): .verbatim(message)
        case .unreadable: "Moneybox sent an answer that could not be read. Please try again."
        case .timedOut: "Moneybox did not answer in time. Please try again."
        case .unreachable: "Moneybox could not be reached. Please check your connection and try again."
        }
    }
}

extension MoneyboxError {
    /// The error as logs show it: what happened, never the API's words or a token.
    var logged: String {
        switch self {
        case .refused(let status, _): "refused (\(status))"
        case .sessionExpired: "session expired"
        case .unreadable: "unreadable answer"
        case .timedOut: "timed out"
        case .unreachable: "unreachable"
        }
    }
}
