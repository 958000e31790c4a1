import AtriumSDK
import Foundation

extension HTMLWriter {
    mutating func write(_ form: Form) {
        raw("<form class=\"form\" method=\"post\"")
        attribute("action", Self.path(form.action) ?? "")
        if let validate = Self.path(form.liveValidation) { attribute("data-validate", validate) }
        // A form with a code field: the script keeps submit disabled until the code is complete.
        let hasCode = Self.hasCodeField(form.content)
        if hasCode { raw(" data-complete") }
        raw(" novalidate>")
        tokenInput()
        if let basis = form.basis {
            raw("<input type=\"hidden\" name=\"_basis\"")
            attribute("value", basis.digest)
            raw(">")
        }
        let wasLive = insideLiveForm
        let wasComplete = insideCompleteForm
        insideLiveForm = form.liveValidation != nil
        insideCompleteForm = hasCode
        for child in form.content { self.node(child) }
        insideLiveForm = wasLive
        insideCompleteForm = wasComplete
        raw("</form>")
    }

    mutating func write(_ field: Field) {
        let id = nextID("field-\(field.name)")
        let error = Self.nonEmpty(field.error)
        raw(error == nil ? "<div class=\"field\"><label" : "<div class=\"field field-invalid\"><label")
        attribute("for", id)
        raw(">")
        text(field.label)
        raw("</label><input")
        attribute("id", id)
        attribute("name", field.name)
        switch field.kind {
        case .code: raw(" type=\"text\"")
        case .text, .email, .password, .number:
            raw(" type=\"")
            raw(field.kind)
            raw("\"")
        }
        if field.kind != .password, let value = Self.nonEmpty(field.value) { attribute("value", value) }
        if let placeholder = Self.nonEmpty(field.placeholder) { attribute("placeholder", placeholder) }
        if field.isRequired { raw(" required") }
        if let maxLength = field.maxLength {
            raw(" maxlength=\"")
            number(maxLength)
            raw("\"")
        }
        if let autofill = field.effectiveAutofill { attribute("autocomplete", autofill.rawValue) }
        if field.kind == .number || field.kind == .code { raw(" inputmode=\"numeric\"") }
        if field.kind == .code, let length = field.maxLength {
            raw(" pattern=\"[0-9]{")
            number(length)
            raw("}\" minlength=\"")
            number(length)
            raw("\"")
        }
        attribute("aria-describedby", id + "-error")
        if error != nil { raw(" aria-invalid=\"true\"") }
        raw("><p class=\"field-error\"")
        attribute("id", id + "-error")
        raw(" aria-live=\"polite\">")
        if let error { text(error) }
        raw("</p></div>")
    }

    mutating func write(_ picker: Picker) {
        let id = nextID("picker-\(picker.name)")
        let error = Self.nonEmpty(picker.error)
        raw(error == nil ? "<div class=\"field\"><label" : "<div class=\"field field-invalid\"><label")
        attribute("for", id)
        raw(">")
        text(picker.label)
        raw("</label><select")
        attribute("id", id)
        attribute("name", picker.name)
        if picker.isRequired { raw(" required") }
        attribute("aria-describedby", id + "-error")
        if error != nil { raw(" aria-invalid=\"true\"") }
        raw(">")
        if let placeholder = Self.nonEmpty(picker.placeholder) {
            raw("<option value=\"\">")
            text(placeholder)
            raw("</option>")
        }
        for option in picker.options {
            raw("<option")
            attribute("value", option.value)
            if option.value == picker.selected { raw(" selected") }
            raw(">")
            text(option.label)
            raw("</option>")
        }
        raw("</select><p class=\"field-error\"")
        attribute("id", id + "-error")
        raw(" aria-live=\"polite\">")
        if let error { text(error) }
        raw("</p></div>")
    }

    mutating func write(_ toggle: Toggle) {
        let id = nextID("toggle-\(toggle.name)")
        raw("<div class=\"toggle\"><input")
        attribute("id", id)
        raw(" type=\"checkbox\" role=\"switch\"")
        attribute("name", toggle.name)
        attribute("value", toggle.value)
        if toggle.isOn { raw(" checked") }
        raw("><label")
        attribute("for", id)
        raw(">")
        text(toggle.label)
        raw("</label></div>")
    }

    mutating func write(_ button: Button) {
        // In a live-validated form the script enables and disables submit buttons; the page
        // leaves them enabled so the form still submits with JavaScript off.
        let governedByScript = insideLiveForm && button.action == nil
        let action = Self.path(button.action)
        // A button that posts on its own sends the page's actions form to its own target. It
        // keeps a block of its own, as a form of its own would give it.
        if action != nil {
            hasActionButtons = true
            raw("<div class=\"button-form\">")
        }
        raw("<button type=\"submit\" class=\"button button-")
        raw(button.style)
        raw("\"")
        if let action {
            raw(" form=\"")
            raw(Self.actionsFormID)
            raw("\"")
            attribute("formaction", action)
            // What the action was made on goes with it: the button is the form's submitter.
            if let basis = button.basis {
                raw(" name=\"_basis\"")
                attribute("value", basis.digest)
            }
        }
        if let label = Self.nonEmpty(button.accessibilityLabel) { attribute("aria-label", label) }
        if !button.isEnabled && !governedByScript { raw(" disabled") }
        if governedByScript { raw(" data-requires-valid") }
        if insideCompleteForm && button.action == nil { raw(" data-requires-complete") }
        if let busy = Self.nonEmpty(button.busyTitle) { attribute("data-busy-title", busy) }
        raw(">")
        text(button.title)
        raw("</button>")
        if action != nil { raw("</div>") }
    }
}
