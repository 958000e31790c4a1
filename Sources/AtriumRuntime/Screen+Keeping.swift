@_spi(AtriumHost) import AtriumSDK

extension Screen {
    /// This screen with `values` in its fields, pickers and toggles of those names. Passwords stay
    /// empty (a browser does not refill them either), a picker keeps its choice when the value is
    /// not among its options, and a toggle not sent keeps its state (an unticked box sends nothing).
    package func keeping(_ values: [String: String]) -> Screen {
        guard !values.isEmpty else { return self }
        var screen = self
        screen.content = content.map { Self.keeping(values, in: $0) }
        return screen
    }

    private static func keeping(_ values: [String: String], in node: UINode) -> UINode {
        switch node {
        case .field(var field):
            guard field.kind != .password, let value = values[field.name] else { return node }
            field.value = value
            return .field(field)
        case .picker(var picker):
            guard let value = values[picker.name], picker.options.contains(where: { $0.value == value }) else { return node }
            picker.selected = value
            return .picker(picker)
        case .toggle(var toggle):
            guard values[toggle.name] == toggle.value else { return node }
            toggle.isOn = true
            return .toggle(toggle)
        default:
            return node.replacingChildren { $0.map { keeping(values, in: $0) } }
        }
    }
}
