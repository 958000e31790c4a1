import HTTPTypes

extension HTTPFields {
    /// The value of the field `name`, as `self[name]` gives it, without a new string in the common
    /// case of one field (`self[name]` joins even one; for `Accept` that was 1 % of a page).
    func value(of name: HTTPField.Name) -> String? {
        var found: String?
        for field in self where field.name == name {
            guard found == nil else { return self[name] }
            found = field.value
        }
        return found
    }
}
