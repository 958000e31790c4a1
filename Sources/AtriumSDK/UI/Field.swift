/// A labelled input with its current value and an inline error.
public struct Field: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case text, email, password, number
        /// A one-time code: exactly `maxLength` digits (a numeric keypad, the browser's one-time-code
        /// autofill, and the pattern checked before the form is sent).
        case code
    }

    /// What a browser or password manager may fill the field with (HTML's `autocomplete`).
    public enum Autofill: String, Sendable, Codable, CaseIterable {
        case name
        case givenName = "given-name"
        case familyName = "family-name"
        case nickname
        case email
        case username
        case currentPassword = "current-password"
        /// A password being chosen: password managers offer to generate and save one.
        case newPassword = "new-password"
        case oneTimeCode = "one-time-code"
        case url
        case off
    }

    public var kind: Kind
    public var name: String
    public var label: String
    /// Never rendered back for password fields.
    public var value: String
    public var error: String?
    public var placeholder: String?
    public var isRequired: Bool
    public var maxLength: Int?
    /// Nil: `email` for email fields, `current-password` for password fields, nothing otherwise.
    public var autofill: Autofill?

    public init(
        _ kind: Kind = .text,
        name: String,
        label: String,
        value: String = "",
        error: String? = nil,
        placeholder: String? = nil,
        isRequired: Bool = false,
        maxLength: Int? = nil,
        autofill: Autofill? = nil
    ) {
        self.kind = kind
        self.name = name
        self.label = label
        self.value = value
        self.error = error
        self.placeholder = placeholder
        self.isRequired = isRequired
        self.maxLength = maxLength
        self.autofill = autofill
    }

    /// The autofill hint a browser gets: the one given, else the kind's usual one.
    public var effectiveAutofill: Autofill? {
        if let autofill { return autofill }
        switch kind {
        case .email: return .email
        case .password: return .currentPassword
        case .code: return .oneTimeCode
        case .text, .number: return nil
        }
    }
}
