/// A state's page name of any type, hashable and comparable with any other. `AnyHashable` would do,
/// but making one asks whether the value has a custom `AnyHashable` representation: a search of the
/// runtime's conformance cache on every page. Comparing here casts the other name to this one's
/// type, a check of one type against another.
struct PageName: Hashable, Sendable {
    let value: any Hashable & Sendable

    init(_ value: any Hashable & Sendable) { self.value = value }

    static func == (lhs: PageName, rhs: PageName) -> Bool {
        func equals<Value: Hashable & Sendable>(_ value: Value) -> Bool { (rhs.value as? Value) == value }
        return equals(lhs.value)
    }

    func hash(into hasher: inout Hasher) {
        value.hash(into: &hasher)
    }
}
