import AtriumSDK
import AtriumTestKit
import Foundation
import Synchronization
import Testing

/// One load at a time for everyone, never more often than the floor, failures remembered as long.
@Suite("Shared loads")
struct SharedLoadTests {
    final class Counter: Sendable {
        let value = Mutex(0)
        func next() -> Int {
            value.withLock {
                $0 += 1; return $0
            }
        }
        var count: Int { value.withLock { $0 } }
    }

    struct Down: Error {}

    @Test func callersArrivingTogetherShareOneLoad() async throws {
        let clock = TestClock()
        let load = SharedLoad<Int>(clock: clock)
        let loads = Counter()
        let answers = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    try await load.value {
                        try await Task.sleep(for: .milliseconds(200))
                        return (loads.next(), clock.now.addingTimeInterval(60))
                    }
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(loads.count == 1)
        #expect(Set(answers) == [1])
    }

    @Test func aValueFreshForNoTimeIsStillKeptForTheFloor() async throws {
        let clock = TestClock()
        let load = SharedLoad<Int>(minimumInterval: .seconds(5), clock: clock)
        let loads = Counter()
        let fetch: @Sendable () async throws -> (value: Int, freshUntil: Date) = { (loads.next(), clock.now) }
        #expect(try await load.value(fetch) == 1)
        clock.advance(seconds: 4)
        #expect(try await load.value(fetch) == 1)
        clock.advance(seconds: 2)
        #expect(try await load.value(fetch) == 2)
        load.expire()
        #expect(try await load.value(fetch) == 2, "expired within the floor: kept")
        load.invalidate()
        #expect(try await load.value(fetch) == 3, "invalidated: loaded at once")
    }

    @Test func aFailureIsGivenAgainWithinTheFloor() async throws {
        let clock = TestClock()
        let load = SharedLoad<Int>(clock: clock)
        let loads = Counter()
        for _ in 0..<3 {
            await #expect(throws: Down.self) {
                try await load.value {
                    _ = loads.next()
                    throw Down()
                }
            }
        }
        #expect(loads.count == 1)
    }

    @Test func aCallerThatGivesUpDoesNotCancelTheLoadForOthers() async throws {
        let clock = TestClock()
        let load = SharedLoad<Int>(clock: clock)
        let fetch: @Sendable () async throws -> (value: Int, freshUntil: Date) = {
            try await Task.sleep(for: .milliseconds(300))
            return (7, clock.now.addingTimeInterval(60))
        }
        let impatient = Task { try await load.value(fetch) }
        try await Task.sleep(for: .milliseconds(50))
        impatient.cancel()
        #expect(try await load.value(fetch) == 7)
    }
}
