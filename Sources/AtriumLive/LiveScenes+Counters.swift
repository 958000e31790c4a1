import Synchronization

extension LiveScenes {
    /// What the streams did, for `/metrics` and the benchmark.
    package final class Counters: Sendable {
        private let renders = Atomic<Int>(0)
        private let events = Atomic<Int>(0)
        private let bytes = Atomic<Int>(0)
        func rendered() { renders.add(1, ordering: .relaxed) }
        func wrote(_ count: Int) {
            events.add(1, ordering: .relaxed)
            bytes.add(count, ordering: .relaxed)
        }
        package var figures: (renders: Int, events: Int, bytes: Int) {
            (renders.load(ordering: .relaxed), events.load(ordering: .relaxed), bytes.load(ordering: .relaxed))
        }
    }
}
