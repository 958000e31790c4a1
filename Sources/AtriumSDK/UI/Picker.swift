/// A labelled choice of one option.
public struct Picker: Sendable, Equatable, Codable {
    /// One choice.
    public struct Option: Sendable, Equatable, Codable {
        /// What it posts.
        public var value: String
        /// What it says.
        public var label: Wording

        /// A choice posting `value`, saying `label`.
        public init(value: String, label: Wording) {
            self.value = value
            self.label = label
        }
    }

    /// The name it posts under.
    public var name: String
    /// What the label says.
    public var label: Wording
    /// The choices, in order.
    public var options: [Option]
    /// The value chosen, if any.
    public var selected: String?
    /// Shown as the first, empty choice when nothing is selected.
    public var placeholder: Wording?
    /// What is wrong with the choice; nil when nothing is.
    public var error: Wording?
    /// Whether a choice must be made (the server refuses the form without one).
    public var isRequired: Bool

    /// A choice among `options`, posting under `name`.
    public init(
        name: String,
        label: Wording,
        options: [Option],
        selected: String? = nil,
        placeholder: Wording? = nil,
        error: Wording? = nil,
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
