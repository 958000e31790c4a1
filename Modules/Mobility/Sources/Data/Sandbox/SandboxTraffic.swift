import AtriumSDK
import Foundation
import Logging
import Synchronization

/// The sandbox city's simulated riders (`mobility.sandbox.riders`): at each step one of them, chosen
/// by a seeded generator, returns the vehicle it holds or takes a free one, so the map's vehicles
/// and the stations' availability change over time — the same way on every run with the same seed.
/// Started by the first request for the sandbox feed (the city is being looked at), stopped at
/// shutdown.
final class SandboxTraffic: Sendable {
    let locks: SandboxLocks
    let city: @Sendable () async throws -> SandboxCity
    let riders: Int
    let interval: Duration
    let logger: Logger
    private struct State {
        var generator: SeededGenerator
        /// Which vehicle each simulated rider holds.
        var holding: [Int: String] = [:]
        var running: Task<Void, Never>?
    }
    private let state: Mutex<State>

    init(
        locks: SandboxLocks, riders: Int, seed: Int, interval: Duration, logger: Logger, city: @escaping @Sendable () async throws -> SandboxCity
    ) {
        self.locks = locks
        self.city = city
        self.riders = riders
        self.interval = interval
        self.logger = logger
        state = Mutex(State(generator: SeededGenerator(seed: UInt64(truncatingIfNeeded: seed))))
    }

    /// One rider's move: the vehicle it returned or took, or nil when it found none free.
    @discardableResult
    func step() async throws -> (vehicleID: String, taken: Bool)? {
        guard riders > 0 else { return nil }
        let city = try await city()
        let (rider, held, candidate) = state.withLock { state -> (Int, String?, String) in
            let rider = state.generator.below(riders)
            let candidate = city.vehicles[state.generator.below(city.vehicles.count)].id
            return (rider, state.holding[rider], candidate)
        }
        if let held {
            try await locks.release(held)
            _ = state.withLock { $0.holding.removeValue(forKey: rider) }
            return (held, false)
        }
        guard try await locks.reserve(candidate, for: Self.riderPrefix + String(rider)) else { return nil }
        state.withLock { $0.holding[rider] = candidate }
        return (candidate, true)
    }

    /// Whose reservations are the simulated riders'.
    static let riderPrefix = "sandbox-rider-"

    /// Gives back the vehicles simulated riders held when a host stopped without giving them back
    /// (killed): otherwise each crash would take some of the city's vehicles for good.
    func releaseLeftovers() async throws {
        for reservation in try await locks.records.records(SandboxReservation.self, in: SandboxLocks.collection)
        where reservation.userID.hasPrefix(Self.riderPrefix) {
            try await locks.release(reservation.vehicleID)
        }
    }

    /// Starts the moves, once.
    func start() {
        guard riders > 0 else { return }
        state.withLock { state in
            guard state.running == nil else { return }
            state.running = Task { [interval, logger] in
                do {
                    try await self.releaseLeftovers()
                } catch {
                    logger.notice("vehicles simulated riders left could not be given back", metadata: ["error": "\(error)"])
                }
                while !Task.isCancelled {
                    do {
                        try await Task.sleep(for: interval)
                        try await self.step()
                    } catch is CancellationError {
                        return
                    } catch {
                        logger.notice("a simulated rider could not move", metadata: ["error": "\(error)"])
                    }
                }
            }
        }
    }

    /// Stops the moves and gives back what the simulated riders hold.
    func stop() async {
        let (running, held) = state.withLock { state in
            defer {
                state.running = nil
                state.holding = [:]
            }
            return (state.running, Array(state.holding.values))
        }
        running?.cancel()
        for vehicle in held { try? await locks.release(vehicle) }
    }
}
