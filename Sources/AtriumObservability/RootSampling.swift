import Synchronization

/// The sampler's decision for a trace's first span, made by the host before the tracer is asked:
/// with a parent-based ratio sampler (`parentbased_traceidratio`, and the always-off ones), a span
/// with no parent is made with the sampler's chance, and a request left out makes no span at all
/// (its steps see it is left out and make none either). Asking the tracer instead would cost every
/// request left out a span's ids (three `getrandom` calls), a sampling decision and a context
/// bound per step — at 1 % that was a third of a small page.
///
/// The decision does not use the trace id (no span is made to have one): a trace left out here
/// tells the services it calls so with a `traceparent` whose sampled flag is off, which a
/// parent-based sampler downstream follows. A continued parent's decision (a trusted proxy's
/// `traceparent`) is the tracer's, as before.
package struct RootSampling: Sendable {
    /// The chance a span with no parent is made, from 0 to 1.
    package let ratio: Double
    private let bound: UInt64

    package init(ratio: Double) {
        self.ratio = min(max(ratio, 0), 1)
        bound = self.ratio >= 1 ? .max : UInt64(self.ratio * Double(UInt64.max))
    }

    /// Whether the next span with no parent is made.
    func keepsNext() -> Bool {
        switch bound {
        case .max: true
        case 0: false
        default: Self.next() < bound
        }
    }

    /// SplitMix64 over a shared counter: uniform enough to sample by, lock-free, and no system call.
    private static let state = Atomic<UInt64>(UInt64.random(in: .min ... .max))

    private static func next() -> UInt64 {
        var value = state.wrappingAdd(0x9E37_79B9_7F4A_7C15, ordering: .relaxed).newValue
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
