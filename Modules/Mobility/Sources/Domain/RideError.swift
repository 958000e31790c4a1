import AtriumSDK

/// Why a ride could not start or end, in words the rider reads.
public enum RideError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownCode
    case notHere
    case alreadyRiding
    case taken
    case notRiding

    public var description: String { message.text }

    /// What the rider is told, in words a translation replaces.
    public var message: Wording {
        switch self {
        case .unknownCode: "No vehicle has this code. Check the code on the vehicle and try again."
        case .notHere: "This operator's vehicles are rented in its own app."
        case .alreadyRiding: "You are already on a ride. End it before unlocking another vehicle."
        case .taken: "Someone else has just taken this vehicle. Try another one."
        case .notRiding: "You are not on a ride."
        }
    }
}
