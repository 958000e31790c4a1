/// Told of every sign-in refused (a wrong email or password, or an email locked out) and of every
/// email locked, for the host's metrics.
public struct SignInCounters: Sendable {
    public var failure: @Sendable () -> Void
    public var lockout: @Sendable () -> Void

    public init(failure: @escaping @Sendable () -> Void = {}, lockout: @escaping @Sendable () -> Void = {}) {
        self.failure = failure
        self.lockout = lockout
    }
}
