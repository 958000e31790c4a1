extension SceneNode {
    /// Fields, pickers and toggles sent together to `action` (``AtriumClient/submit(_:values:toggles:)``).
    /// With `liveValidation`, the form's fields can be checked as they are typed by posting them
    /// there.
    public struct Form: Sendable, Equatable, Decodable {
        public var action: SceneTarget
        public var content: [SceneNode]
        public var liveValidation: SceneTarget?
        /// What the form was made on (the host's `ActionBasis` digest), sent back with it as
        /// `_basis` so the host can tell when that has changed since (``Outcome/changed``).
        public var basis: String?

        /// What the form sends, in order, with `values` given to fields and pickers by name and
        /// `toggles` turned on or off: each field's value, each picker's choice, each toggle's
        /// value when it is on (several toggles may share a name, such as `have[]`), and last what
        /// it was made on (`_basis`), when it says.
        public func entries(values: [String: String] = [:], toggles: [Toggle: Bool] = [:]) -> [(name: String, value: String)] {
            let inputs: [(name: String, value: String)] = allNodes.compactMap { node in
                switch node {
                case .field(let field): (field.name, values[field.name] ?? field.value)
                case .picker(let picker): (values[picker.name] ?? picker.selected).map { (picker.name, $0) }
                case .toggle(let toggle): (toggles[toggle] ?? toggle.isOn) ? (toggle.name, toggle.value) : nil
                default: nil
                }
            }
            return inputs + (basis.map { [("_basis", $0)] } ?? [])
        }

        /// The form's toggles, in order.
        public var toggles: [Toggle] {
            allNodes.compactMap { if case .toggle(let toggle) = $0 { toggle } else { nil } }
        }

        /// The names of the inputs the form has (fields, pickers and toggles).
        public var inputNames: Set<String> {
            Set(
                allNodes.compactMap { node in
                    switch node {
                    case .field(let field): field.name
                    case .picker(let picker): picker.name
                    case .toggle(let toggle): toggle.name
                    default: nil
                    }
                })
        }

        /// The form's buttons that send it (those with no action of their own).
        public var submitButtons: [Button] {
            allNodes.compactMap { node in
                if case .button(let button) = node, button.action == nil { button } else { nil }
            }
        }

        /// Every node of the form, each followed by the nodes inside it.
        private var allNodes: [SceneNode] { content.flatMap { [$0] + $0.descendants } }
    }
}
