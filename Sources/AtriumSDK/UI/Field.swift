/// A labelled input with its current value and an inline error.
public struct Field: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable { case text, email, password, number }

    public var kind: Kind
    public var name: String
    public var label: String
    /// Never rendered back for password fields.
    public var value: String
    public var error: String?
    public var placeholder: String?
    public var isRequired: Bool
    public var maxLength: Int?

    public init(
        _ kind: Kind = .text,
        name: String,
        label: String,
        value: String = "",
        error: String? = nil,
        placeholder: String? = nil,
        isRequired: Bool = false,
        maxLength: Int? = nil
    ) {
        self.kind = kind
        self.name = name
        self.label = label
        self.value = value
        self.error = error
        self.placeholder = placeholder
        self.isRequired = isRequired
        self.maxLength = maxLength
    }
}
