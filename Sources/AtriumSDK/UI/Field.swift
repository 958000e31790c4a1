/// A labelled input with its current value and an inline error.
public struct Field: Sendable, Equatable, Codable {
    /// What the field takes, which sets its keyboard, its check and how it is shown.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// Any text.
        case text
        /// An email address.
        case email
        /// A password: never shown, never written back.
        case password
        /// A number.
        case number
        /// A one-time code: exactly `maxLength` digits (a numeric keypad, the browser's one-time-code
        /// autofill, and the pattern checked before the form is sent).
        case code
    }

    /// What a browser or password manager may fill the field with (HTML's `autocomplete`).
    public enum Autofill: String, Sendable, Codable, CaseIterable {
        /// A person's full name.
        case name
        /// A given name.
        case givenName = "given-name"
        /// A family name.
        case familyName = "family-name"
        /// A nickname.
        case nickname
        /// An email address.
        case email
        /// A user name.
        case username
        /// The password of an existing account.
        case currentPassword = "current-password"
        /// A password being chosen: password managers offer to generate and save one.
        case newPassword = "new-password"
        /// A one-time code received by message.
        case oneTimeCode = "one-time-code"
        /// A web address.
        case url
        /// Nothing: the browser does not fill it.
        case off
    }

    /// What it takes.
    public var kind: Kind
    /// The name it posts under.
    public var name: String
    /// What the label says.
    public var label: Wording
    /// Never rendered back for password fields.
    public var value: String
    /// What is wrong with the value, shown beside it; nil when nothing is.
    public var error: Wording?
    /// A hint shown while the field is empty.
    public var placeholder: Wording?
    /// Whether the form needs it (the server checks it too).
    public var isRequired: Bool
    /// The most characters it takes; for a code, exactly this many digits.
    public var maxLength: Int?
    /// Nil: `email` for email fields, `current-password` for password fields, nothing otherwise.
    public var autofill: Autofill?

    /// A field of `kind` posting `name`, labelled `label`.
    public init(
        _ kind: Kind = .text,
        name: String,
        label: Wording,
        value: String = "",
        error: Wording? = nil,
        placeholder: Wording? = nil,
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
