/// One rider's rides: the one in progress, if any (one at a time), and the finished ones.
public struct RiderRides: Sendable, Codable, Equatable {
    public var active: Ride?
    public var finished: [RideRecord] = []

    public init(active: Ride? = nil, finished: [RideRecord] = []) {
        self.active = active
        self.finished = finished
    }
}
