/// A pilot license and the aircraft it allows. Two licenses are the same license when their type is
/// the same.
public struct PilotLicense: Sendable, Hashable {
    public var type: String
    public var aircrafts: [String]

    public init(type: String, aircrafts: [String]) {
        self.type = type
        self.aircrafts = aircrafts
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.type == rhs.type }
    public func hash(into hasher: inout Hasher) { hasher.combine(type) }
}
