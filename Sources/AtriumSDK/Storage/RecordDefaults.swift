/// A record type that gained fields: what a record written before them reads as. Synthesized
/// `Codable` ignores a property's default value, so a record an older version wrote, without the
/// field, would not decode; with `RecordDefaults`, the fields it lacks are taken from ``defaults``
/// (nested objects' too) and it decodes. A record that has every field costs nothing more.
///
/// ```swift
/// struct Account: Codable, Sendable, RecordDefaults {
///     var name: String
///     var theme: String  // added in 1.1
///     static let defaults = Account(name: "", theme: "light")
/// }
/// ```
///
/// A new optional field needs nothing: a record without it reads as nil. For an array of objects
/// whose elements gained a field, give the defaults' array one element: its fields fill what each
/// stored element lacks (`static let defaults = Basket(items: [Item(name: "", quantity: 1)])`).
public protocol RecordDefaults: Encodable {
    /// A record whose every field is its default.
    static var defaults: Self { get }
}
