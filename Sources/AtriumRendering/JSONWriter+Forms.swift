import AtriumSDK
import Foundation

extension JSONWriter {
    mutating func write(_ form: Form) {
        key("action", first: true)
        target(form.action)
        if let basis = form.basis {
            key("basis")
            string(basis.digest)
        }
        key("content")
        nodes(form.content)
        if let live = form.liveValidation {
            key("liveValidation")
            target(live)
        }
    }

    mutating func write(_ field: Field) {
        var first = true
        if let autofill = field.autofill {
            key("autofill", first: true)
            word(autofill)
            first = false
        }
        if let error = field.error {
            key("error", first: first)
            string(error)
            first = false
        }
        key("isRequired", first: first)
        bool(field.isRequired)
        key("kind")
        word(field.kind)
        key("label")
        string(field.label)
        if let maxLength = field.maxLength {
            key("maxLength")
            number(maxLength)
        }
        key("name")
        string(field.name)
        if let placeholder = field.placeholder {
            key("placeholder")
            string(placeholder)
        }
    }

    mutating func write(_ picker: Picker) {
        var first = true
        if let error = picker.error {
            key("error", first: true)
            string(error)
            first = false
        }
        key("isRequired", first: first)
        bool(picker.isRequired)
        key("label")
        string(picker.label)
        key("name")
        string(picker.name)
        key("options")
        raw("[")
        for (index, option) in picker.options.enumerated() {
            if index > 0 { raw(",") }
            raw("{\"label\":")
            string(option.label)
            raw(",\"value\":")
            string(option.value)
            raw("}")
        }
        raw("]")
        if let placeholder = picker.placeholder {
            key("placeholder")
            string(placeholder)
        }
        if let selected = picker.selected {
            key("selected")
            string(selected)
        }
    }

    mutating func write(_ toggle: Toggle) {
        key("isOn", first: true)
        bool(toggle.isOn)
        key("label")
        string(toggle.label)
        key("name")
        string(toggle.name)
    }

    mutating func write(_ button: Button) {
        var first = true
        if let label = button.accessibilityLabel {
            key("accessibilityLabel", first: true)
            string(label)
            first = false
        }
        if let action = button.action {
            key("action", first: first)
            target(action)
            first = false
        }
        if let basis = button.basis, button.action != nil {
            key("basis", first: first)
            string(basis.digest)
            first = false
        }
        if let busy = button.busyTitle {
            key("busyTitle", first: first)
            string(busy)
            first = false
        }
        key("isEnabled", first: first)
        bool(button.isEnabled)
        key("style")
        word(button.style)
        key("title")
        string(button.title)
    }
}
