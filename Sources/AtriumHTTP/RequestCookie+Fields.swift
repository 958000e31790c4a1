import AtriumPages
import HTTPTypes

extension RequestCookie {
    /// The value of the cookie `name` among `fields`' `Cookie` fields (for the host's own middleware).
    static func value(named name: String, in fields: HTTPFields) -> String? {
        for field in fields where field.name == .cookie {
            if let value = value(named: name, inHeader: field.value) { return value }
        }
        return nil
    }
}
