/// A capability's value as a module provided it, kept with its type: reading it back is a check of
/// this class's type, where `as? Value` on the value itself made the runtime look up the value's
/// conformance to a protocol (`any CurrentUserProvider`), by scanning every conformance record the
/// first time — a third of a millisecond of every start — and in a cache on every scene's ask after.
final class ProvidedCapability<Value: Sendable>: Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }
}
