/// A labelled choice of one option.
public struct Picker: Sendable, Equatable, Codable {
    public struct Option: Sendable, Equatable, Codable {
        public var value: String
        public var label: String

        public init(value: String, label: String) {
            self.value = value
            self.label = label
        }
    }

    public var name: String
    public var label: String
    public var options: [Option]
    public var selected: String?
    /// Shown as the first, empty choice when nothing is selected.
    public var placeholder: String?
    public var error: String?
    /// Whether a choice must be made (the server refuses the form without one).
    public var isRequired: Bool

    public init(
        name: String,
        label: String,
        options: [Option],
        selected: String? = nil,
        placeholder: String? = nil,
        error: String? = nil,
        isRequired: Bool = false
    ) {
        self.name = name
        self.label = label
        self.options = options
        self.selected = selected
        self.placeholder = placeholder
        self.error = error
        self.isRequired = isRequired
    }
}
