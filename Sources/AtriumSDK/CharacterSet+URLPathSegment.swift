import Foundation

extension CharacterSet {
    /// Characters that may stand unescaped inside one path segment (no `/`).
    static let urlPathSegmentAllowed: CharacterSet = {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("/")
        return allowed
    }()
}
