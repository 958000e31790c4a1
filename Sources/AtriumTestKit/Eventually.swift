/// Whether `condition` holds now or within `timeout`, asked again every few milliseconds: for what
/// another host or a background task makes true soon but not at once (a change reaching another
/// host through the change feed, an event delivered). The timeout is generous so a machine busy
/// with every other suite does not fail the test; the benchmark, not this, measures the delay.
///
/// ```swift
/// #expect(try await eventually { try await hostB.storage.records(…).record(Int.self, id: "n", in: "c") == 2 })
/// ```
public func eventually(within timeout: Duration = .seconds(20), _ condition: () async throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try await Task.sleep(for: .milliseconds(5))
    }
    return try await condition()
}
