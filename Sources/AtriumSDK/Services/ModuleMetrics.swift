/// A module's own counters on the host's `GET /metrics`: `metrics.counter("sign_in_failures")` is
/// `atrium_<module>_sign_in_failures_total`. Make each counter once, at registration; counting is
/// then an atomic add. Count events, never a user's data: a counter has no labels.
public struct ModuleMetrics: Sendable {
    let make: @Sendable (String) -> ModuleCounter

    /// The counter `atrium_<module>_<name>_total`. `name` is lower-case letters, digits and
    /// underscores, starting with a letter (a programming error otherwise).
    public func counter(_ name: String) -> ModuleCounter {
        precondition(Self.isValidName(name), "a counter's name is lower-case letters, digits and underscores, starting with a letter: '\(name)'")
        return make(name)
    }

    static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return false }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_")
        }
    }

    /// Counters that count nowhere (a module built outside a host).
    public static let none = ModuleMetrics { _ in ModuleCounter { _ in } }

    @_spi(AtriumHost)
    public init(make: @escaping @Sendable (String) -> ModuleCounter) { self.make = make }
}

/// One of a module's counters (see ``ModuleMetrics``).
public struct ModuleCounter: Sendable {
    let add: @Sendable (Int64) -> Void

    /// Adds `amount` (1 unless given).
    public func increment(by amount: Int64 = 1) { add(amount) }

    @_spi(AtriumHost)
    public init(add: @escaping @Sendable (Int64) -> Void) { self.add = add }
}
